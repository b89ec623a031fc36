"""2048 (docs/rules.md section 4): the plain-Python reference rules.

A board is a tuple of 16 tile *exponents* in row-major order from the top-left
cell: ``0`` is an empty cell and ``k`` a tile of value ``2**k``. Cells are
named as on a chess board, columns ``a``..``d`` from left to right and rows
``1``..``4`` from bottom to top, so index 0 is ``a4`` and index 15 is ``d1``.

The game is one player against chance. A :class:`G2048State` is

* a **chance node** while tiles remain to spawn (two at the start, one after
  every move that changed the board): its outcomes are
  ``2 * cell + (0 for a 2, 1 for a 4)``, every empty cell with probability
  ``0.9 / empty`` for a 2 and ``0.1 / empty`` for a 4 (the numbering of
  OpenSpiel's ``2048``);
* a **player node** otherwise, whose legal moves are the directions that
  change the board (:data:`UP`, :data:`RIGHT`, :data:`DOWN`, :data:`LEFT`);
* **terminal** when no direction changes the board.

The score (the player's return) grows by the value of every merged tile.

Position text (one line, three fields separated by single spaces)::

    <rows> <score> <next>

``<rows>``: the four rows from the top, separated by ``/``, each four tile
values separated by ``,`` (``0`` for an empty cell); ``<score>``: a
multiple of 4 from 0 to :data:`MAX_SCORE`; ``<next>``: ``move`` (the player moves, or the
game is over), ``spawn`` (one tile spawns next) or ``spawn2`` (two tiles, the
start). The start is ``0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn2``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import ClassVar

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import CHANCE, TERMINAL, Capabilities, Game, Move, ValueState
from plyground.core.gridtext import parse_bounded, quote, split_fields
from plyground.core.settings import Setting
from plyground.games.g2048.profile import PROFILE

__all__ = [
    "CELLS",
    "DOWN",
    "LEFT",
    "MAX_EXPONENT",
    "MAX_SCORE",
    "MEAN_SPAWN",
    "MOVE_NAMES",
    "RIGHT",
    "SPAWN_FOUR_PROBABILITY",
    "UP",
    "Board",
    "G2048Game",
    "G2048State",
    "cell_name",
    "parse_cell",
    "slide",
    "slide_line",
    "spawn_outcome",
    "spawn_parts",
]

Board = tuple[int, ...]
"""16 tile exponents, row-major from the top-left (0: empty, k: the tile 2**k)."""

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
MOVE_NAMES = ("up", "right", "down", "left")
_MOVE_ALIASES = {"u": UP, "r": RIGHT, "d": DOWN, "l": LEFT}
SIDE = 4
CELLS = SIDE * SIDE
MAX_EXPONENT = 17
"""The largest tile a 4x4 game can make is 2**17 = 131072."""
MAX_SCORE = CELLS * (MAX_EXPONENT - 1) << MAX_EXPONENT
"""No game scores more (33554432): the merges that built a tile 2**k scored at
most (k - 1) * 2**k (all from 2s), and a board holds 16 tiles of at most 2**17."""
SPAWN_FOUR_PROBABILITY = 0.1
MEAN_SPAWN = 2 * (1 - SPAWN_FOUR_PROBABILITY) + 4 * SPAWN_FOUR_PROBABILITY
"""The value a spawn adds to the sum of the tiles, on average (2.2)."""
_NEXT_WORDS = ("move", "spawn", "spawn2")
_EMPTY_BOARD: Board = (0,) * CELLS


@functools.lru_cache(maxsize=1 << 17)
def slide_line(line: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Slide one line of exponents toward its index 0, merging equal pairs once.

    Returns the new line and the score gained (the values of the merged tiles).
    Pure, so its results are cached (lines repeat a lot).

    >>> slide_line((1, 1, 2, 2))
    ((2, 3, 0, 0), 12)
    >>> slide_line((2, 0, 2, 2))
    ((3, 2, 0, 0), 8)
    """
    tiles = [t for t in line if t]
    out: list[int] = []
    gained = 0
    index = 0
    while index < len(tiles):
        if index + 1 < len(tiles) and tiles[index] == tiles[index + 1]:
            merged = tiles[index] + 1
            out.append(merged)
            gained += 1 << merged
            index += 2
        else:
            out.append(tiles[index])
            index += 1
    out.extend([0] * (len(line) - len(out)))
    return tuple(out), gained


def slide(board: Board, move: int) -> tuple[Board, int]:
    """The board after sliding in direction ``move`` (before any spawn) and the score gained."""
    by_rows = move in (LEFT, RIGHT)
    toward_end = move in (RIGHT, DOWN)
    gained = 0
    lines: list[tuple[int, ...]] = []
    for k in range(SIDE):
        line = board[k * SIDE : k * SIDE + SIDE] if by_rows else board[k::SIDE]
        if toward_end:
            new, points = slide_line(line[::-1])
            new = new[::-1]
        else:
            new, points = slide_line(line)
        gained += points
        lines.append(new)
    if by_rows:
        return lines[0] + lines[1] + lines[2] + lines[3], gained
    return tuple(itertools.chain.from_iterable(zip(*lines, strict=True))), gained


def cell_name(index: int) -> str:
    """The name of a cell index: ``cell_name(0) == "a4"`` (top-left), ``cell_name(15) == "d1"``."""
    return f"{'abcd'[index % SIDE]}{SIDE - index // SIDE}"


def parse_cell(text: str) -> int:
    """The index of a cell name (``"a4"`` is 0); ParseError names what is wrong."""
    cleaned = text.strip().lower()
    if len(cleaned) != 2 or cleaned[0] not in "abcd" or cleaned[1] not in "1234":
        raise ParseError(f"{quote(text)} is not a cell of the 4x4 board: write a1..d4, like 'b3'")
    return (SIDE - int(cleaned[1])) * SIDE + "abcd".index(cleaned[0])


def spawn_outcome(cell: int, exponent: int) -> int:
    """The chance outcome that puts the tile ``2**exponent`` (2 or 4) on ``cell``."""
    return 2 * cell + exponent - 1


def spawn_parts(outcome: int) -> tuple[int, int]:
    """``(cell, exponent)`` of a chance outcome (the inverse of :func:`spawn_outcome`)."""
    return outcome // 2, outcome % 2 + 1


def _tile_value(exponent: int) -> int:
    return 0 if exponent == 0 else 1 << exponent


class G2048Game(Game):
    """2048: slide and merge tiles on a 4x4 board; a 2 or 4 spawns after every move."""

    NAME = "2048"
    DESCRIPTION = "2048: slide and merge tiles; a 2 (90%) or 4 (10%) spawns after each move"
    CAPABILITIES = Capabilities(players=1, chance=True, zero_sum=False)
    PLAYER_NAMES = ("player",)
    ENCODING = "plyground.games.g2048.learning:G2048Encoding"
    PROFILE = PROFILE
    SETTINGS: ClassVar[tuple[Setting, ...]] = ()

    def initial_state(self) -> G2048State:
        """The empty board with two tiles still to spawn."""
        return G2048State(self, _EMPTY_BOARD, 0, 2)

    def parse_state(self, text: str) -> G2048State:
        """Read ``<rows> <score> <next>`` (see the module docstring)."""
        return _parse_position(self, text)

    def state(self, board: Sequence[int], score: int = 0, spawns: int = 0) -> G2048State:
        """A state from tile *exponents* (checked), a score and the spawns still due."""
        cells = tuple(int(e) for e in board)
        if len(cells) != CELLS or not all(0 <= e <= MAX_EXPONENT for e in cells):
            raise ValueError(f"a board is 16 exponents from 0 to {MAX_EXPONENT}, got {board!r}")
        if not 0 <= score <= MAX_SCORE or score % 4:
            raise ValueError(f"a score is a multiple of 4 from 0 to {MAX_SCORE}, got {score!r}")
        if spawns not in (0, 1, 2) or cells.count(0) < spawns:
            raise ValueError(f"{spawns!r} spawns cannot be due with {cells.count(0)} empty cells")
        return G2048State(self, cells, score, spawns)


def _parse_position(game: G2048Game, text: str) -> G2048State:
    rows_text, score_text, next_text = split_fields(text, ("rows", "score", "next"))
    rows = rows_text.split("/")
    if len(rows) != SIDE:
        raise ParseError(
            f"position {quote(text)} has {len(rows)} rows separated by '/'; 2048 has 4"
        )
    board: list[int] = []
    for number, row_text in enumerate(rows, start=1):
        values = row_text.split(",")
        if len(values) != SIDE:
            raise ParseError(
                f"row {number} from the top {quote(row_text)} has {len(values)} cells, expected 4 "
                f"values separated by ',' in {quote(text)}"
            )
        for value_text in values:
            board.append(_parse_tile(value_text, number, text))
    score = parse_bounded(score_text, "score", 0, MAX_SCORE, text)
    if score % 4:
        raise ParseError(
            f"score {quote(score_text)} is not a multiple of 4 (every merge scores 4, 8, 16, ...) "
            f"in {quote(text)}"
        )
    if next_text not in _NEXT_WORDS:
        raise ParseError(
            f"next must be 'move', 'spawn' or 'spawn2', got {quote(next_text)} in {quote(text)}"
        )
    spawns = _NEXT_WORDS.index(next_text)
    empty = board.count(0)
    if empty < spawns:
        raise ParseError(
            f"{quote(next_text)} needs {spawns} empty cell{'s' if spawns > 1 else ''}, "
            f"the board has {empty} in {quote(text)}"
        )
    return G2048State(game, tuple(board), score, spawns)


def _parse_tile(value_text: str, row: int, text: str) -> int:
    if not value_text.isascii() or not value_text.isdigit():
        raise ParseError(
            f"tile {quote(value_text)} in row {row} from the top is not a number "
            f"(use 0 for an empty cell) in {quote(text)}"
        )
    digits = value_text.lstrip("0")
    if not digits:
        return 0
    # Too many digits for the largest tile: refused before int() (Python's digit limit).
    value = int(digits) if len(digits) <= len(str(1 << MAX_EXPONENT)) else 0
    exponent = value.bit_length() - 1
    if value == 0 or value != 1 << exponent or not 1 <= exponent <= MAX_EXPONENT:
        raise ParseError(
            f"tile {quote(value_text)} in row {row} from the top is not a power of two from 2 "
            f"to {1 << MAX_EXPONENT} in {quote(text)}"
        )
    return exponent


class G2048State(ValueState):
    """A position: the 16 tile exponents, the score and the spawns still due.

    Immutable and hashable. ``board`` holds exponents (see the module
    docstring); :meth:`tiles` gives tile values.
    """

    __slots__ = ("_after", "_game", "board", "score", "spawns")

    _game: G2048Game
    board: Board
    score: int
    spawns: int
    _after: dict[int, tuple[Board, int]] | None

    def __init__(self, game: G2048Game, board: Board, score: int, spawns: int) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "spawns", spawns)
        self._fix((board, score, spawns))
        object.__setattr__(self, "_after", None)

    # -- the contract -------------------------------------------------------
    @property
    def game(self) -> G2048Game:
        return self._game

    def _successors(self) -> dict[int, tuple[Board, int]]:
        """Each legal direction with the board after it and the score gained (computed once)."""
        if self._after is None:
            after = {}
            if not self.spawns:
                for move in range(4):
                    board, gained = slide(self.board, move)
                    if board != self.board:
                        after[move] = (board, gained)
            object.__setattr__(self, "_after", after)
            return after
        return self._after

    def legal_moves(self) -> tuple[int, ...]:
        """The directions that change the board, in the order up, right, down, left."""
        return tuple(self._successors())

    def to_move(self) -> int:
        if self.spawns:
            return CHANCE
        return 0 if self.legal_moves() else TERMINAL

    def is_terminal(self) -> bool:
        return not self.spawns and not self._successors()

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """Every empty cell with a 2 (probability 0.9 / empty) and a 4 (0.1 / empty)."""
        if not self.spawns:
            return []
        empty = [i for i, e in enumerate(self.board) if e == 0]
        two = (1.0 - SPAWN_FOUR_PROBABILITY) / len(empty)
        four = SPAWN_FOUR_PROBABILITY / len(empty)
        outcomes: list[tuple[Move, float]] = []
        for cell in empty:
            outcomes.append((spawn_outcome(cell, 1), two))
            outcomes.append((spawn_outcome(cell, 2), four))
        return outcomes

    def _move_number(self, move: Move) -> int:
        """``move`` as a number of this node's kind (a spawn outcome at a chance node, else
        a direction); IllegalMoveError saying what it is not."""
        if not isinstance(move, int) or isinstance(move, bool):
            raise IllegalMoveError(f"{move!r} is not a 2048 move or spawn (an integer)")
        if self.spawns:
            if not 0 <= move < 2 * CELLS:
                raise IllegalMoveError(f"{move!r} is not a spawn outcome (0..31)")
        elif not 0 <= move < 4:
            raise IllegalMoveError(f"{move!r} is not a direction (0..3: up, right, down, left)")
        return move

    def play(self, move: Move) -> G2048State:
        """Apply a direction at a player node, or a spawn outcome at a chance node."""
        move = self._move_number(move)
        if self.spawns:
            cell, exponent = spawn_parts(move)
            if self.board[cell]:
                raise IllegalMoveError(
                    f"cannot spawn on {cell_name(cell)}: it holds {_tile_value(self.board[cell])}"
                )
            board = list(self.board)
            board[cell] = exponent
            return G2048State(self._game, tuple(board), self.score, self.spawns - 1)
        successor = self._successors().get(move)
        if successor is None:
            if self.is_terminal():
                raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
            raise IllegalMoveError(f"{MOVE_NAMES[move]} does not change the board")
        after, gained = successor
        return G2048State(self._game, after, self.score + gained, 1)

    def returns(self) -> tuple[float]:
        """The score so far."""
        return (float(self.score),)

    def move_text(self, move: Move) -> str:
        """``up``/``right``/``down``/``left``, or a spawn as ``<tile>@<cell>`` (``2@b3``)."""
        move = self._move_number(move)
        if self.spawns:
            cell, exponent = spawn_parts(move)
            return f"{1 << exponent}@{cell_name(cell)}"
        return MOVE_NAMES[move]

    def parse_move(self, text: str) -> int:
        """Read a direction (``up``, ``u``, ...) or, at a chance node, a spawn (``2@b3``)."""
        cleaned = text.strip().lower()
        if self.spawns:
            tile, at, cell_text = cleaned.partition("@")
            if not at or tile not in ("2", "4"):
                raise ParseError(
                    f"{quote(text)} is not a spawn: write the tile and the cell, like '2@b3'"
                )
            cell = parse_cell(cell_text)
            if self.board[cell]:
                raise IllegalMoveError(
                    f"cannot spawn on {cell_name(cell)}: it holds {_tile_value(self.board[cell])}"
                )
            return spawn_outcome(cell, 1 if tile == "2" else 2)
        if cleaned in MOVE_NAMES:
            move = MOVE_NAMES.index(cleaned)
        elif cleaned in _MOVE_ALIASES:
            move = _MOVE_ALIASES[cleaned]
        else:
            raise ParseError(f"{quote(text)} is not a move: write up, down, left or right")
        if self.is_terminal():
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{MOVE_NAMES[move]} does not change the board")
        return move

    def text(self) -> str:
        rows = (
            ",".join(str(_tile_value(e)) for e in self.board[r * SIDE : (r + 1) * SIDE])
            for r in range(SIDE)
        )
        return f"{'/'.join(rows)} {self.score} {_NEXT_WORDS[self.spawns]}"

    # -- friendly API -------------------------------------------------------
    def tiles(self) -> tuple[int, ...]:
        """The 16 tile values (0 for empty), row-major from the top-left."""
        return tuple(_tile_value(e) for e in self.board)

    def max_tile(self) -> int:
        """The largest tile on the board (0 on the empty board)."""
        return _tile_value(max(self.board))

    def spawns_to_next_power(self) -> float:
        """How many spawns, on average, before the tiles add up to the next power of two.

        Merges keep the sum of the tiles and each spawn adds 2.2 on average, so a
        tile of value ``2^k`` cannot exist before the sum reaches it: the stretch
        just below each power of two (the boards whose tiles nearly all have to
        merge into one) is where games end. The count is 0 on the empty board.
        """
        total = sum(self.tiles())
        if total == 0:
            return 0.0
        return ((1 << total.bit_length()) - total) / MEAN_SPAWN

    def render(self) -> str:
        """A drawing of the board with the score, for terminals and logs."""
        width = max(5, max(len(str(v)) for v in self.tiles()) + 2)
        rule = "+" + "+".join("-" * width for _ in range(SIDE)) + "+"
        lines = [rule]
        for r in range(SIDE):
            cells = (self.tiles()[r * SIDE + c] for c in range(SIDE))
            lines.append("|" + "|".join((str(v) if v else ".").center(width) for v in cells) + "|")
            lines.append(rule)
        status = ("to move", "a tile spawns next", "two tiles spawn next")[self.spawns]
        lines.append(f"score {self.score}  ({'game over' if self.is_terminal() else status})")
        return "\n".join(lines)
