"""Tic-tac-toe (docs/rules.md section 2): the plain-Python reference.

The board is two 9-bit masks: bit ``row * 3 + col`` is cell
``<col letter><row number>``, so ``a1`` (bottom left) is bit 0 and ``c3``
(top right) bit 8. X moves first, so the side to move follows from the
counts: X when both have as many marks, O when X has one more.

Position text: ``<rows> <to-move>``, rows from the top (row 3) down to row 1,
separated by ``/``, each of ``X``, ``O`` and digits 1-3 for runs of empty
cells, as in the adjacency game's text (docs/rules.md section 1). The start is
``3/3/3 X``; after X plays b2 and O plays a1 it is ``3/1X1/O2 X``.
"""

from __future__ import annotations

from typing import ClassVar

from plyground.core.cells import cell_names, parse_cell
from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import TERMINAL, Capabilities, Game, Move, ValueState
from plyground.core.gridtext import format_rows, parse_rows, quote, split_fields
from plyground.core.settings import Setting
from plyground.games.tictactoe.profile import PROFILE

__all__ = ["CELLS", "FULL", "LINES", "O", "TicTacToeGame", "TicTacToeState", "X"]

X = 0
"""Player index of X (moves first)."""
O = 1  # noqa: E741 - the game's own name for the second player
"""Player index of O."""
SIDES = "XO"
SIZE = 3
CELLS = 9
FULL = (1 << CELLS) - 1
NAMES = cell_names(SIZE)


def _line(*cells: int) -> int:
    return sum(1 << cell for cell in cells)


LINES: tuple[int, ...] = (
    _line(0, 1, 2),
    _line(3, 4, 5),
    _line(6, 7, 8),
    _line(0, 3, 6),
    _line(1, 4, 7),
    _line(2, 5, 8),
    _line(0, 4, 8),
    _line(2, 4, 6),
)
"""The eight winning lines as masks: three rows, three columns, two diagonals."""


def has_line(marks: int) -> bool:
    """True when ``marks`` holds a whole row, column or diagonal."""
    return any(marks & line == line for line in LINES)


class TicTacToeGame(Game):
    """Standard 3x3 tic-tac-toe: X first, three in a row wins."""

    NAME = "tictactoe"
    DESCRIPTION = "Tic-tac-toe: 3x3, X first, three in a row wins"
    CAPABILITIES = Capabilities(players=2, chance=False, zero_sum=True)
    PLAYER_NAMES = ("X", "O")
    PROFILE = PROFILE
    SETTINGS: ClassVar[tuple[Setting, ...]] = ()
    ENCODING = "plyground.games.tictactoe.learning:TicTacToeEncoding"

    def initial_state(self) -> TicTacToeState:
        return TicTacToeState(self, 0, 0)

    def parse_state(self, text: str) -> TicTacToeState:
        """Read ``<rows> <to-move>``; ParseError names the problem.

        Rejects wrong row or cell counts, unknown characters, overflowing
        digits, a bad side, a side to move that the counts contradict, and
        boards no game reaches (both sides with a line, or a line for the
        side that is to move).
        """
        rows_text, side_text = split_fields(text, ("rows", "to-move"))
        rows = rows_text.split("/")
        if len(rows) != SIZE:
            raise ParseError(f"position {quote(text)} has {len(rows)} rows, expected {SIZE}")
        x, o = parse_rows(rows, SIZE, "XO", text)
        if side_text not in ("X", "O"):
            raise ParseError(
                f"side to move must be X or O, got {quote(side_text)} in {quote(text)}"
            )
        xs, os_ = x.bit_count(), o.bit_count()
        if xs not in (os_, os_ + 1):
            raise ParseError(
                f"X has {xs} marks and O {os_} in {quote(text)}: X moves first, so X has as many "
                f"marks as O or one more"
            )
        expected = "X" if xs == os_ else "O"
        if side_text != expected:
            raise ParseError(
                f"it is {expected} to move with {xs} X and {os_} O marks, not {side_text}, "
                f"in {quote(text)}"
            )
        x_line, o_line = has_line(x), has_line(o)
        if x_line and o_line:
            raise ParseError(f"both X and O have three in a row in {quote(text)}")
        if (x_line and expected == "X") or (o_line and expected == "O"):
            winner = "X" if x_line else "O"
            raise ParseError(
                f"{winner} has three in a row but moved again afterwards in {quote(text)}"
            )
        return TicTacToeState(self, x, o)


class TicTacToeState(ValueState):
    """A position: X's and O's masks (the side to move follows from them).

    Immutable and hashable; ``x`` and ``o`` are 9-bit masks (``a1`` = bit 0).
    Moves are cell indices 0-8.
    """

    __slots__ = ("_game", "_status", "o", "x")

    _game: TicTacToeGame
    x: int
    o: int
    _status: int
    """TERMINAL when the game is over, else the player to move."""

    def __init__(self, game: TicTacToeGame, x: int, o: int) -> None:
        if x & o:
            raise ValueError("a cell cannot hold both X and O")
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "o", o)
        self._fix((x, o))
        over = (x | o) == FULL or has_line(x) or has_line(o)
        side = X if x.bit_count() == o.bit_count() else O
        object.__setattr__(self, "_status", TERMINAL if over else side)

    # -- the contract -------------------------------------------------------
    @property
    def game(self) -> TicTacToeGame:
        return self._game

    @property
    def side(self) -> int:
        """Whose turn it is by the counts (X=0, O=1), even once the game is over."""
        return X if self.x.bit_count() == self.o.bit_count() else O

    def to_move(self) -> int:
        return self._status

    def is_terminal(self) -> bool:
        return self._status == TERMINAL

    def empty(self) -> int:
        """The mask of empty cells."""
        return FULL & ~(self.x | self.o)

    def legal_moves(self) -> list[int]:
        """Every empty cell in index order (a1, b1, c1, a2, ...); none once the game is over."""
        if self._status == TERMINAL:
            return []
        empty = self.empty()
        return [cell for cell in range(CELLS) if empty >> cell & 1]

    def play(self, move: Move) -> TicTacToeState:
        """Put the mover's mark on cell ``move`` (an index 0-8)."""
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < CELLS:
            raise IllegalMoveError(f"{move!r} is not a cell index of the 3x3 board (0-8)")
        if self._status == TERMINAL:
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        bit = 1 << move
        if (self.x | self.o) & bit:
            raise IllegalMoveError(f"cell {NAMES[move]} is occupied by {self.cell(move)}")
        if self._status == X:
            return TicTacToeState(self._game, self.x | bit, self.o)
        return TicTacToeState(self._game, self.x, self.o | bit)

    def returns(self) -> tuple[float, float]:
        """(1, -1) when X has a line, (-1, 1) when O has, (0, 0) otherwise."""
        winner = self.winner()
        if winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == X else (-1.0, 1.0)

    def move_text(self, move: Move) -> str:
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < CELLS:
            raise IllegalMoveError(f"{move!r} is not a cell index of the 3x3 board (0-8)")
        return NAMES[move]

    def parse_move(self, text: str) -> int:
        """Read a cell name (``b2``); ParseError if it is not one, IllegalMoveError if taken."""
        index = parse_cell(text, SIZE)
        if self._status == TERMINAL:
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        if (self.x | self.o) >> index & 1:
            raise IllegalMoveError(f"cell {NAMES[index]} is occupied by {self.cell(index)}")
        return index

    def text(self) -> str:
        rows = format_rows((self.x, self.o), SIZE, SIZE, "XO")
        return f"{rows} {SIDES[self.side]}"

    # -- friendly API -------------------------------------------------------
    def cell(self, where: int | str) -> str | None:
        """``"X"``, ``"O"`` or ``None`` for a cell given by index or name."""
        index = parse_cell(where, SIZE) if isinstance(where, str) else where
        return "X" if self.x >> index & 1 else "O" if self.o >> index & 1 else None

    def move_effects(self, move: Move) -> dict[str, str]:
        """``{cell: "placed"}``: a move changes only its own cell."""
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < CELLS:
            return {}
        return {NAMES[move]: "placed"}

    def winner(self) -> int | None:
        """X (0) or O (1) when one has three in a row, else None."""
        if has_line(self.x):
            return X
        if has_line(self.o):
            return O
        return None

    def winning_line(self) -> tuple[str, ...]:
        """The cells of the three in a row (``("a1", "b1", "c1")``, a1 first), or ``()``."""
        for line in LINES:
            if self.x & line == line or self.o & line == line:
                return tuple(NAMES[i] for i in range(CELLS) if line >> i & 1)
        return ()

    def render(self) -> str:
        """The board for a terminal: rows 3 to 1 with their numbers, columns a-c below."""
        lines = []
        for row in range(SIZE - 1, -1, -1):
            marks = (self.cell(row * SIZE + col) or "." for col in range(SIZE))
            lines.append(f"{row + 1}  " + " ".join(marks))
        lines.append("   a b c")
        return "\n".join(lines)
