"""The Adjacency Strategy Game (docs/rules.md section 1): the plain-Python reference.

Boards are Python ints used as bitboards: bit ``row * size + col`` is cell
``<col letter><row number>``, so ``a1`` is bit 0 and, on 8x8, ``h8`` bit 63.
A state keeps one mask per player, the side to move and the plies left.
Placing a mark on an empty cell ``c`` flips ``neighbours[c] & opponent``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from plyground.core.cells import COLUMNS, cell_names
from plyground.core.cells import parse_cell as parse_grid_cell
from plyground.core.errors import IllegalMoveError, ParseError, SettingsError
from plyground.core.game import TERMINAL, Capabilities, Game, Move, ValueState
from plyground.core.gridtext import format_rows, parse_bounded, parse_rows, quote, split_fields
from plyground.core.settings import Setting
from plyground.games.adjacency.profile import PROFILE

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "AdjacencyGame",
    "AdjacencyState",
    "Geometry",
    "O",
    "X",
    "cell_name",
    "geometry",
    "likely_game",
    "max_rounds",
    "parse_cell",
    "parse_position",
]

X = 0
"""Player index of X."""
O = 1  # noqa: E741 - the game's own name for the second player
"""Player index of O."""
MIN_SIZE = 4
MAX_SIZE = 8
SIDES = "XO"


def max_rounds(size: int) -> int:
    """The largest round count for a board: ``(cells - 8) // 2`` (28 on 8x8)."""
    return (size * size - 8) // 2


@dataclass(frozen=True)
class Geometry:
    """Precomputed masks of one board size."""

    size: int
    cells: int
    full: int
    neighbours: tuple[int, ...]
    names: tuple[str, ...]
    x_start: int
    o_start: int


@functools.cache
def geometry(size: int) -> Geometry:
    """The masks for a ``size`` x ``size`` board (cached)."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SettingsError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, got {size}")
    cells = size * size
    neighbours = []
    for index in range(cells):
        row, col = divmod(index, size)
        mask = 0
        for d_row, d_col in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + d_row, col + d_col
            if 0 <= r < size and 0 <= c < size:
                mask |= 1 << (r * size + c)
        neighbours.append(mask)
    names = cell_names(size)

    def block(row: int, col: int) -> int:
        return sum(1 << ((row + dr) * size + col + dc) for dr in (0, 1) for dc in (0, 1))

    return Geometry(
        size=size,
        cells=cells,
        full=(1 << cells) - 1,
        neighbours=tuple(neighbours),
        names=names,
        x_start=block(0, 0),
        o_start=block(size - 2, size - 2),
    )


def cell_name(index: int, size: int = 8) -> str:
    """The name of a cell index: ``cell_name(0) == "a1"``, ``cell_name(63) == "h8"``."""
    return geometry(size).names[index]


def parse_cell(text: str, size: int = 8) -> int:
    """The index of a cell name such as ``"d5"``; ParseError names what is wrong
    (:func:`plyground.core.cells.parse_cell`, the board ``size`` wide).

    >>> parse_cell("c2", 8)
    10
    """
    return parse_grid_cell(text, size)


class AdjacencyGame(Game):
    """Place a mark, flip the orthogonally adjacent opponent marks; most marks wins."""

    NAME = "adjacency"
    DESCRIPTION = "Adjacency Strategy Game: place a mark, flip adjacent opponent marks"
    CAPABILITIES = Capabilities(players=2, chance=False, zero_sum=True)
    PLAYER_NAMES = ("X", "O")
    ENCODING = "plyground.games.adjacency.learning:AdjacencyEncoding"
    PROFILE = PROFILE
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting("size", int, 8, "board side", minimum=MIN_SIZE, maximum=MAX_SIZE),
        Setting("rounds", int, None, "rounds (default 8, or the maximum if smaller)", minimum=1),
        Setting("first", str, "X", "who moves first", choices=("X", "O")),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        size: int = self._settings["size"]
        limit = max_rounds(size)
        rounds = self._settings["rounds"]
        if rounds is None:
            rounds = min(8, limit)
        if not 1 <= rounds <= limit:
            raise SettingsError(
                f"game 'adjacency': rounds must be 1 to {limit} on a {size}x{size} board, "
                f"got {rounds}",
                setting="rounds",
            )
        self._settings["rounds"] = rounds
        self.size = size
        self.rounds = rounds
        self.first = SIDES.index(self._settings["first"])
        self.geometry = geometry(size)

    def initial_state(self) -> AdjacencyState:
        g = self.geometry
        return AdjacencyState(self, g.x_start, g.o_start, self.first, 2 * self.rounds)

    def parse_state(self, text: str) -> AdjacencyState:
        """Read ``<rows> <to-move> <plies-left>`` (docs/rules.md); the size must match this game."""
        state = parse_position(text)
        if state.size != self.size:
            raise ParseError(
                f"position {quote(text)} is for a {state.size}x{state.size} board, "
                f"but this game is {self.size}x{self.size}"
            )
        return AdjacencyState(self, state.x, state.o, state.side, state.plies_left)


def parse_position(text: str) -> AdjacencyState:
    """Read a position text of any size (the game's rounds default to the maximum).

    Raises ParseError naming the problem: field count, row count, row width,
    unknown character, overflowing digit, bad side, or a ply count that is
    not a whole number up to twice the board's most rounds (56 on 8x8).
    """
    rows_text, side_text, plies_text = split_fields(text, ("rows", "to-move", "plies-left"))
    rows = rows_text.split("/")
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ParseError(
            f"position {quote(text)} has {size} rows; boards have {MIN_SIZE} to {MAX_SIZE}"
        )
    x, o = parse_rows(rows, size, "XO", text)
    if side_text not in ("X", "O"):
        raise ParseError(f"side to move must be X or O, got {quote(side_text)} in {quote(text)}")
    most = 2 * max_rounds(size)  # the plies of the longest game this board allows
    plies = parse_bounded(plies_text, "plies left", 0, most, text)
    game = AdjacencyGame(size=size, rounds=max_rounds(size))
    return AdjacencyState(game, x, o, SIDES.index(side_text), plies)


def likely_game(state: AdjacencyState) -> AdjacencyGame:
    """The game ``state`` most likely comes from: its board size, with the rounds and the
    first mover that its marks and plies left add up to from the standard start (eight
    marks, one more each ply); ``state``'s own game when they do not (a position set up by
    hand). ``parse_position`` cannot know the rounds; the engine's weights depend on them.

    >>> likely_game(parse_position("6OO/6OO/8/8/8/8/XX6/XX6 X 16")).spec
    'adjacency(size=8,rounds=8,first=X)'
    """
    played = state.count(X) + state.count(O) - 8
    total = played + state.plies_left
    size = state.size
    if played < 0 or total % 2 or not 1 <= total // 2 <= max_rounds(size):
        return state.game
    first = state.side if played % 2 == 0 else 1 - state.side
    return AdjacencyGame(size=size, rounds=total // 2, first=SIDES[first])


class AdjacencyState(ValueState):
    """A position: X's and O's masks, the side to move and the plies left.

    Immutable and hashable. The friendly API names cells (``"d5"``); the
    fields ``x``, ``o`` (bitboards), ``side`` and ``plies_left`` are for speed.
    """

    __slots__ = ("_game", "geometry", "o", "plies_left", "side", "x")

    _game: AdjacencyGame
    geometry: Geometry
    x: int
    o: int
    side: int
    plies_left: int

    def __init__(self, game: AdjacencyGame, x: int, o: int, side: int, plies_left: int) -> None:
        if x & o:
            raise ValueError("a cell cannot hold both X and O")
        if plies_left < 0:
            raise ValueError(f"plies left must not be negative, got {plies_left}")
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "geometry", game.geometry)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "o", o)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "plies_left", plies_left)
        self._fix((x, o, side, plies_left, game.geometry.size))

    # -- the contract -------------------------------------------------------
    @property
    def game(self) -> AdjacencyGame:
        return self._game

    @property
    def size(self) -> int:
        """The board side."""
        return self.geometry.size

    def is_terminal(self) -> bool:
        return self.plies_left == 0 or (self.x | self.o) == self.geometry.full

    def to_move(self) -> int:
        return TERMINAL if self.is_terminal() else self.side

    def empty(self) -> int:
        """The mask of empty cells."""
        return self.geometry.full & ~(self.x | self.o)

    def legal_moves(self) -> list[int]:
        """Every empty cell, in index order (a1, b1, ...); none once the game is over."""
        if self.is_terminal():
            return []
        empty = self.empty()
        moves = []
        while empty:
            low = empty & -empty
            moves.append(low.bit_length() - 1)
            empty ^= low
        return moves

    def play(self, move: Move) -> AdjacencyState:
        """Place the mover's mark on cell ``move`` (an index) and flip its neighbours."""
        if not isinstance(move, int) or not 0 <= move < self.geometry.cells:
            raise IllegalMoveError(
                f"{move!r} is not a cell index of a {self.size}x{self.size} board"
            )
        bit = 1 << move
        if self.plies_left == 0 or (self.x | self.o) == self.geometry.full:
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        if (self.x | self.o) & bit:
            owner = "X" if self.x & bit else "O"
            raise IllegalMoveError(f"cell {self.geometry.names[move]} is occupied by {owner}")
        near = self.geometry.neighbours[move]
        if self.side == 0:
            flips = near & self.o
            return AdjacencyState(
                self._game, self.x | bit | flips, self.o ^ flips, 1, self.plies_left - 1
            )
        flips = near & self.x
        return AdjacencyState(
            self._game, self.x ^ flips, self.o | bit | flips, 0, self.plies_left - 1
        )

    def returns(self) -> tuple[float, float]:
        """X's marks minus O's, and its negation."""
        margin = self.x.bit_count() - self.o.bit_count()
        return (float(margin), float(-margin))

    def move_text(self, move: Move) -> str:
        if not isinstance(move, int) or not 0 <= move < self.geometry.cells:
            raise IllegalMoveError(
                f"{move!r} is not a cell index of a {self.size}x{self.size} board"
            )
        return self.geometry.names[move]

    def parse_move(self, text: str) -> int:
        """Read a cell name; ParseError if it is not one, IllegalMoveError if occupied."""
        index = parse_cell(text, self.size)
        if self.is_terminal():
            raise IllegalMoveError("the game is over: no move is legal")
        bit = 1 << index
        if (self.x | self.o) & bit:
            owner = "X" if self.x & bit else "O"
            raise IllegalMoveError(f"cell {self.geometry.names[index]} is occupied by {owner}")
        return index

    def text(self) -> str:
        rows = format_rows((self.x, self.o), self.size, self.size, "XO")
        return f"{rows} {SIDES[self.side]} {self.plies_left}"

    # -- friendly API -------------------------------------------------------
    def cell(self, where: int | str) -> str | None:
        """``"X"``, ``"O"`` or ``None`` for a cell given by index or name."""
        index = parse_cell(where, self.size) if isinstance(where, str) else where
        bit = 1 << index
        return "X" if self.x & bit else "O" if self.o & bit else None

    def count(self, player: int) -> int:
        """How many marks ``player`` (X=0, O=1) has."""
        return (self.x if player == X else self.o).bit_count()

    def flips(self, move: int) -> list[int]:
        """The cells a move by the side to move would flip, in index order."""
        theirs = self.o if self.side == X else self.x
        mask = self.geometry.neighbours[move] & theirs
        return [i for i in range(self.geometry.cells) if mask >> i & 1]

    def move_effects(self, move: Move) -> dict[str, str]:
        """``{"b3": "placed", "a3": "flipped", ...}`` for a legal move of the side to move."""
        if not isinstance(move, int) or not 0 <= move < self.geometry.cells:
            return {}
        names = self.geometry.names
        effects = {names[move]: "placed"}
        effects.update((names[cell], "flipped") for cell in self.flips(move))
        return effects

    @property
    def rounds_left(self) -> int:
        """Rounds not yet started or finished: ``ceil(plies_left / 2)``."""
        return (self.plies_left + 1) // 2

    def winner(self) -> int | None:
        """X (0), O (1) or None for a draw; ask only when the game is over."""
        margin = self.x.bit_count() - self.o.bit_count()
        return None if margin == 0 else X if margin > 0 else O

    def rows(self) -> list[str]:
        """The board as strings of ``X``/``O``/``.``, top row first."""
        size = self.size
        return [
            "".join(self.cell(row * size + col) or "." for col in range(size))
            for row in range(size - 1, -1, -1)
        ]

    def render(self) -> str:
        """The board drawn as in docs/rules.md, with row numbers and column letters."""
        size = self.size
        width = len(str(size))
        lines = [f"{size - i:>{width}}  " + " ".join(line) for i, line in enumerate(self.rows())]
        lines.append(" " * (width + 2) + " ".join(COLUMNS[:size]))
        return "\n".join(lines)

    def with_moves(self, moves: Sequence[str]) -> AdjacencyState:
        """The state after playing ``moves`` given as cell names."""
        state = self
        for text in moves:
            state = state.play(state.parse_move(text))
        return state
