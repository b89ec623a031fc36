"""A one-player plyground game (2048, N-Queens) as a Gymnasium ``Env`` (docs/rl.md).

A thin adapter, like :mod:`plyground.rl.aec`: every step is ``State.play`` of
the move the action numbers, then the chance outcomes due (2048's spawns),
drawn by the generator Gymnasium seeds in ``reset``, so a seed reproduces a
game's spawns exactly. The reward is the change of the game's return (2048's
score gained, N-Queens' 1 for the solution); an episode terminates when the
state is terminal. The legal actions are ``info["action_mask"]``; an illegal
one (a direction that moves nothing, an attacked row) changes nothing, earns
nothing and says why in ``info["illegal"]``.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from plyground.core.encoding import Encoding, encoding_of
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, State
from plyground.games import load_game
from plyground.rl.chance import settle

__all__ = ["ENV_IDS", "SoloEnv", "gym_env", "register_envs"]

ENV_IDS = {"plyground/2048-v0": "2048", "plyground/queens-v0": "queens(size=8)"}
"""The registered ids and the game each makes (``gymnasium.make(id, game=...)`` picks
other settings, e.g. ``game="queens(size=12)"``)."""

Observation = npt.NDArray[np.float32]


class SoloEnv(gymnasium.Env[Observation, Any]):
    """A one-player game; ``game`` is its spec (``"2048"``, ``"queens(size=8)"``)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(self, game: str | Game = "2048", render_mode: str | None = None) -> None:
        rules = load_game(game)
        if rules.capabilities.players != 1:
            raise SettingsError(
                f"game {rules.spec!r} has {rules.capabilities.players} players: "
                "use plyground.rl.aec_env for it"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise SettingsError(f"render mode {render_mode!r} is not one of human, ansi")
        self.game = rules
        self.render_mode = render_mode
        self.encoding: Encoding = encoding_of(rules)
        enc = self.encoding
        self.observation_space = spaces.Box(enc.low, enc.high, shape=enc.shape, dtype=np.float32)
        self.action_space = spaces.Discrete(enc.actions)
        self.state_now: State = rules.initial_state()
        self._over = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.state_now = settle(self.game.initial_state(), self.np_random)
        self._over = self.state_now.is_terminal()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise IllegalMoveError("the episode is over: call reset() before another step")
        move = self.encoding.move(self.encoding.check_action(action))
        before = self.state_now
        try:
            after = before.play(move)
        except IllegalMoveError as error:
            return self._observation(), 0.0, False, False, {**self._info(), "illegal": str(error)}
        self.state_now = settle(after, self.np_random)
        reward = self.state_now.returns()[0] - before.returns()[0]
        self._over = self.state_now.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._over, False, self._info()

    def _observation(self) -> Observation:
        return self.encoding.observe(self.state_now, 0)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoding.mask(self.state_now)}

    def render(self) -> str | None:
        text = self.state_now.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def gym_env(spec: str | Game, render_mode: str | None = None) -> SoloEnv:
    """The one-player game ``spec`` (``"2048"``, ``"queens(size=8)"``) as a Gymnasium Env."""
    return SoloEnv(spec, render_mode=render_mode)


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (once; ``import plyground.rl`` does it)."""
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SoloEnv", kwargs={"game": game})
