"""The accelerated 2048 board: 64-bit boards and 65,536-entry line tables, in numba.

A board is one 64-bit integer: nibble ``i`` (bits ``4i..4i+3``) holds the
exponent of cell ``i`` in the reference order (row-major from the top-left),
so row ``r`` is the 16-bit value ``board >> 16r`` with its leftmost cell in
the low nibble. Kernels take boards as *signed* int64 (a 32768 tile in the
last cell sets bit 63; :func:`~plyground.core.jit.as_int64` converts), and
only ever shift right after masking, so the sign never leaks into a cell.

A move works on whole 16-bit lines through one int64 table of 4 x 65,536
entries (:func:`move_tables`), indexed ``move * 65536 + line``:

* ``LEFT`` / ``RIGHT``: the row after sliding left / right;
* ``UP`` / ``DOWN``: the same slides for a *column* read from the transposed
  board, spread back into column position (nibble ``k`` of the line at bit
  ``16k``);

plus the points a line's slide scores (the same either way), and the
heuristic's line values (:func:`plyground.games.g2048.evaluation.line_table`).
The search (:mod:`plyground.games.g2048.search`) reads the tables by address.

Exponents are 4 bits, so the kernel covers tiles up to 32768 (2**15) and
never merges two 32768 tiles; callers keep boards with a 32768 tile or a
larger one on the reference rules (:func:`fits`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.jit import as_int64, load_float, load_int
from plyground.core.warming import warming
from plyground.games.g2048.rules import DOWN, LEFT, RIGHT, UP, Board

__all__ = [
    "KERNEL_MAX_EXPONENT",
    "LINES",
    "board_from_int",
    "board_to_int",
    "empty_cells",
    "fits",
    "heuristic",
    "kernel_heuristic",
    "kernel_move",
    "move_points",
    "move_tables",
    "slide_board",
    "transpose",
    "warm_up",
]

KERNEL_MAX_EXPONENT = 15
"""The largest exponent a nibble holds (32768)."""
LINES = 1 << 16
"""Entries per table: every 16-bit line."""

_ROW = 0xFFFF
_NIBBLE_LOW_BITS = 0x1111111111111111
# The masks of the nibble transpose, as signed int64 (numba then keeps every operation int64).
_T_KEEP = as_int64(0xF0F00F0FF0F00F0F)
_T_UP = 0x0000F0F00000F0F0
_T_DOWN = 0x0F0F00000F0F0000
_T_KEEP2 = as_int64(0xFF00FF0000FF00FF)
_T_UP2 = 0x00FF00FF00000000
_T_DOWN2 = 0x00000000FF00FF00


def board_to_int(board: Board) -> int:
    """The 64-bit encoding of a board of 16 exponents (each at most 15), as a signed int64."""
    value = 0
    for index, exponent in enumerate(board):
        value |= exponent << (4 * index)
    return as_int64(value)


def board_from_int(value: int) -> Board:
    """The 16 exponents of a 64-bit board (signed or not)."""
    return tuple((value >> (4 * i)) & 0xF for i in range(16))


def fits(board: Board) -> bool:
    """True when the kernel plays ``board`` exactly: every tile below 32768."""
    return max(board) < KERNEL_MAX_EXPONENT


@njit(cache=True)
def _slide_line_left(line: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """A 16-bit line slid toward its low nibble, and the points gained (an independent
    implementation of the reference ``slide_line``, checked against it by the tests)."""
    cells = np.zeros(4, dtype=np.int64)
    count = 0
    for k in range(4):
        exponent = (line >> (4 * k)) & 0xF
        if exponent:
            cells[count] = exponent
            count += 1
    out = 0
    points = 0
    write = 0
    read = 0
    while read < count:
        exponent = cells[read]
        if read + 1 < count and cells[read + 1] == exponent and exponent < 15:
            exponent += 1
            points += 1 << exponent
            read += 2
        else:
            read += 1
        out |= exponent << (4 * write)
        write += 1
    return out, points


@njit(cache=True)
def _reverse_line(line: int) -> int:  # pragma: no cover - compiled
    return (
        ((line & 0xF) << 12)
        | (((line >> 4) & 0xF) << 8)
        | (((line >> 8) & 0xF) << 4)
        | ((line >> 12) & 0xF)
    )


@njit(cache=True)
def _spread_column(line: int) -> int:  # pragma: no cover - compiled
    """Nibble ``k`` of a 16-bit line moved to bit ``16k`` (a column of the board)."""
    return (
        (line & 0xF)
        | (((line >> 4) & 0xF) << 16)
        | (((line >> 8) & 0xF) << 32)
        | (((line >> 12) & 0xF) << 48)
    )


@njit(cache=True)
def _fill_tables(
    moves: npt.NDArray[np.int64], points: npt.NDArray[np.int64]
) -> None:  # pragma: no cover - compiled
    for line in range(LINES):
        left, gained = _slide_line_left(line)
        right = _reverse_line(_slide_line_left(_reverse_line(line))[0])
        moves[LEFT * LINES + line] = left
        moves[RIGHT * LINES + line] = right
        moves[UP * LINES + line] = _spread_column(left)
        moves[DOWN * LINES + line] = _spread_column(right)
        points[line] = gained


_TABLES: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []


def move_tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``(moves, points)``: the 4 x 65,536 move table (flat) and the line scores.

    Built once per process and read-only; the search reads ``moves`` by address.
    """
    if not _TABLES:
        moves = np.zeros(4 * LINES, dtype=np.int64)
        points = np.zeros(LINES, dtype=np.int64)
        _fill_tables(moves, points)
        moves.flags.writeable = False
        points.flags.writeable = False
        _TABLES.append((moves, points))
    return _TABLES[0]


@njit(cache=True, inline="always")
def transpose(x: int) -> int:  # pragma: no cover - compiled
    """The board mirrored on its main diagonal: nibble 4r+c goes to 4c+r."""
    a = (x & _T_KEEP) | ((x & _T_UP) << 12) | ((x & _T_DOWN) >> 12)
    return (a & _T_KEEP2) | ((a & _T_UP2) >> 24) | ((a & _T_DOWN2) << 24)


@njit(cache=True, inline="always")
def empty_cells(board: int) -> int:  # pragma: no cover - compiled
    """The lowest bit of every zero nibble of ``board`` (one bit per empty cell)."""
    return ~(board | (board >> 1) | (board >> 2) | (board >> 3)) & _NIBBLE_LOW_BITS


@njit(cache=True, inline="always")
def slide_board(moves: int, board: int, transposed: int, move: int) -> int:  # pragma: no cover
    """``board`` after ``move`` (``transposed`` is ``transpose(board)``); ``moves`` is the
    address of the move table."""
    base = move * LINES
    if move & 1:  # RIGHT (1) and LEFT (3), the odd moves, work on rows
        return (
            load_int(moves, base + (board & _ROW))
            | (load_int(moves, base + ((board >> 16) & _ROW)) << 16)
            | (load_int(moves, base + ((board >> 32) & _ROW)) << 32)
            | (load_int(moves, base + ((board >> 48) & _ROW)) << 48)
        )
    return (
        load_int(moves, base + (transposed & _ROW))
        | (load_int(moves, base + ((transposed >> 16) & _ROW)) << 4)
        | (load_int(moves, base + ((transposed >> 32) & _ROW)) << 8)
        | (load_int(moves, base + ((transposed >> 48) & _ROW)) << 12)
    )


@njit(cache=True, inline="always")
def heuristic(lines: int, board: int) -> float:  # pragma: no cover - compiled
    """The sum of the line values of the 4 rows and 4 columns (``lines``: the table's address).

    Rows first, then columns, as :func:`~plyground.games.g2048.evaluation.board_value` adds them.
    """
    t = transpose(board)
    return (
        load_float(lines, board & _ROW)
        + load_float(lines, (board >> 16) & _ROW)
        + load_float(lines, (board >> 32) & _ROW)
        + load_float(lines, (board >> 48) & _ROW)
        + load_float(lines, t & _ROW)
        + load_float(lines, (t >> 16) & _ROW)
        + load_float(lines, (t >> 32) & _ROW)
        + load_float(lines, (t >> 48) & _ROW)
    )


@njit(cache=True, inline="always")
def move_points(points: int, board: int, transposed: int, move: int) -> int:  # pragma: no cover
    """The points ``move`` scores on ``board`` (``transposed``: its transpose), from the
    line-score table at address ``points``: a line scores the same slid either way, so
    LEFT and RIGHT read the rows, UP and DOWN the columns."""
    source = board if move & 1 else transposed
    return (
        load_int(points, source & _ROW)
        + load_int(points, (source >> 16) & _ROW)
        + load_int(points, (source >> 32) & _ROW)
        + load_int(points, (source >> 48) & _ROW)
    )


@njit(cache=True)
def _move_and_points(
    board: int, move: int, moves: int, points: int
) -> tuple[int, int]:  # pragma: no cover - compiled
    t = transpose(board)
    return slide_board(moves, board, t, move), move_points(points, board, t, move)


def kernel_move(board: int, move: int) -> tuple[int, int]:
    """The board after ``move`` (unchanged when the move is illegal) and the points gained."""
    moves, points = move_tables()
    after, gained = _move_and_points(as_int64(board), move, moves.ctypes.data, points.ctypes.data)
    return int(after), int(gained)


@njit(cache=True)
def _heuristic_of(board: int, lines: int) -> float:  # pragma: no cover - compiled
    return heuristic(lines, board)


def kernel_heuristic(board: int, lines: npt.NDArray[np.float64]) -> float:
    """The heuristic value of a 64-bit board (the sum of its 8 line values)."""
    return float(_heuristic_of(as_int64(board), lines.ctypes.data))


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) this module's kernels, and build the move
    tables (the search's kernels warm in :func:`plyground.games.g2048.search.warm_up`)."""
    from plyground.games.g2048.evaluation import G2048Weights, line_table

    kernel_move(0x1021, LEFT)
    kernel_heuristic(0x1021, line_table(G2048Weights()))
