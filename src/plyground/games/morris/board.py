"""The Nine Men's Morris board as 24-bit masks, with precomputed mills and adjacency.

Bit ``i`` is OpenSpiel's point ``i``: the points in reading order, top row
first, left to right::

    a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 / c3 d3 e3 / b2 d2 f2 / a1 d1 g1
     0  1  2    3  4  5    6  7  8    9 10 11 12 13 14   15 16 17   18 19 20   21 22 23

In this order every horizontal mill is three consecutive bits starting at a
multiple of 3. Every vertical mill is three consecutive bits of the
*transposed* order :data:`VERTICAL_ORDER`, which byte tables convert to and
from in a few operations. Every line of the board belongs to exactly one
mill and joins two neighbouring points of it, so adjacency too is a shift
by one within the triples of either order. That makes mill counts, "two in
a line" counts and mobility whole-board bit operations, with no loop over
points (:func:`triple_flags`, :func:`adjacent`).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "FULL",
    "MILLS",
    "MILLS_OF",
    "NEIGHBOURS",
    "NEIGHBOUR_POINTS",
    "POINTS",
    "POINT_INDEX",
    "ROWS",
    "TO_HORIZONTAL",
    "TO_VERTICAL",
    "TRIPLE_STARTS",
    "VERTICAL_ORDER",
    "adjacent",
    "along_triples",
    "bits",
    "in_mills",
    "spread",
    "steps",
    "to_horizontal",
    "to_vertical",
    "triple_flags",
    "vertical_neighbours",
]

POINTS: Final[tuple[str, ...]] = (
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
    "a4", "b4", "c4", "e4", "f4", "g4",
    "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
)  # fmt: skip
"""Point names by bit index (OpenSpiel's point numbers)."""

POINT_INDEX: Final[dict[str, int]] = {name: index for index, name in enumerate(POINTS)}

ROWS: Final[tuple[tuple[int, ...], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (9, 10, 11, 12, 13, 14),
    (15, 16, 17),
    (18, 19, 20),
    (21, 22, 23),
)
"""The points of each board row, row 7 (top) first: the rows of the position text."""

FULL: Final = (1 << 24) - 1
TRIPLE_STARTS: Final = sum(1 << (3 * k) for k in range(8))
"""Bits 0, 3, ..., 21: where each triple of either order starts."""
_TRIPLE_ENDS: Final = TRIPLE_STARTS << 2

VERTICAL_ORDER: Final[tuple[int, ...]] = (
    0, 9, 21, 3, 10, 18, 6, 11, 15, 1, 4, 7, 16, 19, 22, 8, 12, 17, 5, 13, 20, 2, 14, 23,
)  # fmt: skip
"""Points of the vertical mills, column by column: bit ``j`` of a transposed mask is point
``VERTICAL_ORDER[j]``."""


def _byte_tables(order: tuple[int, ...], inverse: bool) -> tuple[tuple[int, ...], ...]:
    """Per input byte, per byte value: the mask it maps to under the permutation."""
    target = [0] * 24
    for j, point in enumerate(order):
        if inverse:
            target[j] = point  # transposed bit j -> point bit
        else:
            target[point] = j  # point bit -> transposed bit j
    tables = []
    for byte in range(3):
        table = []
        for value in range(256):
            mask = 0
            for bit in range(8):
                if value >> bit & 1:
                    mask |= 1 << target[8 * byte + bit]
            table.append(mask)
        tables.append(tuple(table))
    return tuple(tables)


TO_VERTICAL = sum(_byte_tables(VERTICAL_ORDER, inverse=False), ())
"""A point mask's bits in the transposed (vertical-mill) order, a byte at a time: entry
``256 * k + b`` is byte ``k`` of value ``b`` transposed (:func:`to_vertical`; the compiled
kernels read the same table as an array)."""
TO_HORIZONTAL = sum(_byte_tables(VERTICAL_ORDER, inverse=True), ())
"""The inverse of :data:`TO_VERTICAL`, laid out alike (:func:`to_horizontal`)."""


def to_vertical(mask: int) -> int:
    """A point mask in the transposed (vertical-mill) order."""
    table = TO_VERTICAL
    return table[mask & 255] | table[256 + (mask >> 8 & 255)] | table[512 + (mask >> 16)]


def to_horizontal(mask: int) -> int:
    """Inverse of :func:`to_vertical`."""
    table = TO_HORIZONTAL
    return table[mask & 255] | table[256 + (mask >> 8 & 255)] | table[512 + (mask >> 16)]


def triple_flags(own: int, empty: int) -> tuple[int, int]:
    """For the triples of one order: (full of ``own``, two of ``own`` and one of ``empty``).

    Both are flags on each triple's first bit (see :data:`TRIPLE_STARTS`).
    """
    a, b, c = own & TRIPLE_STARTS, own >> 1 & TRIPLE_STARTS, own >> 2 & TRIPLE_STARTS
    full = a & b & c
    e = (empty | empty >> 1 | empty >> 2) & TRIPLE_STARTS
    two = ((a & b) | (a & c) | (b & c)) & ~full & e
    return full, two


def spread(flags: int) -> int:
    """Triple flags (on first bits) widened to all three bits of each triple."""
    return flags | flags << 1 | flags << 2


def along_triples(mask: int) -> int:
    """The points next to ``mask`` along the triples of its order.

    For a mask in the usual order: the horizontal neighbours.
    """
    return (mask << 1 & ~TRIPLE_STARTS & FULL) | (mask >> 1 & ~_TRIPLE_ENDS)


def vertical_neighbours(mask: int) -> int:
    """The points joined to ``mask`` by a vertical line."""
    return to_horizontal(along_triples(to_vertical(mask)))


def adjacent(mask: int) -> int:
    """Every point joined by a line to a point of ``mask``."""
    return along_triples(mask) | vertical_neighbours(mask)


def steps(men: int, empty: int) -> int:
    """How many steps along a line ``men`` can make to a point of ``empty``: one per pair of
    a man and an empty neighbour (a man with two empty neighbours counts two).

    Each line joins two neighbouring points of one triple, so the steps are the
    one-bit shifts, up and down, within the triples of either order.
    """
    total = 0
    for own, free in ((men, empty), (to_vertical(men), to_vertical(empty))):
        total += (own << 1 & ~TRIPLE_STARTS & free).bit_count()
        total += (own >> 1 & ~_TRIPLE_ENDS & free).bit_count()
    return total


def in_mills(men: int) -> int:
    """The men of ``men`` that stand in a closed mill (of their own colour)."""
    horizontal, _ = triple_flags(men, 0)
    vertical, _ = triple_flags(to_vertical(men), 0)
    return spread(horizontal) | to_horizontal(spread(vertical))


_BYTE_BITS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(8 * byte + bit for bit in range(8) if value >> bit & 1) for value in range(256))
    for byte in range(3)
)


def bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of a 24-bit ``mask``, lowest first (three table lookups)."""
    return _BYTE_BITS[0][mask & 255] + _BYTE_BITS[1][mask >> 8 & 255] + _BYTE_BITS[2][mask >> 16]


NEIGHBOURS: Final[tuple[int, ...]] = tuple(adjacent(1 << p) for p in range(24))
"""Each point's neighbours as a mask."""

NEIGHBOUR_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(bits(m)) for m in NEIGHBOURS)
"""Each point's neighbours as a tuple of indices."""

MILLS: Final[tuple[int, ...]] = tuple(0b111 << (3 * k) for k in range(8)) + tuple(
    to_horizontal(0b111 << (3 * k)) for k in range(8)
)
"""The 16 mills as masks: 8 horizontal, then 8 vertical."""

MILLS_OF: Final[tuple[tuple[int, int], ...]] = tuple(
    (MILLS[p // 3], MILLS[8 + VERTICAL_ORDER.index(p) // 3]) for p in range(24)
)
"""Each point's horizontal and vertical mill."""
