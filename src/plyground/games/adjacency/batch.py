"""Many adjacency games stepped as arrays (:class:`~plyground.core.batch.BatchGames`).

Game ``i`` is column ``i`` of the int64 matrix ``games``: X's and O's masks
(bitboards, bit ``row * size + col`` as in :mod:`~plyground.games.adjacency.rules`),
the side to move (0 for X), the plies left and the learner's seat. A step is
the learner's cell, then the opponent's reply when the game goes on: the
``k``-th empty cell in index order, ``k = floor(u * empty cells)`` for the
step's uniform ``u`` (a uniformly random legal move,
:func:`~plyground.core.batch.random_bit`). Moves are the
compiled :func:`~plyground.games.adjacency.kernels.play`; observations are
:class:`~plyground.games.adjacency.learning.AdjacencyEncoding`'s, filled in
one pass. ``tests/rl/test_vector_env.py`` steps it beside ``State.play``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.batch import BatchGames, BatchStep, Bytes, Flags, Floats, Games, random_bit
from plyground.core.jit import as_int64, load_int, popcount
from plyground.games.adjacency.kernels import G_FULL, new_context, play
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState

__all__ = ["AdjacencyBatch"]


# -- rows of the games' matrix: one int64 column a game -------------------------------------
ROW_X, ROW_O, ROW_SIDE, ROW_PLIES, ROW_LEARNER = range(5)


@njit(cache=True)
def _move(cx: int, games: Games, i: int, cell: int) -> None:  # pragma: no cover - compiled
    """The mover of game ``i`` plays ``cell``: both masks, the side to move, the plies left."""
    x, o = games[ROW_X, i], games[ROW_O, i]
    if games[ROW_SIDE, i] == 0:
        games[ROW_X, i], games[ROW_O, i] = play(cx, x, o, cell)
    else:
        games[ROW_O, i], games[ROW_X, i] = play(cx, o, x, cell)
    games[ROW_SIDE, i] ^= 1
    games[ROW_PLIES, i] -= 1


@njit(cache=True)
def _reply(cx: int, games: Games, i: int, u: float) -> int:  # pragma: no cover - compiled
    """The opponent's random reply in game ``i`` (which goes on); the cell played."""
    cell = random_bit(int(load_int(cx, G_FULL) & ~(games[ROW_X, i] | games[ROW_O, i])), u)
    _move(cx, games, i, cell)
    return cell


@njit(cache=True)
def _margin(games: Games, i: int) -> float:  # pragma: no cover - compiled
    """The learner's marks less the opponent's in game ``i``."""
    # int(): Python's, with the JIT off
    margin = popcount(int(games[ROW_X, i])) - popcount(int(games[ROW_O, i]))
    return float(margin if games[ROW_LEARNER, i] == 0 else -margin)


@njit(cache=True)
def _over(cx: int, games: Games, i: int) -> bool:  # pragma: no cover - compiled
    full = load_int(cx, G_FULL)
    return bool(games[ROW_PLIES, i] == 0 or (games[ROW_X, i] | games[ROW_O, i]) == full)


@njit(cache=True)
def _reset(  # noqa: PLR0917 - a kernel takes its arrays positionally
    cx: int, which: Flags, games: Games, base: Floats, start: Games, uniforms: Floats,
    replies: Games,
) -> None:  # fmt: skip  # pragma: no cover - compiled
    for i in range(games.shape[1]):
        replies[i] = -1
        if not which[i]:
            continue
        for row in range(ROW_LEARNER):
            games[row, i] = start[row]
        base[i] = _margin(games, i)
        if games[ROW_SIDE, i] != games[ROW_LEARNER, i] and not _over(cx, games, i):
            replies[i] = _reply(cx, games, i, uniforms[i])


@njit(cache=True)
def _step(  # noqa: PLR0917 - a kernel takes its arrays positionally
    cx: int, games: Games, base: Floats, active: Flags, actions: Games, uniforms: Floats,
    out_rewards: Floats, out_terminal: Flags, out_illegal: Flags, out_replies: Games,
) -> None:  # fmt: skip  # pragma: no cover - compiled
    for i in range(games.shape[1]):
        out_replies[i] = -1
        if not active[i]:
            continue
        cell = int(actions[i])
        out_illegal[i] = (games[ROW_X, i] | games[ROW_O, i]) >> cell & 1 != 0
        if out_illegal[i]:
            out_rewards[i] = 0.0
            out_terminal[i] = False
            continue
        _move(cx, games, i, cell)
        if not _over(cx, games, i):
            out_replies[i] = _reply(cx, games, i, uniforms[i])
        now = _margin(games, i)
        out_rewards[i] = now - base[i]
        base[i] = now
        out_terminal[i] = _over(cx, games, i)


@njit(cache=True)
def _observe(games: Games, total: int, out: npt.NDArray[np.float32]) -> None:  # pragma: no cover
    size = out.shape[1]
    for i in range(games.shape[1]):
        x, o = games[ROW_X, i], games[ROW_O, i]
        own, theirs = (x, o) if games[ROW_LEARNER, i] == 0 else (o, x)
        left = min(games[ROW_PLIES, i] / total, 1.0)
        for row in range(size):
            for col in range(size):
                cell = row * size + col
                out[i, row, col, 0] = (own >> cell) & 1
                out[i, row, col, 1] = (theirs >> cell) & 1
                out[i, row, col, 2] = left


@njit(cache=True)
def _masks(cx: int, games: Games, out: Flags) -> None:  # pragma: no cover - compiled
    for i in range(games.shape[1]):
        over = _over(cx, games, i)
        taken = games[ROW_X, i] | games[ROW_O, i]
        for cell in range(out.shape[1]):
            out[i, cell] = not over and not (taken >> cell) & 1


class AdjacencyBatch(BatchGames):
    """``count`` adjacency games of ``game``'s size, rounds and first player."""

    uniforms = 1

    def __init__(self, game: AdjacencyGame, count: int) -> None:
        super().__init__(game, count)
        self.rules = game
        start = game.initial_state()
        self.actions = game.geometry.cells
        self.shape = (game.size, game.size, 3)
        self._start = np.array(
            [as_int64(start.x), as_int64(start.o), start.side, start.plies_left], np.int64
        )
        self._total = 2 * game.rounds
        self._context = new_context(game.size)
        self._cx = int(self._context.ctypes.data)
        self.games: Games = np.zeros((ROW_LEARNER + 1, count), np.int64)
        """Game ``i`` is column ``i``: rows :data:`ROW_X` to :data:`ROW_LEARNER`."""
        self._base: Floats = np.zeros(count, np.float64)

    def reset(self, which: Flags, learners: Bytes, uniforms: Floats, out: BatchStep) -> None:
        self.games[ROW_LEARNER, which] = learners[which]
        _reset(self._cx, which, self.games, self._base, self._start, uniforms[:, 0], out.replies)

    def step(self, active: Flags, actions: Games, uniforms: Floats, out: BatchStep) -> None:
        _step(
            self._cx, self.games, self._base, active, actions, uniforms[:, 0], out.rewards,
            out.terminal, out.illegal, out.replies,
        )  # fmt: skip

    def observe(self, out: npt.NDArray[np.float32]) -> None:
        _observe(self.games, self._total, out)

    def masks(self, out: Flags) -> None:
        _masks(self._cx, self.games, out)

    def state(self, index: int) -> AdjacencyState:
        full = self.rules.geometry.full
        x, o, side, plies = (int(word) for word in self.games[:ROW_LEARNER, index])
        return AdjacencyState(self.rules, x & full, o & full, side, plies)
