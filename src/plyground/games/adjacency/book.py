"""The opening book: solved starts and their best moves, for perfect play from move 1.

The book is a JSON file shipped in the package (``book.json`` beside this
module, read through :mod:`importlib.resources`), made by
``plyground solve adjacency --start --store FILE --book FILE`` for each
solved setting (docs/adjacency-solved.md lists them with their commands).
It holds, for every solved setting, the standard start and every position
after one move, each with its exact value and *every* best move: X plays a
best first move, and O, whatever X played, a best reply. A setting marked
``"proved": true`` (its value proved through leaf tests,
:mod:`plyground.games.adjacency.proof`) books less: the start and the
positions after its proved best first moves, each with the best moves the
proof found (every one of them best, not necessarily all); one marked
``"settled": true`` as well has every first move's exact value (the position
after each first move is booked with it), so its start's best moves are all
of them.

A book may also hold a *strategy* (:mod:`plyground.games.adjacency.strategy`):
positions a few plies deeper, each with one move proved to keep a bound on
the value (X - O at least ``keep`` when X moves, at most when O moves), keyed
by the position's canonical form (one entry serves every mirror image); an
entry marked ``"exact": true`` keeps the position's own value (its move is
proved best).

Format (version :data:`BOOK_FORMAT`)::

    {"format": 1,
     "settings": [{"game": "adjacency(size=5,rounds=8)", "position": "...",
                   "value": -2, "best": ["c1", ...], "nodes": N, "seconds": S,
                   "proved": true (only for a proved setting)}, ...],
     "positions": {"<position text>": {"value": V, "best": ["d6", ...]}, ...},
     "strategy": {"<canonical position text>": {"move": "c3", "keep": -2,
                                                "exact": true (only when it is)}, ...}}

Values are X's marks minus O's at the end with best play, as in the solver.

:func:`book_solution` says what the book proves of one position: its value,
best moves, a best line while it stays in the book, and the moves it values;
``plyground solve adjacency`` and the analysis (:mod:`plyground.arena.adjacency_analysis.analyser`)
read it before they search.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from plyground.core.errors import ParseError
from plyground.core.files import write_whole
from plyground.core.game import State
from plyground.games.adjacency.rules import SIDES, AdjacencyState, X, parse_cell, parse_position

__all__ = [
    "BOOK_FORMAT",
    "BookEntry",
    "BookSolution",
    "OpeningBook",
    "SolvedSetting",
    "StrategyMove",
    "book_entry",
    "book_moves",
    "book_solution",
    "packaged_book",
    "strategy_answer",
]

BOOK_FORMAT = 1
"""The book format this code reads and writes."""
_RESOURCE = "book.json"


@dataclass(frozen=True)
class BookEntry:
    """A booked position: its exact value (X - O) and every best move (cell names)."""

    value: int
    best: tuple[str, ...]


@dataclass(frozen=True)
class StrategyMove:
    """A strategy's move (in its canonical position's frame) and the X - O bound it keeps:
    at least ``keep`` when X moves, at most ``keep`` when O moves."""

    move: str
    keep: int
    exact: bool = False
    """True when ``keep`` is the position's own value: the move is proved best, not only
    keeping a bound (``plyground solve adjacency --start --prove --strategy --exact-entries``)."""

    def covers(self, keep: int, position: str) -> bool:
        """True when this entry's bound is ``keep`` or stricter for the side to move in
        ``position`` (its text): a move keeping it keeps ``keep`` too.

        >>> StrategyMove("c1", -4).covers(-2, "6OO/6OO/8/8/8/8/XX6/XX6 O 15")
        True
        >>> StrategyMove("c1", -2).covers(-4, "6OO/6OO/8/8/8/8/XX6/XX6 O 15")
        False
        """
        x_moves = position.split()[1] == SIDES[X]
        return self.keep >= keep if x_moves else self.keep <= keep

    def replaces(self, other: StrategyMove, position: str) -> bool:
        """True when this entry should take ``other``'s place for ``position``: its bound is
        as strict or stricter, and it is not a bound replacing the position's exact value."""
        return self.covers(other.keep, position) and (self.exact or not other.exact)


@dataclass(frozen=True)
class SolvedSetting:
    """One solved start: the game spec, its position, value and best moves, and the solve's cost."""

    game: str
    position: str
    value: int
    best: tuple[str, ...]
    nodes: int
    seconds: float
    proved: bool = False
    """True for a start whose value was proved (``--prove``) rather than solved move by
    move: its entries' best moves are those the proof found (each one best, at least
    one), not necessarily every best move, and only the start and the positions after
    its proved best moves are booked."""
    settled: bool = False
    """True for a proved start whose every first move's value is settled: its best moves
    are every best first move, and the position after each first move is booked."""

    def to_dict(self) -> dict[str, Any]:
        row = {
            "game": self.game,
            "position": self.position,
            "value": self.value,
            "best": list(self.best),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }
        if self.settled:
            return {**row, "proved": True, "settled": True}
        return {**row, "proved": True} if self.proved else row


class OpeningBook:
    """Booked positions (position text -> :class:`BookEntry`) and the settings they come from."""

    def __init__(
        self,
        settings: Mapping[str, SolvedSetting] | None = None,
        positions: Mapping[str, BookEntry] | None = None,
        strategy: Mapping[str, StrategyMove] | None = None,
    ) -> None:
        self.settings: dict[str, SolvedSetting] = dict(settings or {})
        self.positions: dict[str, BookEntry] = dict(positions or {})
        self.strategy: dict[str, StrategyMove] = dict(strategy or {})
        self._strategy_depths: set[tuple[int, int]] | None = None

    def lookup(self, state: State) -> BookEntry | None:
        """The entry for ``state``, or None when it is not booked."""
        return self.positions.get(state.text())

    def strategy_move(self, state: AdjacencyState) -> tuple[int, int] | None:
        """The strategy's move for ``state`` (a cell of ``state``, mirror images looked up
        too) and the X - O bound it keeps, or None (:meth:`strategy_entry`)."""
        found = self.strategy_entry(state)
        return None if found is None else (found[0], found[1].keep)

    def strategy_entry(self, state: AdjacencyState) -> tuple[int, StrategyMove] | None:
        """The strategy's move for ``state`` (a cell of ``state``, mirror images looked up
        too) and its entry (the bound, and whether it is the value), or None. Instant: a
        position at a depth the strategy has no entry for is not even put in canonical
        form."""
        if self._strategy_depths is None:
            self._strategy_depths = {_depth(text) for text in self.strategy}
        if (state.size, state.plies_left) not in self._strategy_depths:
            return None
        from plyground.games.adjacency.symmetry import canonical, cell_preimage

        x, o, symmetry = canonical(state.x, state.o, state.size)
        key = AdjacencyState(state.game, x, o, state.side, state.plies_left).text()
        entry = self.strategy.get(key)
        if entry is None:
            return None
        return cell_preimage(parse_cell(entry.move, state.size), symmetry, state.size), entry

    def add(self, setting: SolvedSetting, positions: Mapping[str, BookEntry]) -> None:
        """Add (or replace) a solved setting and its positions."""
        self.settings[setting.game] = setting
        self.positions.update(positions)

    def add_strategy(self, entries: Mapping[str, StrategyMove]) -> None:
        """Add strategy entries (canonical position text -> move), each replacing the
        book's entry for its position unless that one keeps a stricter bound or is the
        position's exact value and the new one is not (:meth:`StrategyMove.replaces`)."""
        for text, entry in entries.items():
            booked = self.strategy.get(text)
            if booked is None or entry.replaces(booked, text):
                self.strategy[text] = entry
        self._strategy_depths = None

    # -- the file ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": BOOK_FORMAT,
            "settings": [self.settings[game].to_dict() for game in sorted(self.settings)],
            "positions": {
                text: {"value": entry.value, "best": list(entry.best)}
                for text, entry in sorted(self.positions.items())
            },
            "strategy": {
                text: {"move": entry.move, "keep": entry.keep}
                | ({"exact": True} if entry.exact else {})
                for text, entry in sorted(self.strategy.items())
            },
        }

    @classmethod
    def from_dict(cls, data: Any, source: str = "the opening book") -> OpeningBook:
        """Read a book's JSON object; ParseError names what is wrong."""
        try:
            if data.get("format") != BOOK_FORMAT:
                raise ParseError(
                    f"{source} has format {data.get('format')!r}; this code reads {BOOK_FORMAT}"
                )
            settings = {
                row["game"]: SolvedSetting(
                    game=str(row["game"]),
                    position=str(row["position"]),
                    value=int(row["value"]),
                    best=tuple(str(m) for m in row["best"]),
                    nodes=int(row["nodes"]),
                    seconds=float(row["seconds"]),
                    proved=bool(row.get("proved", False)),
                    settled=bool(row.get("settled", False)),
                )
                for row in data["settings"]
            }
            positions = {
                str(text): BookEntry(int(row["value"]), tuple(str(m) for m in row["best"]))
                for text, row in data["positions"].items()
            }
            strategy = {
                str(text): StrategyMove(
                    str(row["move"]), int(row["keep"]), bool(row.get("exact", False))
                )
                for text, row in data.get("strategy", {}).items()
            }
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            if isinstance(error, ParseError):
                raise
            raise ParseError(f"{source} is not an opening book ({error!r})") from None
        return cls(settings, positions, strategy)

    @classmethod
    def read(cls, path: str | Path) -> OpeningBook:
        """Read a book file (ParseError, naming the file, when it is not one)."""
        source = f"book file {str(path)!r}"
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ParseError(f"cannot read {source}: {error}") from None
        return cls.from_dict(data, source)

    def write(self, path: str | Path) -> None:
        """Write the book, whole or not at all."""
        write_whole(path, json.dumps(self.to_dict(), indent=1) + "\n")


@functools.cache
def packaged_book() -> OpeningBook:
    """The book shipped with plyground (read once)."""
    text = resources.files(__package__).joinpath(_RESOURCE).read_text(encoding="utf-8")
    return OpeningBook.from_dict(json.loads(text), f"the packaged {_RESOURCE}")


def book_entry(state: State) -> BookEntry | None:
    """The packaged book's entry for ``state`` (None when not booked)."""
    return packaged_book().lookup(state)


def strategy_answer(state: AdjacencyState) -> tuple[str, StrategyMove] | None:
    """The packaged strategy's move for ``state`` (its text, in ``state``'s frame) and its
    entry (the X - O bound it is proved to keep; exact when that is the position's value),
    or None when the strategy has no entry for it."""
    found = packaged_book().strategy_entry(state)
    return None if found is None else (state.move_text(found[0]), found[1])


def book_moves(state: State) -> tuple[list[int], float, int] | None:
    """The packaged book's answer for ``state`` (the bots' book lookup): its best moves
    (cell indices), the value for the side to move, the plies to the end.

    A strategy entry's move comes first (the bot plays the first), so the bot stays on
    the strategy's line; with no exact entry it is the only move, and the value is the
    bound it keeps (at least that much for the side to move): the position's value when
    the strategy entry is marked exact, a bound otherwise.
    """
    assert isinstance(state, AdjacencyState)
    book = packaged_book()
    entry = book.lookup(state)
    kept = book.strategy_move(state)
    if entry is None and kept is None:
        return None
    mover_sign = 1 if state.side == X else -1
    moves = [] if entry is None else [parse_cell(name, state.size) for name in entry.best]
    if kept is None:
        assert entry is not None
        return moves, float(mover_sign * entry.value), state.plies_left
    cell, keep = kept
    value = entry.value if entry is not None and cell in moves else keep
    return [cell] + [m for m in moves if m != cell], float(mover_sign * value), state.plies_left


@dataclass(frozen=True)
class BookSolution:
    """What the packaged book proves of a booked position (values X - O): its value, its
    best moves, the moves it values, and (worked out when asked) a best line as far as the
    book goes and whether its best moves are all of them."""

    state: AdjacencyState
    value: int
    best: tuple[str, ...]
    known: dict[str, int]
    """Move -> exact value, for the moves the book values: its best moves, and moves
    into a booked position."""
    complete: bool
    """True when :attr:`known` holds every legal move."""

    @property
    def every_best(self) -> bool:
        """True when :attr:`best` is every best move (a solved setting); False when it is the
        best moves a proof found (a proved setting: another move may be as good)."""
        return not _proved_setting(self.state)

    @property
    def line(self) -> tuple[str, ...]:
        """A best line while the positions on it are booked (not to the end of the game)."""
        return _book_line(self.state)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``plyground solve adjacency --json`` for a booked position."""
        return {
            "position": self.state.text(),
            "value": self.value,
            "best": list(self.best),
            "every_best": self.every_best,
            "line": list(self.line),
            "moves": dict(self.known) if self.complete else None,
            "source": "book",
        }


def book_solution(state: AdjacencyState) -> BookSolution | None:
    """What the packaged book proves of ``state``, or None when it is not booked."""
    entry = book_entry(state)
    if entry is None:
        return None
    known: dict[str, int] = {}
    legal = state.legal_moves()
    for move in legal:
        text = state.move_text(move)
        child = book_entry(state.play(move))
        if child is not None:
            known[text] = child.value
        elif text in entry.best:
            known[text] = entry.value
    return BookSolution(state, entry.value, entry.best, known, len(known) == len(legal))


def _book_line(state: AdjacencyState) -> tuple[str, ...]:
    """The first best move of each position from ``state`` on, while they are booked."""
    line: list[str] = []
    entry = book_entry(state)
    while entry is not None and entry.best and not state.is_terminal():
        line.append(entry.best[0])
        state = state.play(state.parse_move(entry.best[0]))
        entry = book_entry(state)
    return tuple(line)


def _proved_setting(state: AdjacencyState) -> bool:
    """True when ``state``'s best moves in the book may not be all of them: the start of a
    proved setting not settled, or a move after the start of a proved setting (a booked
    position is one or the other: a start has an even number of plies left)."""
    at_start = state.plies_left % 2 == 0
    plies = state.plies_left if at_start else state.plies_left + 1
    first = state.side if at_start else 1 - state.side
    for setting in packaged_book().settings.values():
        start = parse_position(setting.position)
        if (start.size, start.plies_left, start.side) == (state.size, plies, first):
            return setting.proved and not (at_start and setting.settled)
    return False


def _depth(text: str) -> tuple[int, int]:
    """A position text's board size and plies left (what a strategy entry is filed by),
    read from its fields alone (``<rows> <to-move> <plies-left>``: one row a rank), so a
    book's first look-up does not parse every entry.

    >>> _depth("6OO/6OO/8/8/8/8/XX6/XX6 X 16")
    (8, 16)
    """
    rows, _side, plies = text.split()
    return rows.count("/") + 1, int(plies)
