"""The compiled kernel of the learned evaluation (:mod:`~plyground.games.adjacency.patterns`).

:func:`pattern_value` computes exactly the float of
:func:`~plyground.games.adjacency.patterns.reference_value` (the same terms added
in the same order, no ``fastmath``: float32 entries, float64 sums, the rows', the
columns' and the corners' apart) with bit tricks: a row's 8 bits are a byte
of the bitboard, the columns are the rows of the board mirrored in the a1-h8
diagonal (:func:`_transpose`, three delta swaps), and a corner's 3x3 block is
three 3-bit slices gathered into 9 bits; base-3 tables turn bits into indices.
:func:`evaluate` is what the playing search calls at its leaves: the learned
value when the context block holds the tables (:func:`attach`), else the
hand-written :func:`~plyground.games.adjacency.kernels.evaluate`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.jit import load_float32, load_int, popcount
from plyground.games.adjacency import kernels
from plyground.games.adjacency.kernels import G_FULL, P_INDEX, P_WEIGHTS
from plyground.games.adjacency.patterns import (
    CORNERS_AT,
    LINE_INDICES,
    LINES_AT,
    PATTERNS_USED,
    STAGE_OF,
    STAGE_WORDS,
    T3,
    T9,
    T9_REVERSED,
    PatternTables,
)

__all__ = ["attach", "evaluate", "pattern_value"]


def attach(block: npt.NDArray[np.int64], tables: PatternTables | None) -> None:
    """Make a context block evaluate with ``tables`` (None: the hand-written evaluation)."""
    block[P_WEIGHTS] = 0 if tables is None else tables.weights.ctypes.data
    block[P_INDEX] = 0 if tables is None else tables.index.ctypes.data


@njit(cache=True)
def _transpose(board: int) -> int:
    """The board mirrored in the a1-h8 diagonal: cell (row, col) to (col, row)."""
    t = 0x0F0F0F0F00000000 & (board ^ (board << 28))
    board ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (board ^ (board << 14))
    board ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (board ^ (board << 7))
    board ^= t ^ (t >> 7)
    return board


@njit(cache=True, inline="always")
def _entry(words: int, at: int) -> float:
    """Word ``at`` of a stage's float32 table, widened to the float64 the sums are kept in."""
    return np.float64(load_float32(words, at))


@njit(cache=True)
def _lines(words: int, index: int, own: int, theirs: int) -> float:
    """The sum of the line tables of the 8 rows of (own, theirs), row 1 first."""
    value = 0.0
    for row in range(8):
        line_class = min(row, 7 - row)
        mine = (own >> (8 * row)) & 255
        other = (theirs >> (8 * row)) & 255
        entry = load_int(index, T3 + mine) + 2 * load_int(index, T3 + other)
        value += _entry(words, LINES_AT + line_class * LINE_INDICES + entry)
    return value


@njit(cache=True)
def _corner(words: int, index: int, mine: int, other: int, table: int) -> float:
    entry = load_int(index, table + mine) + 2 * load_int(index, table + other)
    return _entry(words, CORNERS_AT + entry)


@njit(cache=True)
def pattern_value(cx: int, own: int, theirs: int, plies_left: int) -> float:
    """The learned value of a non-terminal position for the mover (the reference's float)."""
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    material = popcount(own) - popcount(theirs)
    my_gain = kernels.best_gain(cx, theirs, empty)
    if plies_left == 1:
        return float(material + 1 + 2 * my_gain)
    their_gain = kernels.best_gain(cx, own, empty)
    near = kernels.neighbourhood(cx, empty)
    exposed = popcount(own & near) - popcount(theirs & near)
    index = load_int(cx, P_INDEX)
    stage = load_int(index, STAGE_OF + min(plies_left, 64))
    words = load_int(cx, P_WEIGHTS) + 4 * STAGE_WORDS * stage
    value = _entry(words, 0)
    value += _entry(words, 1) * material
    value += _entry(words, 2) * my_gain
    value += _entry(words, 3) * their_gain
    value += _entry(words, 4) * exposed
    if load_int(index, PATTERNS_USED) == 0:
        return value  # the fitted global terms alone (adding zeros changes nothing)
    rows = _lines(words, index, own, theirs)
    columns = _lines(words, index, _transpose(own), _transpose(theirs))
    # a1: rows 1-3, columns a-c (3 bits a row gathered into 9)
    corners = _corner(
        words,
        index,
        (own & 7) | ((own >> 5) & 0x38) | ((own >> 10) & 0x1C0),
        (theirs & 7) | ((theirs >> 5) & 0x38) | ((theirs >> 10) & 0x1C0),
        T9,
    )
    # h1: rows 1-3, columns f-h, read from h
    corners += _corner(
        words,
        index,
        ((own >> 5) & 7) | ((own >> 10) & 0x38) | ((own >> 15) & 0x1C0),
        ((theirs >> 5) & 7) | ((theirs >> 10) & 0x38) | ((theirs >> 15) & 0x1C0),
        T9_REVERSED,
    )
    # a8: rows 8-6, columns a-c
    corners += _corner(
        words,
        index,
        ((own >> 56) & 7) | ((own >> 45) & 0x38) | ((own >> 34) & 0x1C0),
        ((theirs >> 56) & 7) | ((theirs >> 45) & 0x38) | ((theirs >> 34) & 0x1C0),
        T9,
    )
    # h8: rows 8-6, columns f-h, read from h
    corners += _corner(
        words,
        index,
        ((own >> 61) & 7) | ((own >> 50) & 0x38) | ((own >> 39) & 0x1C0),
        ((theirs >> 61) & 7) | ((theirs >> 50) & 0x38) | ((theirs >> 39) & 0x1C0),
        T9_REVERSED,
    )
    return value + rows + columns + corners


@njit(cache=True)
def evaluate(cx: int, own: int, theirs: int, plies_left: int) -> float:
    """The playing search's evaluation: the learned one when the block holds its tables,
    else the hand-written :func:`~plyground.games.adjacency.kernels.evaluate`."""
    if load_int(cx, P_WEIGHTS) != 0:
        return pattern_value(cx, own, theirs, plies_left)
    return kernels.evaluate(cx, own, theirs, plies_left)
