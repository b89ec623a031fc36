"""Nine Men's Morris as text: point names, move text, a position's rows and counts, and
the board drawn for a terminal.

The position text's format is in :mod:`plyground.games.morris.rules`
(and docs/morris.md); this module reads and writes its parts and says, in a
:class:`~plyground.core.errors.ParseError`, what is wrong with a part that
no game reaches.
"""

from __future__ import annotations

import re
from typing import Final

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.gridtext import quote
from plyground.games.morris.board import NEIGHBOURS, POINT_INDEX, POINTS, ROWS, bits
from plyground.games.morris.encoding import BLACK, COLOURS, MEN, NONE, SIDES, WHITE, decode_checked

__all__ = [
    "MOVE_PATTERN",
    "board_picture",
    "check_counts",
    "move_points",
    "move_text",
    "parse_point",
    "parse_rows",
    "rows_text",
]

MOVE_PATTERN: Final = re.compile(r"([a-z][0-9]+)(?:-([a-z][0-9]+))?(?:x([a-z][0-9]+))?")
"""A move's text, lower case: a point, ``-`` and a point when moving, ``x`` and the man taken."""
_ALL_POINTS: Final = " ".join(sorted(POINTS))


def parse_point(text: str) -> int:
    """The index of a point name (``"d2"``); ParseError lists the points otherwise."""
    index = POINT_INDEX.get(text.strip().lower())
    if index is None:
        raise ParseError(f"{quote(text)} is not a point of the board (the points: {_ALL_POINTS})")
    return index


def move_points(text: str) -> tuple[int, int, int]:
    """``(origin, destination, taken)`` of a move's text (``d2``, ``d2-d3``, either with
    ``xg7``), :data:`~plyground.games.morris.encoding.NONE` where there is none; ParseError
    shows how moves are written. Says nothing of whether the move is legal."""
    cleaned = text.strip().lower() if isinstance(text, str) else ""
    match = MOVE_PATTERN.fullmatch(cleaned)
    if not match:
        raise ParseError(
            f"{quote(text)} is not a move: write a point to place ('d2'), two points to move "
            f"('d2-d3'), and 'x' with the man to take when closing a mill ('d2-d3xg7')"
        )
    first, second, take = match.groups()
    points = [parse_point(name) if name else NONE for name in (first, second, take)]
    origin, destination = (NONE, points[0]) if second is None else (points[0], points[1])
    return origin, destination, points[2]


def move_text(move: object) -> str:
    """``d2`` (place), ``d2-d3`` (move or fly), with ``xg7`` when a man is taken;
    IllegalMoveError when ``move`` is no move's code at all."""
    parts = decode_checked(move)
    if parts is None:
        raise IllegalMoveError(f"{move!r} is not a Nine Men's Morris move")
    origin, destination, taken = parts
    text = POINTS[destination] if origin == NONE else f"{POINTS[origin]}-{POINTS[destination]}"
    return text if taken == NONE else f"{text}x{POINTS[taken]}"


def rows_text(white: int, black: int) -> str:
    """The ``<rows>`` field of a position: rows 7 down to 1, ``W``, ``B`` or ``.`` a point."""
    return "/".join(
        "".join("W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in points)
        for points in ROWS
    )


def parse_rows(rows_text: str, text: str) -> list[int]:
    """White's and Black's men in a position's ``rows_text`` (of ``text``, for errors)."""
    rows = rows_text.split("/")
    if len(rows) != len(ROWS):
        raise ParseError(f"position {quote(text)} has {len(rows)} rows, expected {len(ROWS)}")
    men = [0, 0]
    for number, (row_text, points) in enumerate(zip(rows, ROWS, strict=True)):
        row_name = 7 - number
        if len(row_text) != len(points):
            raise ParseError(
                f"row {row_name} {quote(row_text)} has {len(row_text)} points, "
                f"expected {len(points)}, in {quote(text)}"
            )
        for char, point in zip(row_text, points, strict=True):
            if char in SIDES:
                men[SIDES.index(char)] |= 1 << point
            elif char != ".":
                raise ParseError(
                    f"unknown character {char!r} in row {row_name} {quote(row_text)} "
                    f"of {quote(text)}: use W, B or ."
                )
    return men


def check_counts(men: list[int], hands: list[int], turns: int, side: str, text: str) -> None:
    """Raise ParseError unless a game reaches these men, hands, turns and side to move."""
    for player in (WHITE, BLACK):
        total = men[player].bit_count() + hands[player]
        if total > MEN:
            raise ParseError(
                f"{COLOURS[player]} has {men[player].bit_count()} men on the board and "
                f"{hands[player]} in hand, more than {MEN}, in {quote(text)}"
            )
    white_hand, black_hand = hands
    if white_hand not in (black_hand, black_hand - 1):
        raise ParseError(
            f"White has {white_hand} men in hand and Black {black_hand} in {quote(text)}: "
            f"they place in turn, White first, so White has as many as Black or one fewer"
        )
    placed = 2 * MEN - white_hand - black_hand
    if white_hand or black_hand:
        if turns != placed:
            raise ParseError(
                f"while men are being placed, turns played equal men placed ({placed}), "
                f"not {turns}, in {quote(text)}"
            )
    elif turns < placed:
        raise ParseError(
            f"all {placed} men have been placed, so at least {placed} turns have been "
            f"played, not {turns}, in {quote(text)}"
        )
    expected = SIDES[turns % 2]
    if side != expected:
        raise ParseError(
            f"after {turns} turns it is {expected} to move, not {side}, in {quote(text)}"
        )


def board_picture(white: int, black: int) -> list[str]:
    """The board's lines for a terminal: the lines between points drawn, row numbers at
    the start of each line and the column letters on the last."""
    grid = [[" "] * 25 for _ in range(13)]
    coords = {
        p: (2 * (7 - int(name[1])), 4 * (ord(name[0]) - ord("a"))) for p, name in enumerate(POINTS)
    }
    for p in range(24):
        for q in bits(NEIGHBOURS[p]):
            (r1, c1), (r2, c2) = coords[p], coords[q]
            if r1 == r2:
                for c in range(min(c1, c2) + 1, max(c1, c2)):
                    grid[r1][c] = "-"
            else:
                for r in range(min(r1, r2) + 1, max(r1, r2)):
                    grid[r][c1] = "|"
    for p, (r, c) in coords.items():
        grid[r][c] = "W" if white >> p & 1 else "B" if black >> p & 1 else "."
    lines = []
    for r, row in enumerate(grid):
        label = str(7 - r // 2) if r % 2 == 0 else " "
        lines.append(f"{label}  " + "".join(row).rstrip())
    lines.append("   " + "   ".join("abcdefg"))
    return lines
