"""Many 2048 games stepped as arrays (:class:`~plyground.core.batch.BatchGames`).

Game ``i`` is ``boards[i]`` (the 64-bit board of :mod:`~plyground.games.g2048.kernel`:
nibble ``k`` holds cell ``k``'s exponent) and ``scores[i]``. A step slides the
board by the kernel's move tables, then spawns: the ``k``-th empty cell in
index order, ``k = floor(u0 * empty cells)``, a 4 when ``u1 < 0.1`` else a 2,
so each outcome has the probability the rules give it. The kernel's nibbles
hold tiles up to 32768 and it never merges two of them, so a game stops,
truncated, once a 32768 tile is on its board (no learner has reached one
yet); until then every step is the rules' (``tests/rl/test_vector_env.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.batch import BatchGames, BatchStep, Bytes, Flags, Floats, Games, random_bit
from plyground.core.jit import wrap64
from plyground.games.g2048.kernel import (
    KERNEL_MAX_EXPONENT,
    _move_and_points,
    board_from_int,
    empty_cells,
    move_tables,
)
from plyground.games.g2048.rules import CELLS, SPAWN_FOUR_PROBABILITY, G2048Game, G2048State

__all__ = ["G2048Batch"]


@njit(cache=True)
def _spawn(board: int, u_cell: float, u_four: float) -> int:  # pragma: no cover - compiled
    exponent = 2 if u_four < SPAWN_FOUR_PROBABILITY else 1
    cell = random_bit(int(empty_cells(board)), u_cell)  # int(): Python's, with the JIT off
    return board | wrap64(exponent << cell)


@njit(cache=True)
def _can_move(board: int, moves: int, points: int) -> bool:  # pragma: no cover - compiled
    for move in range(4):  # noqa: SIM110 - numba compiles no generator
        if _move_and_points(board, move, moves, points)[0] != board:
            return True
    return False


@njit(cache=True)
def _capped(board: int) -> bool:  # pragma: no cover - compiled
    for cell in range(16):  # noqa: SIM110 - numba compiles no generator
        if (board >> (4 * cell)) & 0xF == KERNEL_MAX_EXPONENT:
            return True
    return False


@njit(cache=True)
def _reset(
    which: Flags, boards: Games, scores: Games, uniforms: Floats
) -> None:  # pragma: no cover
    for i in range(boards.shape[0]):
        if which[i]:
            board = _spawn(0, uniforms[i, 0], uniforms[i, 1])
            boards[i] = _spawn(board, uniforms[i, 2], uniforms[i, 3])
            scores[i] = 0


@njit(cache=True)
def _step(  # noqa: PLR0917 - a kernel takes its arrays positionally
    boards: Games, scores: Games, active: Flags, actions: Games, uniforms: Floats, moves: int,
    points: int, out_rewards: Floats, out_terminal: Flags, out_truncated: Flags,
    out_illegal: Flags,
) -> None:  # fmt: skip  # pragma: no cover - compiled
    for i in range(boards.shape[0]):
        if not active[i]:
            continue
        board = int(boards[i])  # int(): Python's, with the JIT off
        after, gained = _move_and_points(board, int(actions[i]), moves, points)
        out_illegal[i] = after == board
        if out_illegal[i]:
            out_rewards[i] = 0.0
            out_terminal[i] = out_truncated[i] = False
            continue
        board = _spawn(after, uniforms[i, 0], uniforms[i, 1])
        boards[i] = board
        scores[i] += gained
        out_rewards[i] = gained
        out_terminal[i] = not _can_move(board, moves, points)
        out_truncated[i] = not out_terminal[i] and _capped(board)


@njit(cache=True)
def _observe(boards: Games, out: npt.NDArray[np.float32]) -> None:  # pragma: no cover
    for i in range(boards.shape[0]):
        for cell in range(16):
            out[i, cell] = (boards[i] >> (4 * cell)) & 0xF


@njit(cache=True)
def _masks(boards: Games, moves: int, points: int, out: Flags) -> None:  # pragma: no cover
    for i in range(boards.shape[0]):
        for move in range(4):
            board = int(boards[i])
            out[i, move] = _move_and_points(board, move, moves, points)[0] != board


class G2048Batch(BatchGames):
    """``count`` games of 2048."""

    uniforms = 4
    actions = 4
    shape = (CELLS,)

    def __init__(self, game: G2048Game, count: int) -> None:
        super().__init__(game, count)
        self.rules = game
        self._tables = move_tables()
        self._moves = int(self._tables[0].ctypes.data)
        self._points = int(self._tables[1].ctypes.data)
        self.boards = np.zeros(count, np.int64)
        self.scores = np.zeros(count, np.int64)

    def reset(self, which: Flags, learners: Bytes, uniforms: Floats, out: BatchStep) -> None:
        out.replies[:] = -1
        _reset(which, self.boards, self.scores, uniforms)

    def step(self, active: Flags, actions: Games, uniforms: Floats, out: BatchStep) -> None:
        _step(
            self.boards, self.scores, active, actions, uniforms, self._moves, self._points,
            out.rewards, out.terminal, out.truncated, out.illegal,
        )  # fmt: skip

    def observe(self, out: npt.NDArray[np.float32]) -> None:
        _observe(self.boards, out)

    def masks(self, out: Flags) -> None:
        _masks(self.boards, self._moves, self._points, out)

    def state(self, index: int) -> G2048State:
        board = board_from_int(int(self.boards[index]) & ((1 << 64) - 1))
        return G2048State(self.rules, board, int(self.scores[index]), 0)
