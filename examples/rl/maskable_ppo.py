"""A deep-RL baseline: sb3-contrib's MaskablePPO on plyground's Gymnasium environments
(docs/rl.md), trained, measured as it learns, then entered as a plyground bot.

    pip install 'plyground[rl,baselines]'
    python examples/rl/maskable_ppo.py train 2048 --steps 300000 --out runs/ppo-2048
    python examples/rl/maskable_ppo.py train adjacency --steps 200000 --out runs/ppo-adjacency
    python examples/rl/maskable_ppo.py curve runs/ppo-2048 docs/images/rl-ppo-2048.png

``train`` learns on ``plyground/2048-v0`` or on ``plyground/adjacency-v0`` (6x6,
4 rounds, against ``greedy``, the learner's colour alternating; ``adjacency-self``:
against random play at first, then against a snapshot of itself, renewed at every
measure, through the environment's ``set_opponent``), with the
legal actions as the environment's ``action_masks()``. Every ``--every``
steps it saves the model (``model.zip``, so a stop loses nothing and
``--resume`` goes on) and measures it on seeds it never trains on (2048: the
mean score of ``--games`` games; adjacency: the score against ``greedy`` over
``--games`` games with paired colours), a line of ``curve.csv``. The
policy is then a plyground bot, :class:`MaskablePolicy`::

    plyground match --game "adjacency(size=6,rounds=4)" --games 100 --seed 1 \\
        "examples/rl/maskable_ppo.py:MaskablePolicy:model=runs/ppo-adjacency/model.zip" greedy

and ``plyground.rl.evaluate`` measures it against the project's bots with paired
openings and Elo intervals (``evaluate`` below).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

from plyground.bots.base import Decision
from plyground.core import Setting, SettingsError
from plyground.core.game import State
from plyground.core.limits import Limit
from plyground.rl.policy_bot import PolicyBot

TASKS: dict[str, dict[str, Any]] = {
    "2048": {"id": "plyground/2048-v0", "kwargs": {}, "game": "2048"},
    "adjacency": {
        "id": "plyground/adjacency-v0",
        "kwargs": {"size": 6, "rounds": 4, "opponent": "greedy"},
        "game": "adjacency(size=6,rounds=4)",
    },
    "adjacency-self": {
        "id": "plyground/adjacency-v0",
        "kwargs": {"size": 6, "rounds": 4, "opponent": "random"},
        "game": "adjacency(size=6,rounds=4)",
        "self_play": True,
    },
}
"""What each baseline learns on: the registered id, its options, and the game's spec."""

HELD_OUT = 1_000_000
"""Measuring seeds start here; training seeds are below it."""


class Scaled(gymnasium.ObservationWrapper[Any, Any, Any]):
    """Observations divided by their bound (2048's exponents to 0..1): what a network
    learns from best, the same scaling the bot applies."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        high = float(env.observation_space.high.max())  # type: ignore[attr-defined]
        self.scale = 1.0 / high
        shape = env.observation_space.shape
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, shape, dtype=np.float32)

    def observation(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return observation * np.float32(self.scale)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.env.get_wrapper_attr("action_masks")()  # type: ignore[no-any-return]


def make_env(task: str, seed: int | None = None) -> gymnasium.Env[Any, Any]:
    spec = TASKS[task]
    env = Scaled(gymnasium.make(spec["id"], **spec["kwargs"]))
    if seed is not None:
        env.reset(seed=seed)
    return env


class Snapshot:
    """A saved model as the opponent's policy (self-play): it samples its action, so the
    games it plays vary."""

    def __init__(self, path: Path) -> None:
        self.model = MaskablePPO.load(path, device="cpu")

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        action, _ = self.model.predict(observation, action_masks=mask.astype(bool))
        return int(action)


def measure(model: MaskablePPO, task: str, games: int) -> float:
    """The mean return of ``games`` games on held-out seeds, the policy acting greedily
    (2048: the score; adjacency: the margin against ``greedy``, colours alternating)."""
    env = make_env("2048" if task == "2048" else "adjacency")
    total = 0.0
    for index in range(games):
        observation, _ = env.reset(seed=HELD_OUT + index // 2 * 2)
        if index % 2:  # the pair's second game: the same seed, the other colour
            observation, _ = env.reset()
        done = False
        while not done:
            masks = env.get_wrapper_attr("action_masks")()
            action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
    return total / games


class Curve(BaseCallback):
    """Every ``every`` steps: save the model, measure it, append a line to curve.csv."""

    def __init__(self, task: str, out: Path, every: int, games: int) -> None:
        super().__init__()
        self.task, self.out, self.every, self.games = task, out, every, games
        self.next = every
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            self.model.save(self.out / "model.zip")
            if TASKS[self.task].get("self_play"):  # the next games against this snapshot
                snapshot = Snapshot(self.out / "model.zip")
                self.training_env.env_method("set_opponent", snapshot)
            value = measure(self.model, self.task, self.games)  # type: ignore[arg-type]
            seconds = time.perf_counter() - self.start
            with (self.out / "curve.csv").open("a", newline="") as file:
                csv.writer(file).writerow([self.num_timesteps, f"{value:.2f}", f"{seconds:.0f}"])
            print(f"{self.num_timesteps:>9} steps  {value:10.2f}  ({seconds:.0f} s)", flush=True)
        return True


def train(  # noqa: PLR0917 - the command line's options, in order
    task: str, steps: int, out: Path, every: int, games: int, seed: int, resume: bool
) -> None:
    torch.set_num_threads(1)  # the machine is shared: one core
    out.mkdir(parents=True, exist_ok=True)
    envs = make_vec_env(lambda: make_env(task), n_envs=4, seed=seed)
    if resume and (out / "model.zip").exists():
        model = MaskablePPO.load(out / "model.zip", env=envs)
        done = model.num_timesteps
    else:
        model = MaskablePPO("MlpPolicy", envs, seed=seed, verbose=0, n_steps=512, batch_size=256)
        (out / "curve.csv").write_text("steps,value,seconds\n")
        done = 0
    curve = Curve(task, out, every, games)
    curve.next = done + every
    model.learn(steps - done, callback=curve, reset_num_timesteps=not resume)
    model.save(out / "model.zip")


def plot(run: Path, image: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader((run / "curve.csv").open()))
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot([int(r["steps"]) for r in rows], [float(r["value"]) for r in rows], marker=".")
    axes.set_xlabel("environment steps")
    axes.set_ylabel("mean score" if "2048" in run.name else "mean margin vs greedy")
    axes.set_title(f"MaskablePPO on {run.name} (held-out seeds)")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(image, dpi=100)


class MaskablePolicy(PolicyBot):
    """A trained MaskablePPO model as a plyground bot: ``model=FILE.zip``."""

    NAME = "maskable-ppo"
    DESCRIPTION = "a MaskablePPO policy trained by examples/rl/maskable_ppo.py"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting("model", str, None, "the model file (model.zip)"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        path = self.settings["model"]
        if path is None or not Path(path).exists():
            raise SettingsError(
                f"maskable-ppo needs model=FILE.zip (written by train), got {path!r}"
            )
        torch.set_num_threads(1)
        self.model = MaskablePPO.load(path, device="cpu")
        self.high = 1.0

    def choose(self, state: State, limit: Limit | None = None, on_info: Any = None) -> Decision:
        self.high = self.encoding(state.game).high  # as Scaled divides in training
        return super().choose(state, limit, on_info)

    def act(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        scaled = observation / np.float32(self.high)
        action, _ = self.model.predict(scaled, action_masks=mask.astype(bool), deterministic=True)
        return int(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    learn = commands.add_parser("train", help="train (or --resume) and write the curve")
    learn.add_argument("task", choices=list(TASKS))
    learn.add_argument("--steps", type=int, default=200_000)
    learn.add_argument("--every", type=int, default=20_000, help="steps between measures")
    learn.add_argument("--games", type=int, default=20, help="games per measure")
    learn.add_argument("--seed", type=int, default=0)
    learn.add_argument("--out", type=Path, required=True)
    learn.add_argument("--resume", action="store_true")
    draw = commands.add_parser("curve", help="plot a run's curve.csv")
    draw.add_argument("run", type=Path)
    draw.add_argument("image", type=Path)
    args = parser.parse_args()
    if args.command == "train":
        train(args.task, args.steps, args.out, args.every, args.games, args.seed, args.resume)
    else:
        plot(args.run, args.image)


if __name__ == "__main__":
    main()
