"""N-Queens (docs/rules.md section 5) as a one-player puzzle: the plain-Python reference.

Queens are placed column by column, from column ``a`` (the first) to the
last; a move puts the next queen in a row no earlier queen attacks. A state
is therefore always a partial placement of non-attacking queens in the first
``k`` columns. It is terminal when all ``N`` queens are placed (a solution,
return 1.0) or when no row of the next column is safe (a dead end, 0.0).

Rows and columns are 0-based in code and 1-based in text. The position text
is ``<N>:<rows>``: the board size, a colon, then the row of the queen in
each filled column, left to right, separated by commas. ``8:`` is the empty
8x8 board; ``4:2,4,1,3`` is a solution of 4-Queens. A move is written as the
row number (``5``) or, on boards up to 26 columns, as the cell (``c5``,
which must be in the next column).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from numbers import Integral
from typing import ClassVar

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import TERMINAL, Capabilities, Game, Move, ValueState
from plyground.core.gridtext import parse_bounded, quote
from plyground.core.settings import Setting
from plyground.games.queens.profile import PROFILE

__all__ = [
    "MAX_SIZE",
    "QueensGame",
    "QueensState",
    "column_name",
    "find_attack",
    "is_solution",
    "parse_position",
    "square_name",
]

MAX_SIZE = 10_000_000
"""The largest board the game accepts (a position of this size is about 80 MB of text)."""
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"([a-z])([0-9]+)")


def column_name(col: int, size: int) -> str:
    """A column's name: a letter on boards up to 26 wide (``a``), else its number (``27``)."""
    return _LETTERS[col] if size <= len(_LETTERS) else str(col + 1)


def square_name(col: int, row: int, size: int) -> str:
    """A square's name: ``c5`` on boards up to 26 wide, ``column 30 row 5`` beyond."""
    if size <= len(_LETTERS):
        return f"{_LETTERS[col]}{row + 1}"
    return f"column {col + 1} row {row + 1}"


def find_attack(rows: Sequence[int]) -> tuple[int, int, str] | None:
    """The first pair of columns whose queens attack each other, or None.

    Returns ``(earlier column, later column, "row" | "diagonal")``; linear time.
    """
    row_owner: dict[int, int] = {}
    rising: dict[int, int] = {}
    falling: dict[int, int] = {}
    for col, row in enumerate(rows):
        for table, key, kind in (
            (row_owner, row, "row"),
            (rising, row - col, "diagonal"),
            (falling, row + col, "diagonal"),
        ):
            other = table.get(key)
            if other is not None:
                return other, col, kind
            table[key] = col
    return None


def is_solution(rows: Sequence[int], size: int | None = None) -> bool:
    """True when ``rows`` (one row per column) places ``size`` non-attacking queens."""
    size = len(rows) if size is None else size
    return (
        len(rows) == size
        and all(isinstance(r, Integral) and 0 <= r < size for r in rows)
        and find_attack(rows) is None
    )


class QueensGame(Game):
    """Place N queens on an NxN board, column by column, none attacking another."""

    NAME = "queens"
    DESCRIPTION = "N-Queens: place N non-attacking queens, one per column (a puzzle)"
    CAPABILITIES = Capabilities(players=1, chance=False, zero_sum=False)
    PLAYER_NAMES = ("solver",)
    ENCODING = "plyground.games.queens.learning:QueensEncoding"
    PROFILE = PROFILE
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting("size", int, 8, "board side: the number of queens", minimum=1, maximum=MAX_SIZE),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.size: int = self._settings["size"]

    def initial_state(self) -> QueensState:
        return QueensState(self, ())

    def parse_state(self, text: str) -> QueensState:
        """Read ``<N>:<rows>``; the size must be this game's."""
        size, rows = parse_position(text)
        if size != self.size:
            raise ParseError(
                f"position {quote(text)} is for N = {size}, but this game is N = {self.size}"
            )
        return QueensState(self, rows)

    def state_from_rows(self, rows: Sequence[int]) -> QueensState:
        """The state with queens in ``rows`` (0-based, one per filled column), checked."""
        rows = tuple(rows)
        if len(rows) > self.size:
            raise IllegalMoveError(f"{len(rows)} queens do not fit on a {self.size}-column board")
        for col, row in enumerate(rows):
            if not isinstance(row, Integral) or not 0 <= row < self.size:
                raise IllegalMoveError(
                    f"row {row!r} of column {column_name(col, self.size)} is off the board"
                )
        _raise_on_attack(rows, self.size, repr(rows), IllegalMoveError)
        return QueensState(self, tuple(int(r) for r in rows))


def _raise_on_attack(
    rows: Sequence[int], size: int, where: str, error: type[ParseError | IllegalMoveError]
) -> None:
    attack = find_attack(rows)
    if attack is not None:
        first, second, kind = attack
        raise error(
            f"the queens in columns {column_name(first, size)} (row {rows[first] + 1}) and "
            f"{column_name(second, size)} (row {rows[second] + 1}) share a {kind} in {where}"
        )


def parse_position(text: str) -> tuple[int, tuple[int, ...]]:
    """Read a position text ``<N>:<rows>`` into ``(N, 0-based rows)``.

    Raises ParseError naming the problem: no colon, a size that is not a
    whole number from 1 to :data:`MAX_SIZE`, a row that is not a whole number
    from 1 to N, more queens than columns, or two queens that attack each other.

    >>> parse_position("4:2,4,1")
    (4, (1, 3, 0))
    """
    if not isinstance(text, str):
        raise ParseError(f"position must be text, got {type(text).__name__}")
    size_text, colon, rows_text = text.strip().partition(":")
    if not colon:
        raise ParseError(
            f"position {quote(text)} must be <N>:<rows>, like '8:1,5,8' (rows of the queens "
            f"in columns a, b, c, ...) or '8:' for the empty board"
        )
    size = parse_bounded(size_text.strip(), "board size N", 1, MAX_SIZE, text)
    fields = rows_text.split(",") if rows_text.strip() else []
    if len(fields) > size:
        raise ParseError(f"position {quote(text)} has {len(fields)} queens but only {size} columns")
    rows = [
        parse_bounded(field.strip(), f"the row of column {column_name(col, size)}", 1, size, text)
        - 1
        for col, field in enumerate(fields)
    ]
    _raise_on_attack(rows, size, quote(text), ParseError)
    return size, tuple(rows)


class QueensState(ValueState):
    """Non-attacking queens in the first ``len(rows)`` columns; immutable and hashable.

    Build states through the game (``initial_state``, ``parse_state``,
    ``state_from_rows``) or ``play``: the constructor trusts its input.
    """

    __slots__ = ("_game", "rows")

    _game: QueensGame
    rows: tuple[int, ...]

    def __init__(self, game: QueensGame, rows: tuple[int, ...]) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "rows", rows)
        self._fix((game.size, rows))

    def __repr__(self) -> str:
        text = self.text()
        return f"QueensState({text if len(text) <= 80 else text[:77] + '...'!r})"

    # -- the contract ---------------------------------------------------------
    @property
    def game(self) -> QueensGame:
        return self._game

    @property
    def size(self) -> int:
        """N: the board side and the number of queens to place."""
        return self._game.size

    def safe_rows(self) -> list[int]:
        """The rows of the next column that no placed queen attacks (ascending)."""
        col = len(self.rows)
        if col >= self.size:
            return []
        attacked = set(self.rows)
        for c, r in enumerate(self.rows):
            distance = col - c
            attacked.add(r + distance)
            attacked.add(r - distance)
        return [row for row in range(self.size) if row not in attacked]

    def is_solved(self) -> bool:
        """True when all N queens are placed."""
        return len(self.rows) == self.size

    def is_terminal(self) -> bool:
        return self.is_solved() or not self.safe_rows()

    def to_move(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def legal_moves(self) -> list[int]:
        """The safe rows of the next column (0-based); none once solved or stuck."""
        return self.safe_rows()

    def play(self, move: Move) -> QueensState:
        """Put the next column's queen on row ``move`` (0-based)."""
        if self.is_solved():
            raise IllegalMoveError(f"the puzzle is solved: no move is legal in {self.text()!r}")
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < self.size:
            raise IllegalMoveError(
                f"{move!r} is not a row index of a {self.size}x{self.size} board"
            )
        if move not in self.safe_rows():
            raise IllegalMoveError(self._attack_message(move))
        return QueensState(self._game, (*self.rows, move))

    def _attack_message(self, row: int) -> str:
        col = len(self.rows)
        where = square_name(col, row, self.size)
        for c, r in enumerate(self.rows):
            if r == row or abs(r - row) == col - c:
                kind = "row" if r == row else "diagonal"
                return (
                    f"a queen on {where} would share a {kind} with the queen on "
                    f"{square_name(c, r, self.size)} in {self.text()!r}"
                )
        raise AssertionError("row is safe")  # pragma: no cover - callers checked

    def returns(self) -> tuple[float]:
        """1.0 at a solution, 0.0 otherwise."""
        return (1.0 if self.is_solved() else 0.0,)

    def move_text(self, move: Move) -> str:
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < self.size:
            raise IllegalMoveError(
                f"{move!r} is not a row index of a {self.size}x{self.size} board"
            )
        return str(move + 1)

    def parse_move(self, text: str) -> int:
        """Read a row number (``5``) or a cell of the next column (``c5``).

        ParseError when it is neither or is off the board; IllegalMoveError
        when the cell is not in the next column or is attacked.
        """
        cleaned = text.strip().lower()
        col = len(self.rows)
        match = _CELL.fullmatch(cleaned)
        if match and self.size <= len(_LETTERS):
            letter, number = match.groups()
            if _LETTERS.index(letter) >= self.size:
                raise ParseError(
                    f"column {letter!r} of {quote(text)} is off the {self.size}-wide board"
                )
            if col >= self.size:
                raise IllegalMoveError(f"the puzzle is solved: no move is legal in {self.text()!r}")
            if letter != _LETTERS[col]:
                raise IllegalMoveError(
                    f"{quote(text)} is in column {letter}, but the next queen goes in column "
                    f"{_LETTERS[col]}"
                )
            cleaned = number
        if not (cleaned.isascii() and cleaned.isdigit()):
            raise ParseError(
                f"{quote(text)} is not a move: write the row number of the next queen, like '5'"
            )
        digits = cleaned.lstrip("0")
        row = (
            int(digits) if 0 < len(digits) <= len(str(self.size)) else 0
        )  # no int() of 5000 digits
        if not 1 <= row <= self.size:
            raise ParseError(
                f"row {quote(cleaned)} of {quote(text)} is off the board (rows 1..{self.size})"
            )
        if col >= self.size:
            raise IllegalMoveError(f"the puzzle is solved: no move is legal in {self.text()!r}")
        if row - 1 not in self.safe_rows():
            raise IllegalMoveError(self._attack_message(row - 1))
        return row - 1

    def text(self) -> str:
        return f"{self.size}:" + ",".join(str(r + 1) for r in self.rows)

    # -- friendly API ---------------------------------------------------------
    def render(self) -> str:
        """The board with ``Q`` for a queen and ``.`` for an empty cell, row N on top.

        >>> print(QueensGame(size=4).parse_state("4:2,4,1,3").render())
        4  . Q . .
        3  . . . Q
        2  Q . . .
        1  . . Q .
           a b c d
        """
        size = self.size
        width = len(str(size))
        lines = []
        for row in range(size - 1, -1, -1):
            cells = ["Q" if r == row else "." for r in self.rows]
            cells.extend("." * (size - len(self.rows)))
            lines.append(f"{row + 1:>{width}}  " + " ".join(cells))
        if size <= len(_LETTERS):
            lines.append(" " * (width + 2) + " ".join(_LETTERS[:size]))
        return "\n".join(lines)
