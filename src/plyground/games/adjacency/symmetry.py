"""The symmetries of the square board, for the exact search to skip symmetric moves.

A position fixed by a symmetry (the standard start is fixed by the
reflection in the a1-h8 diagonal) has moves that lead to mirror-image
positions of equal value: only one move of each such pair needs a search.

:func:`symmetry_tables` builds, per board size, one int64 block the kernels
read through raw addresses: for each of the seven non-identity symmetries a
byte-wise image table (8 byte positions x 256 byte values: the image of a
mask is the OR of 8 lookups) and the image of each cell. The plain-Python
functions here (:func:`image`, :func:`stabiliser`, :func:`representatives`)
are the reference the kernels are tested against.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from numba import njit

from plyground.core.jit import load_int, trailing_zeros, wrap64

__all__ = [
    "SYMMETRIES",
    "SYMMETRY_WORDS",
    "canonical",
    "cell_image",
    "cell_preimage",
    "image",
    "representatives",
    "skipped_moves",
    "stabiliser",
    "symmetry_orbits",
    "symmetry_tables",
]

_Map = Callable[[int, int, int], tuple[int, int]]
SYMMETRIES: tuple[tuple[str, _Map], ...] = (
    ("diagonal", lambda row, col, n: (col, row)),
    ("anti-diagonal", lambda row, col, n: (n - 1 - col, n - 1 - row)),
    ("half turn", lambda row, col, n: (n - 1 - row, n - 1 - col)),
    ("quarter turn", lambda row, col, n: (col, n - 1 - row)),
    ("three-quarter turn", lambda row, col, n: (n - 1 - col, row)),
    ("mirror columns", lambda row, col, n: (row, n - 1 - col)),
    ("mirror rows", lambda row, col, n: (n - 1 - row, col)),
)
"""The seven non-identity symmetries of a square, as maps of (row, column)."""

_COUNT = len(SYMMETRIES)
_BYTES = 8
_TABLE_WORDS = _BYTES * 256
_PER_SYMMETRY = _TABLE_WORDS + 64
SYMMETRY_WORDS = _COUNT * _PER_SYMMETRY
"""Size of the block :func:`symmetry_tables` returns."""


@functools.cache
def _cell_map(index: int, size: int) -> tuple[int, ...]:
    """Each cell's image under symmetry ``index`` (built once per symmetry and size)."""
    transform = SYMMETRIES[index][1]
    cells = []
    for cell in range(size * size):
        row, col = transform(*divmod(cell, size), size)
        cells.append(row * size + col)
    return tuple(cells)


@functools.cache
def _cells(index: int, size: int) -> tuple[int, ...]:
    return tuple(_cell_map(index, size))


def cell_image(cell: int, index: int | None, size: int) -> int:
    """The image of one cell under symmetry ``index`` (``None``: the identity)."""
    return cell if index is None else _cells(index, size)[cell]


def cell_preimage(cell: int, index: int | None, size: int) -> int:
    """The cell whose image under symmetry ``index`` is ``cell`` (``None``: the identity)."""
    return cell if index is None else _cells(index, size).index(cell)


def canonical(x: int, o: int, size: int) -> tuple[int, int, int | None]:
    """A position's canonical form: the least ``(x, o)`` among its images under the square's
    symmetries, and the symmetry giving it (``None``: the identity). Mirror-image positions
    (of equal value) share one canonical form, so a table keyed by it holds one entry for all.

    >>> canonical(0b0001, 0b1000, 2)  # X on a1, O on b2: already the least
    (1, 8, None)
    >>> canonical(0b0010, 0b0100, 2)[:2] == canonical(0b0100, 0b0010, 2)[:2]  # mirrors
    True
    """
    best: tuple[int, int, int | None] = (x, o, None)
    for index in range(len(SYMMETRIES)):
        cells = _cells(index, size)
        mapped_x = sum(1 << cells[cell] for cell in range(size * size) if x >> cell & 1)
        mapped_o = sum(1 << cells[cell] for cell in range(size * size) if o >> cell & 1)
        if (mapped_x, mapped_o) < best[:2]:
            best = (mapped_x, mapped_o, index)
    return best


def image(mask: int, index: int, size: int) -> int:
    """The image of a board mask under symmetry ``index`` (reference, plain Python)."""
    cells = _cell_map(index, size)
    return sum(1 << cells[cell] for cell in range(size * size) if mask >> cell & 1)


def stabiliser(x: int, o: int, size: int) -> list[int]:
    """The symmetries (indices into :data:`SYMMETRIES`) that leave both masks unchanged."""
    return [
        index
        for index in range(len(SYMMETRIES))
        if image(x, index, size) == x and image(o, index, size) == o
    ]


def representatives(x: int, o: int, empty: int, size: int) -> list[int]:
    """The empty cells left after dropping each cell whose mirror under the stabiliser is lower.

    Every empty cell is the image of exactly one of these under the
    stabiliser (a move and its mirror have equal values).
    """
    symmetries = stabiliser(x, o, size)
    maps = [_cell_map(index, size) for index in symmetries]
    return [
        cell
        for cell in range(size * size)
        if empty >> cell & 1 and all(cells[cell] >= cell for cells in maps)
    ]


def symmetry_orbits(x: int, o: int, empty: int, size: int) -> dict[int, int]:
    """Each empty cell -> its representative (the lowest cell of its orbit under the stabiliser)."""
    maps = [_cell_map(index, size) for index in stabiliser(x, o, size)]
    return {
        cell: min([cell, *(cells[cell] for cells in maps)])
        for cell in range(size * size)
        if empty >> cell & 1
    }


@functools.cache
def _tables(size: int) -> np.ndarray:
    block = np.zeros(SYMMETRY_WORDS, dtype=np.int64)
    values = np.arange(256, dtype=np.uint64)
    for index in range(len(SYMMETRIES)):
        cells = _cell_map(index, size)
        base = index * _PER_SYMMETRY
        for byte in range(_BYTES):
            # The image of each byte value: the OR of its set bits' images.
            mapped = np.zeros(256, dtype=np.uint64)
            for bit in range(8):
                cell = 8 * byte + bit
                if cell < size * size:
                    image_bit = np.uint64(1 << cells[cell])
                    mapped |= np.where((values >> np.uint64(bit)) & np.uint64(1), image_bit, 0)
            block[base + byte * 256 : base + byte * 256 + 256] = mapped.view(np.int64)
        block[base + _TABLE_WORDS : base + _TABLE_WORDS + size * size] = cells
    block.setflags(write=False)
    return block


def symmetry_tables(size: int) -> np.ndarray:
    """The kernels' symmetry block for a board size (built once, read-only)."""
    return _tables(size)


@njit(cache=True)
def _mapped(tables: int, base: int, mask: int) -> int:
    out = 0
    for byte in range(_BYTES):
        out |= load_int(tables, base + byte * 256 + ((mask >> (8 * byte)) & 255))
    return out


@njit(cache=True)
def skipped_moves(tables: int, own: int, theirs: int, empty: int) -> int:
    """The empty cells a search may skip: those with a lower mirror under the stabiliser.

    ``tables`` is the address of :func:`symmetry_tables`' block; the kernel
    twin of :func:`representatives` (it returns the complement, as a mask).
    """
    skip = 0
    for index in range(_COUNT):
        base = index * _PER_SYMMETRY
        if _mapped(tables, base, own) != own or _mapped(tables, base, theirs) != theirs:
            continue
        cells = empty
        while cells != 0:
            cell = trailing_zeros(cells)
            cells = wrap64(cells & (cells - 1))
            if load_int(tables, base + _TABLE_WORDS + cell) < cell:
                skip |= wrap64(1 << cell)
    return skip
