"""A tabular Q-learner of our own, in plain NumPy, trained on tic-tac-toe through the
PettingZoo environment, then entered as a plyground bot (docs/rl.md).

It plays both sides against itself and learns, for the player to move, a table
of action values: an observation (the mover's marks, the opponent's) is a row,
its nine actions the columns. Tic-tac-toe pays only at the end and the players
alternate, so a move's value is learned negamax-style: its reward when it ended
the game, else minus the best value the opponent then has. The learner keeps
every move it has seen (Dyna-Q) and, after each game, sweeps them all, so the
end of a game reaches its first move at once. It keeps two tables, bounds on
each value: ``upper`` counts a move never tried as a win, ``lower`` as a loss.
It trains optimistically (each side plays its best upper bound, so it tries
what might be better) and plays safely (its best lower bound): once a lower
bound is 0, that move is proved to draw at worst against any play. It learns
only from what the environment shows (observation, mask, reward): no rule of
the game is written here.

    python examples/rl/tabular_tictactoe.py --plot docs/images/rl-tictactoe-learning.png

trains, prints and plots the learning curve (games lost to random play and to
the ``perfect`` bot as training goes), saves the tables (``--table``) and plays
the learned policy as a plyground bot against ``random`` and ``perfect``
through the arena.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from plyground import load_game, make_bot
from plyground.arena import BotPlayer, play_match
from plyground.bots import TIME_SETTING
from plyground.core import Setting, SettingsError
from plyground.core.encoding import encoding_of
from plyground.rl import aec_env
from plyground.rl.policy_bot import PolicyBot

CELLS = 9
ROWS = 3**CELLS
"""One row per way of filling the nine cells with mover, opponent or nothing."""
_POWERS = 3 ** np.arange(CELLS)

Mask = npt.NDArray[np.int8]
Table = npt.NDArray[np.float64]


def _symmetries() -> npt.NDArray[np.int64]:
    """The board's eight symmetries, each as the cell every cell is read from."""
    grid = np.arange(CELLS).reshape(3, 3)
    turns = [np.rot90(grid, k) for k in range(4)]
    return np.array([g.ravel() for g in [*turns, *(np.fliplr(t) for t in turns)]])


SYMMETRIES = _symmetries()
"""Row ``s`` of this: the cell that cell ``k`` of the ``s``-th turned board shows."""
_UNDO = np.argsort(SYMMETRIES, axis=1)


def view(observation: npt.NDArray[np.float32]) -> tuple[int, int]:
    """An observation seen the one way among its eight symmetric ones that has the
    lowest table row, as ``(row, symmetry)``: the learner keeps one row for all eight.

    A row counts cell ``k`` as 1 for the mover's mark and 2 for the opponent's, in base 3.
    """
    planes = observation.reshape(CELLS, 2)
    cells = planes[:, 0] + 2 * planes[:, 1]
    rows = cells[SYMMETRIES] @ _POWERS
    symmetry = int(np.argmin(rows))
    return int(rows[symmetry]), symmetry


def seen_as(symmetry: int, mask: Mask) -> Mask:
    """``mask`` as that symmetry shows the board."""
    return mask[SYMMETRIES[symmetry]]


def to_board(symmetry: int, action: int) -> int:
    """An action on the turned board as the action on the real one."""
    return int(SYMMETRIES[symmetry, action])


def safest(lower: Table, upper: Table, observation: npt.NDArray[np.float32], mask: Mask) -> int:
    """The legal action with the best lower bound (then the best upper bound)."""
    row, symmetry = view(observation)
    legal = seen_as(symmetry, mask)
    score = np.where(legal == 1, 3 * lower[row] + upper[row], -np.inf)
    return to_board(symmetry, int(np.argmax(score)))


class QLearner:
    """Bounds on each action value for the player to move, learned from the moves seen."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)
        self.upper: Table = np.ones((ROWS, CELLS))
        self.lower: Table = -np.ones((ROWS, CELLS))
        self._index: dict[tuple[int, int], int] = {}
        size = 1 << 15
        self._rows = np.zeros(size, dtype=np.int64)
        self._actions = np.zeros(size, dtype=np.int64)
        self._ended = np.zeros(size, dtype=bool)
        self._rewards = np.zeros(size)
        self._following = np.zeros(size, dtype=np.int64)
        self._masks = np.ones((size, CELLS), dtype=bool)

    @property
    def moves_seen(self) -> int:
        return len(self._index)

    def _keep(
        self, move: tuple[int, int], reward: float, following: int, mask: Mask | None
    ) -> None:
        """Remember what followed ``move`` (its row and action)."""
        index = self._index.setdefault(move, len(self._index))
        self._rows[index], self._actions[index] = move
        self._ended[index] = mask is None
        self._rewards[index] = reward
        self._following[index] = following
        self._masks[index] = True if mask is None else mask == 1

    def optimistic(self, row: int, mask: Mask) -> int:
        """A legal action with the best upper bound (ties broken at random)."""
        values = np.where(mask == 1, self.upper[row], -np.inf)
        return int(self.rng.choice(np.flatnonzero(values == values.max())))

    def self_play(self, env: Any) -> None:
        """One training game, both sides played optimistically; then a sweep."""
        env.reset()
        waiting: dict[str, tuple[int, int]] = {}  # each agent's last move, its outcome unknown
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                if agent in waiting:  # this agent's move ended the game: its reward
                    self._keep(waiting.pop(agent), float(reward), 0, None)
                env.step(None)
                continue
            row, symmetry = view(observation["observation"])
            mask = seen_as(symmetry, observation["action_mask"])
            for other in [name for name in waiting if name != agent]:
                self._keep(waiting.pop(other), 0.0, row, mask)  # the game went on here
            action = self.optimistic(row, mask)
            waiting[agent] = (row, action)
            env.step(to_board(symmetry, action))
        self.sweep()

    def sweep(self, times: int = CELLS) -> None:
        """Update every move seen, ``times`` over (nine carry a game's end to its start):
        a move that ended the game is worth its reward; else its upper bound is minus the
        opponent's best lower bound there, and its lower bound minus their best upper."""
        n = len(self._index)
        rows, actions, ended = self._rows[:n], self._actions[:n], self._ended[:n]
        rewards, following, masks = self._rewards[:n], self._following[:n], self._masks[:n]
        for _ in range(times):
            their_lower = np.where(masks, self.lower[following], -np.inf).max(axis=1)
            their_upper = np.where(masks, self.upper[following], -np.inf).max(axis=1)
            self.upper[rows, actions] = np.where(ended, rewards, -their_lower)
            self.lower[rows, actions] = np.where(ended, rewards, -their_upper)

    def proved(self) -> bool:
        """True once both bounds of the start's best move are 0: X is proved to draw at
        worst, and so is O against each first move."""
        start = 0  # the row of the empty board
        return bool(self.lower[start].max() == 0 == self.upper[start].max())

    def tables(self) -> Table:
        """Both tables, lower then upper, as one array (what ``--table`` saves)."""
        return np.stack([self.lower, self.upper])


class TablePolicy(PolicyBot):
    """The learner's safe policy as a plyground bot: ``choose`` asks the tables.

    Its ``table`` setting names a ``.npy`` file saved by ``--table``; a bot made in
    code may be handed the tables instead.
    """

    NAME = "qtable"
    DESCRIPTION = "a tabular Q-learner's policy (examples/rl)"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("table", str, None, "the .npy file of the learned tables (--table)"),
    )

    def __init__(self, tables: Table | None = None, **settings: object) -> None:
        super().__init__(**settings)
        if tables is None:
            path = self._settings["table"]
            if path is None:
                raise SettingsError("qtable needs table=FILE.npy (saved by --table)")
            tables = np.load(path)
        self.lower, self.upper = tables

    def act(self, observation: npt.NDArray[np.float32], mask: Mask) -> int:
        return safest(self.lower, self.upper, observation, mask)


def losses(tables: Table, opponent: str, games: int, seed: int) -> int:
    """Games the learned policy loses to ``opponent`` (a bot spec), half of them as X,
    through the PettingZoo environment (the opponent reads its position)."""
    game = load_game("tictactoe")
    encoding = encoding_of(game)
    policy = TablePolicy(tables)
    rival = make_bot(opponent, seed=seed)
    env = aec_env(game)
    lost = 0
    for index in range(games):
        env.reset()
        ours = env.possible_agents[index % 2]
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                lost += agent == ours and reward < 0
                env.step(None)
                continue
            if agent == ours:
                action = policy.act(observation["observation"], observation["action_mask"])
            else:
                state = env.unwrapped.state_now
                action = encoding.action(rival.choose(state).move)
            env.step(action)
    return lost


def train(
    episodes: int, every: int, seed: int = 0, games: int = 100
) -> tuple[QLearner, list[tuple[int, int, int]]]:
    """Train for ``episodes`` self-play games; every ``every`` games, note the losses in
    ``games`` games against ``random`` and ``games // 10`` against ``perfect`` (the curve)."""
    learner = QLearner(seed=seed)
    env = aec_env("tictactoe")
    curve = []
    for episode in range(1, episodes + 1):
        learner.self_play(env)
        if episode % every == 0:
            tables = learner.tables()
            curve.append(
                (
                    episode,
                    losses(tables, "random", games, seed + episode),
                    losses(tables, "perfect", games // 10, seed + episode),
                )
            )
    return learner, curve


def train_until_proved(seed: int = 0, most: int = 5000) -> tuple[QLearner, int]:
    """Train until the learner has proved its start (at most ``most`` games); with the
    number of games it took."""
    learner = QLearner(seed=seed)
    env = aec_env("tictactoe")
    for episode in range(1, most + 1):
        learner.self_play(env)
        if learner.proved():
            return learner, episode
    return learner, most


def plot(curve: list[tuple[int, int, int]], games: int, path: Path) -> None:
    """The learning curve: losses per 100 games to each opponent, by episodes trained."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    episodes = [e for e, _, _ in curve]
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(episodes, [100 * r / games for _, r, _ in curve], label="vs random")
    axes.plot(episodes, [100 * p / (games // 10) for _, _, p in curve], label="vs perfect")
    axes.set_xlabel("self-play games")
    axes.set_ylabel("games lost (%)")
    axes.set_title("Tabular Q-learning on tic-tac-toe (plyground.rl.aec_env)")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=800, help="self-play games")
    parser.add_argument("--every", type=int, default=20, help="games between measures")
    parser.add_argument("--games", type=int, default=100, help="games per measure")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="write the learning curve here (PNG)")
    parser.add_argument("--table", type=Path, help="save the learned tables here (.npy)")
    args = parser.parse_args()
    start = time.perf_counter()
    learner, curve = train(args.episodes, args.every, args.seed, args.games)
    print(f"trained and measured {args.episodes} games in {time.perf_counter() - start:.1f} s")
    for episode, random_losses, perfect_losses in curve:
        print(
            f"{episode:>6} games: lost {random_losses}/{args.games} to random, "
            f"{perfect_losses}/{args.games // 10} to perfect"
        )
    print(f"start proved: {learner.proved()} ({learner.moves_seen} moves seen)")
    if args.plot:
        plot(curve, args.games, args.plot)
    if args.table:
        np.save(args.table, learner.tables())
    game = load_game("tictactoe")
    bot = BotPlayer(TablePolicy(learner.tables()))
    for rival in ("random", "perfect"):
        # the rival seeded too, so a run prints the same games every time
        seeded = f"{rival}:seed={args.seed}"
        side = play_match(game, (bot, seeded), 200, seed=args.seed, close=False).sides[0]
        print(
            f"as a bot against {rival}: {side.wins} won, {side.draws} drawn, "
            f"{side.losses} lost of {side.games}"
        )


if __name__ == "__main__":
    main()
