"""Cell names of a square grid: a column letter and a row number, ``a1`` at the bottom left.

Cell ``index = row * size + col`` (row 0 at the bottom) is named
``<column letter><row number>``: on 8x8, ``a1`` is 0 and ``h8`` is 63. The
adjacency game and tic-tac-toe name their cells so (2048 counts its rows from
the top and names its own).
"""

from __future__ import annotations

import re
import string

from plyground.core.errors import ParseError
from plyground.core.gridtext import quote

__all__ = ["COLUMNS", "cell_names", "parse_cell"]

COLUMNS = string.ascii_lowercase
"""The column letters, ``a`` first; a grid is at most 26 cells wide."""
_CELL = re.compile(r"([a-z])([0-9]+)")


def cell_names(size: int) -> tuple[str, ...]:
    """Every cell's name on a ``size`` x ``size`` grid, by index.

    >>> cell_names(3)
    ('a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3')
    """
    return tuple(f"{COLUMNS[i % size]}{i // size + 1}" for i in range(size * size))


def parse_cell(text: str, size: int) -> int:
    """The index of a cell name such as ``"d5"`` on a ``size`` x ``size`` grid; ParseError
    names what is wrong (not a cell name, or off the board).

    >>> parse_cell("c2", 8)
    10
    """
    cleaned = text.strip().lower()
    match = _CELL.fullmatch(cleaned)
    last = f"{COLUMNS[size - 1]}{size}"
    if not match:
        raise ParseError(f"{quote(text)} is not a cell: write a column letter and a row, like 'd5'")
    col = ord(match.group(1)) - ord("a")
    row_digits = match.group(2)
    row = int(row_digits) - 1 if len(row_digits) <= 2 else size  # no board has 100 rows
    if not (0 <= col < size and 0 <= row < size):
        raise ParseError(f"cell {quote(text)} is off the {size}x{size} board (a1..{last})")
    return row * size + col
