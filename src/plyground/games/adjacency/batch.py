"""Many adjacency games stepped as arrays (:class:`~plyground.core.batch.BatchGames`).

Game ``i`` is ``x[i]``, ``o[i]`` (int64 bitboards, bit ``row * size + col`` as
in :mod:`~plyground.games.adjacency.rules`), ``side[i]`` (0 for X to move),
``plies[i]`` (plies left) and ``learner[i]`` (the learner's seat). A step is
the learner's cell, then the opponent's reply when the game goes on: the
``k``-th empty cell in index order, ``k = floor(u * empty cells)`` for the
step's uniform ``u`` (a uniformly random legal move). Moves are the
compiled :func:`~plyground.games.adjacency.kernels.play`; observations are
:class:`~plyground.games.adjacency.learning.AdjacencyEncoding`'s, filled in
one pass. ``tests/rl/test_vector_env.py`` steps it beside ``State.play``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.batch import BatchGames, BatchStep
from plyground.core.jit import as_int64, load_int, popcount, trailing_zeros, wrap64
from plyground.games.adjacency.kernels import G_FULL, new_context, play
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState

__all__ = ["AdjacencyBatch"]


@njit(cache=True)
def _nth_cell(mask: int, n: int) -> int:  # pragma: no cover - compiled
    """The ``n``-th set bit of ``mask`` (0 = the lowest)."""
    for _ in range(n):
        mask = wrap64(mask & (mask - 1))
    return trailing_zeros(mask)


@njit(cache=True)
def _move(cx: int, x: int, o: int, side: int, cell: int) -> tuple[int, int]:  # pragma: no cover
    """X's and O's masks after ``side`` plays ``cell``."""
    if side == 0:
        return play(cx, x, o, cell)
    o2, x2 = play(cx, o, x, cell)
    return x2, o2


@njit(cache=True)
def _reply(  # noqa: PLR0917 - a kernel takes its arrays positionally
    cx: int,
    x: npt.NDArray[np.int64],
    o: npt.NDArray[np.int64],
    side: npt.NDArray[np.int8],
    plies: npt.NDArray[np.int64],
    i: int,
    u: float,
) -> int:  # pragma: no cover - compiled
    """The opponent's random reply in game ``i`` (which goes on); the cell played."""
    empty = int(load_int(cx, G_FULL) & ~(x[i] | o[i]))
    cell = _nth_cell(empty, int(u * popcount(empty)))
    x[i], o[i] = _move(cx, x[i], o[i], side[i], cell)
    side[i] ^= 1
    plies[i] -= 1
    return cell


@njit(cache=True)
def _margin(x: int, o: int, learner: int) -> float:  # pragma: no cover - compiled
    margin = popcount(int(x)) - popcount(int(o))  # int(): Python's, with the JIT off
    return float(margin if learner == 0 else -margin)


@njit(cache=True)
def _over(cx: int, x: int, o: int, plies: int) -> bool:  # pragma: no cover - compiled
    return plies == 0 or (x | o) == load_int(cx, G_FULL)


@njit(cache=True)
def _reset(  # noqa: PLR0917
    cx: int,
    which: npt.NDArray[np.bool_],
    x: npt.NDArray[np.int64],
    o: npt.NDArray[np.int64],
    side: npt.NDArray[np.int8],
    plies: npt.NDArray[np.int64],
    learner: npt.NDArray[np.int8],
    base: npt.NDArray[np.float64],
    start: npt.NDArray[np.int64],
    uniforms: npt.NDArray[np.float64],
    replies: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    for i in range(x.shape[0]):
        replies[i] = -1
        if not which[i]:
            continue
        x[i], o[i], side[i], plies[i] = start[0], start[1], start[2], start[3]
        base[i] = _margin(x[i], o[i], learner[i])
        if side[i] != learner[i] and not _over(cx, x[i], o[i], plies[i]):
            replies[i] = _reply(cx, x, o, side, plies, i, uniforms[i])


@njit(cache=True)
def _step(  # noqa: PLR0917
    cx: int,
    x: npt.NDArray[np.int64],
    o: npt.NDArray[np.int64],
    side: npt.NDArray[np.int8],
    plies: npt.NDArray[np.int64],
    learner: npt.NDArray[np.int8],
    base: npt.NDArray[np.float64],
    active: npt.NDArray[np.bool_],
    actions: npt.NDArray[np.int64],
    uniforms: npt.NDArray[np.float64],
    rewards: npt.NDArray[np.float64],
    terminal: npt.NDArray[np.bool_],
    illegal: npt.NDArray[np.bool_],
    replies: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    for i in range(x.shape[0]):
        replies[i] = -1
        if not active[i]:
            continue
        cell = int(actions[i])
        if (x[i] | o[i]) >> cell & 1:
            illegal[i] = True
            rewards[i] = 0.0
            terminal[i] = False
            continue
        illegal[i] = False
        x[i], o[i] = _move(cx, x[i], o[i], side[i], cell)
        side[i] ^= 1
        plies[i] -= 1
        if not _over(cx, x[i], o[i], plies[i]):
            replies[i] = _reply(cx, x, o, side, plies, i, uniforms[i])
        now = _margin(x[i], o[i], learner[i])
        rewards[i] = now - base[i]
        base[i] = now
        terminal[i] = _over(cx, x[i], o[i], plies[i])


@njit(cache=True)
def _observe(  # noqa: PLR0917
    x: npt.NDArray[np.int64],
    o: npt.NDArray[np.int64],
    learner: npt.NDArray[np.int8],
    plies: npt.NDArray[np.int64],
    total: int,
    out: npt.NDArray[np.float32],
) -> None:  # pragma: no cover - compiled
    size = out.shape[1]
    for i in range(x.shape[0]):
        own, theirs = (x[i], o[i]) if learner[i] == 0 else (o[i], x[i])
        left = min(plies[i] / total, 1.0)
        for row in range(size):
            for col in range(size):
                cell = row * size + col
                out[i, row, col, 0] = (own >> cell) & 1
                out[i, row, col, 1] = (theirs >> cell) & 1
                out[i, row, col, 2] = left


@njit(cache=True)
def _masks(
    cx: int, x: npt.NDArray[np.int64], o: npt.NDArray[np.int64], plies: npt.NDArray[np.int64],
    out: npt.NDArray[np.bool_],
) -> None:  # fmt: skip  # pragma: no cover - compiled
    for i in range(x.shape[0]):
        over = _over(cx, x[i], o[i], plies[i])
        taken = x[i] | o[i]
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
        self.x = np.zeros(count, np.int64)
        self.o = np.zeros(count, np.int64)
        self.side = np.zeros(count, np.int8)
        self.plies = np.zeros(count, np.int64)
        self.learner = np.zeros(count, np.int8)
        self._base = np.zeros(count, np.float64)

    def reset(
        self, which: npt.NDArray[np.bool_], learners: npt.NDArray[np.int8],
        uniforms: npt.NDArray[np.float64], out: BatchStep,
    ) -> None:  # fmt: skip
        self.learner[which] = learners[which]
        _reset(
            self._cx, which, self.x, self.o, self.side, self.plies, self.learner, self._base,
            self._start, uniforms[:, 0], out.replies,
        )  # fmt: skip

    def step(
        self, active: npt.NDArray[np.bool_], actions: npt.NDArray[np.int64],
        uniforms: npt.NDArray[np.float64], out: BatchStep,
    ) -> None:  # fmt: skip
        _step(
            self._cx, self.x, self.o, self.side, self.plies, self.learner, self._base,
            active, actions, uniforms[:, 0], out.rewards, out.terminal, out.illegal, out.replies,
        )  # fmt: skip

    def observe(self, out: npt.NDArray[np.float32]) -> None:
        _observe(self.x, self.o, self.learner, self.plies, self._total, out)

    def masks(self, out: npt.NDArray[np.bool_]) -> None:
        _masks(self._cx, self.x, self.o, self.plies, out)

    def state(self, index: int) -> AdjacencyState:
        full = self.rules.geometry.full
        return AdjacencyState(
            self.rules, int(self.x[index]) & full, int(self.o[index]) & full,
            int(self.side[index]), int(self.plies[index]),
        )  # fmt: skip
