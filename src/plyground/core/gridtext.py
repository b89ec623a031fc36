"""Position texts: space-separated fields, bounded numbers, and FEN-style board rows.

:func:`split_fields` checks a position's fields for every game, and
:func:`parse_bounded` reads each number in them (a count of plies, men,
points) within what the game allows, so no text, however long its digits,
gets past a parser as an unchecked number or as Python's own ``ValueError``.

A board is written top row first, rows separated by ``/``; in a row each
piece is a letter and a run of empty cells is a digit (as in chess FEN):
``XX6`` is two X marks then six empty cells. Boards are bitmasks, one per
piece letter, with bit ``row * width + col`` and row 0 at the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence

from plyground.core.errors import ParseError

__all__ = ["format_rows", "parse_bounded", "parse_rows", "quote", "split_fields"]

_QUOTE_LIMIT = 80
"""Characters of an input quoted in an error before it is cut short."""


def quote(text: str, limit: int = _QUOTE_LIMIT) -> str:
    """``repr(text)``, cut short (with its length) when longer than ``limit`` characters.

    >>> quote("9" * 100, limit=8)
    "'99999999...' (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"


def parse_bounded(field: str, name: str, low: int, high: int, text: str) -> int:
    """Read ``field``, a whole number from ``low`` to ``high`` written in ASCII digits.

    ``name`` says what the number is and ``text`` is the whole input; both
    appear in the ParseError, which quotes long inputs cut short. Digits are
    counted before they are converted, so a field of thousands of digits is
    refused like any other number out of range (never Python's digit limit).

    >>> parse_bounded("12", "plies left", 0, 56, "... X 12")
    12
    >>> try:
    ...     parse_bounded("9" * 5000, "plies left", 0, 56, "X " + "9" * 5000)
    ... except ParseError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    plies left must be a whole number from 0 to 56, got '999...' (5000 characters) in 'X 99...
    """
    digits = field.lstrip("0") or "0"
    if not (
        field.isascii()
        and field.isdigit()
        and len(digits) <= len(str(high))
        and low <= int(digits) <= high
    ):
        raise ParseError(
            f"{name} must be a whole number from {low} to {high}, got {quote(field)} "
            f"in {quote(text)}"
        )
    return int(digits)


def split_fields(text: object, layout: Sequence[str]) -> list[str]:
    """Split a position text into its space-separated fields, one per name in ``layout``.

    Raises ParseError quoting the text when it is not text or has the wrong
    number of fields (the message lists the fields expected).

    >>> split_fields("XX2/4 X 3", ("rows", "to-move", "plies-left"))
    ['XX2/4', 'X', '3']
    """
    if not isinstance(text, str):
        raise ParseError(f"position must be text, got {type(text).__name__}")
    fields = text.strip().split(" ")
    if len(fields) != len(layout):
        separator = "single spaces" if len(layout) > 2 else "a single space"
        names = " ".join(f"<{name}>" for name in layout)
        raise ParseError(
            f"position {quote(text)} must have {len(layout)} fields separated by {separator} "
            f"({names}), found {len(fields)}"
        )
    return fields


def parse_rows(rows: Sequence[str], width: int, pieces: str, text: str) -> list[int]:
    """Read ``rows`` (top row first) into one bitmask per letter of ``pieces``.

    ``text`` is the whole input, quoted in errors. Raises ParseError naming
    the row and what is wrong with it: too many cells, a digit that
    overflows it, an unknown character, or too few cells.

    >>> parse_rows(["2O", "X2"], 3, "XO", "2O/X2")
    [1, 32]
    """
    masks = [0] * len(pieces)
    height = len(rows)
    hint = f" ({height} rows, so {width} cells a row)" if height == width else ""
    for top_index, row_text in enumerate(rows):
        row = height - 1 - top_index
        col = 0
        for char in row_text:
            piece = pieces.find(char)
            if piece >= 0:
                if col >= width:
                    raise ParseError(
                        f"row {row + 1} {quote(row_text)} has more than {width} cells "
                        f"in {quote(text)}{hint}"
                    )
                masks[piece] |= 1 << (row * width + col)
                col += 1
            elif char.isdigit() and char != "0" and char.isascii():
                col += int(char)
                if col > width:
                    raise ParseError(
                        f"digit {char!r} overflows row {row + 1} {quote(row_text)} "
                        f"(more than {width} cells) in {quote(text)}{hint}"
                    )
            else:
                raise ParseError(
                    f"unknown character {char!r} in row {row + 1} {quote(row_text)} "
                    f"of {quote(text)}: "
                    f"use {', '.join(pieces)} or a digit 1-{min(width, 9)}"
                )
        if col != width:
            raise ParseError(
                f"row {row + 1} {quote(row_text)} has {col} cells, expected {width}, "
                f"in {quote(text)}"
            )
    return masks


def format_rows(masks: Sequence[int], width: int, height: int, pieces: str) -> str:
    """Write the bitmasks (one per letter of ``pieces``) as rows, top row first.

    >>> format_rows([1, 32], 3, 2, "XO")
    '2O/X2'
    """
    rows = []
    for row in range(height - 1, -1, -1):
        out = []
        run = 0
        for col in range(width):
            bit = 1 << (row * width + col)
            char = next((p for p, mask in zip(pieces, masks, strict=True) if mask & bit), "")
            if not char:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(char)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)
