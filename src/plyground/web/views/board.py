"""The vocabulary of a game's view: the grid, its slots and tokens, marks, click paths,
tools, and the view class every game's view fills in (see :mod:`plyground.web.views`)."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from plyground.arena.analysis.hints import Hinter, hint_options
from plyground.core.errors import UnknownNameError
from plyground.core.game import Game, Move, State
from plyground.core.json_fields import json_fields
from plyground.core.settings import Setting

__all__ = [
    "MOVE_PACE",
    "PIECES",
    "ROLES",
    "STYLES",
    "BoardLayout",
    "BoardView",
    "Click",
    "Mark",
    "MoveButton",
    "Tool",
    "ToolResult",
    "changed_cells",
    "grid_labels",
    "move_effects",
]

MOVE_PACE = 0.52
"""Seconds the page takes to show a move on a board (the page falls back on the same
number when a layout has none)."""

STYLES = ("cells", "checkered", "points", "tiles")
"""How the page draws slots: square cells, chessboard squares, points joined by lines, tiles."""
PIECES = ("disc", "stone", "mark", "tile", "queen")
"""How the page draws tokens: lettered discs, white and black stones, X/O marks,
numbered tiles coloured by value, chess queens."""
ROLES = ("place", "from", "to", "take")
"""What a click does within a move: put a piece on an empty slot, pick up a piece,
put it down, take an opponent's piece."""


@dataclass(frozen=True)
class MoveButton:
    """A move made by a button (and a key, and a swipe) instead of a click on a cell."""

    move: str
    label: str
    key: str = ""
    """A ``KeyboardEvent.key`` that plays it (``"ArrowUp"``)."""
    direction: str = ""
    """``up``/``down``/``left``/``right`` when a swipe that way plays it."""

    def to_dict(self) -> dict[str, str]:
        return json_fields(self)


@dataclass(frozen=True)
class BoardLayout:
    """A game's grid: ``rows`` x ``columns`` slots, top-left first, row by row.

    ``names[i]`` is the cell name of slot ``i`` (``None`` for a slot that is
    not a cell, as in Morris); ``column_labels`` run left to right and
    ``row_labels`` top to bottom (both empty: no coordinates shown).
    ``tokens`` maps each token to the player it belongs to (for colours and
    screen-reader text). ``style`` and ``pieces`` pick the drawing (see
    :data:`STYLES`, :data:`PIECES`); ``lines`` join points (style
    ``points``); ``buttons`` are the moves not made on a cell; ``pace`` is
    the shortest time (seconds) the page shows a move before the next.
    """

    rows: int
    columns: int
    names: tuple[str | None, ...]
    column_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    tokens: dict[str, int]
    style: str = "cells"
    pieces: str = "disc"
    lines: tuple[tuple[str, str], ...] = ()
    buttons: tuple[MoveButton, ...] = ()
    score_label: str = ""
    pace: float = MOVE_PACE

    def __post_init__(self) -> None:
        if len(self.names) != self.rows * self.columns:
            raise ValueError(f"{len(self.names)} names for {self.rows}x{self.columns} slots")
        if self.style not in STYLES or self.pieces not in PIECES:
            raise ValueError(f"unknown style {self.style!r} or pieces {self.pieces!r}")

    def to_dict(self) -> dict[str, Any]:
        return json_fields(self)


@dataclass(frozen=True)
class Click:
    """One click of a move: on which cell, and what it does there (see :data:`ROLES`)."""

    cell: str
    role: str = "place"

    def to_dict(self) -> dict[str, str]:
        return json_fields(self)


@dataclass(frozen=True)
class Mark:
    """Something to show on a cell: a ``kind`` (a CSS class on the page), a note
    (its tooltip and screen-reader text) and related cells (highlighted with it)."""

    kind: str
    note: str = ""
    cells: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return json_fields(self)


@dataclass(frozen=True)
class Tool:
    """A puzzle tool the page offers as a button (solve, count), with its options."""

    name: str
    label: str
    help: str
    options: tuple[Setting, ...] = ()
    disabled: str = ""
    """Why the tool cannot be used in this game (empty: it can)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "options": [
                {"name": o.name, "kind": o.kind.__name__, "default": o.default, "help": o.help,
                 "choices": None if o.choices is None else list(o.choices)}
                for o in self.options
            ],
            "disabled": self.disabled,
        }  # fmt: skip


@dataclass(frozen=True)
class ToolResult:
    """What a tool found: a sentence, figures, and moves to play.

    ``moves`` are move texts to play from the current position, or from the
    game's start position when ``restart`` is set.
    """

    tool: str
    summary: str
    facts: tuple[tuple[str, str], ...] = ()
    moves: tuple[str, ...] = ()
    restart: bool = False
    found: bool = True
    cells: tuple[str, ...] = ()
    """Cells the page marks on the board while the position is the one the tool saw (a
    hint's best moves)."""
    best: tuple[str, ...] = ()
    """A hint's best moves (their buttons are marked too, as 2048's directions)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "summary": self.summary,
            "facts": [{"label": label, "value": value} for label, value in self.facts],
            "moves": list(self.moves),
            "restart": self.restart,
            "found": self.found,
            "cells": list(self.cells),
            "best": list(self.best),
        }


class BoardView(ABC):
    """What the page needs to draw one game and take clicks on it."""

    @abstractmethod
    def layout(self, game: Game) -> BoardLayout:
        """The grid of ``game`` (depends on its settings, e.g. the board size)."""

    @abstractmethod
    def tokens(self, state: State) -> list[str]:
        """The token on each slot of the layout, ``""`` where empty."""

    def scores(self, state: State) -> list[float]:
        """One score per player, as the page shows them (default: the returns; empty: none)."""
        return list(state.returns())

    def status(self, state: State) -> list[tuple[str, str]]:
        """Extra lines for the side panel, as (label, value)."""
        return []

    def marks(self, state: State) -> dict[str, Mark]:
        """Cells to mark, by name (default: none)."""
        return {}

    def headline(self, state: State) -> str | None:
        """A sentence on how a finished game ended, beyond who won (default: none)."""
        return None

    def clicks(self, state: State, move: Move) -> list[Click]:
        """The clicks that enter ``move`` (default: one click on the cell named by its text).

        An empty list means the move is made by a button (:class:`MoveButton`).
        """
        return [Click(state.move_text(move))]

    def legal(self, state: State) -> list[dict[str, Any]]:
        """Every legal move with its text and its click path (for the page)."""
        return [
            {
                "move": state.move_text(move),
                "clicks": [c.to_dict() for c in self.clicks(state, move)],
            }
            for move in state.legal_moves()
        ]

    def clickable(self, state: State) -> list[str]:
        """Cells where a move's first click goes (each once, in the legal moves' order)."""
        first: dict[str, None] = {}
        for move in state.legal_moves():
            path = self.clicks(state, move)
            if path:
                first.setdefault(path[0].cell, None)
        return list(first)

    def move_for_click(self, state: State, text: str) -> Move:
        """The move a client sends as text; raises ParseError or IllegalMoveError."""
        return state.parse_move(text)

    def effects(
        self, before: State, move: Move, after: State, layout: BoardLayout
    ) -> dict[str, str]:
        """What ``move`` did, cell by cell (default: :func:`move_effects`)."""
        return move_effects(self, layout, before, move, after)

    def form_hints(self, game_class: type[Game]) -> dict[str, Any]:
        """Bounds the start form cannot read from the declared settings alone."""
        return {}

    def web_maximum(self, game_class: type[Game]) -> dict[str, int]:
        """Settings capped lower in the browser than the game allows (name -> maximum)."""
        return {}

    HINT: ClassVar[str] = ""
    """What the game's *Hint* tool gives, for its button's help (``plyground.arena.analysis.hints``
    answers it); empty: the game has no hint."""

    def tools(self, game: Game) -> list[Tool]:
        """Tools the page offers for ``game`` (default: the hint, with the options its hint
        source takes, if the game has one)."""
        if not self.HINT:
            return []
        return [Tool("hint", "Hint", self.HINT, hint_options(game))]

    def prepare_tool(
        self, name: str, game: Game, seconds: float, options: Mapping[str, Any] | None = None
    ) -> None:
        """Load what tool ``name`` with ``options`` needs for ``game`` (compiled kernels,
        tables, a network) before its clock starts; runs in a worker process, once per job
        (default: the hint's)."""
        if name == "hint" and self.HINT:
            worker_hinter(seconds).prepare(game, options)

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        """Run tool ``name`` on ``state`` (``start``: the game's first position) within about
        ``seconds``; runs in a worker process. Raises PlygroundError for a bad request.
        Default: the hint (with its source's options), if the game has one."""
        known = "hint" if self.HINT else "none"
        if name != "hint" or not self.HINT:
            raise UnknownNameError(f"{state.game.name} has no tool {name!r} (known: {known})")
        hint = worker_hinter(seconds).hint(state, options)
        cells: dict[str, None] = {}  # every click of every best move, each once, in order
        for text in hint.best:
            for click in self.clicks(state, state.parse_move(text)):
                cells.setdefault(click.cell)
        summary = f"Hint: {hint.best[0]}"
        return ToolResult("hint", summary, hint.facts, cells=tuple(cells), best=hint.best)


@functools.cache
def worker_hinter(seconds: float) -> Hinter:
    """The hinter of this worker process for tools allowed ``seconds`` (the server's think
    cap): made once, it keeps its bots and tables between hints."""
    return Hinter(seconds)


def changed_cells(layout: BoardLayout, before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The names of the cells whose token differs between two token lists."""
    return [
        name
        for name, old, new in zip(layout.names, before, after, strict=True)
        if name is not None and old != new
    ]


def move_effects(
    view: BoardView, layout: BoardLayout, before: State, move: Move, after: State
) -> dict[str, str]:
    """What ``move`` did, cell by cell: the game's own account, else the token difference."""
    effects = dict(before.move_effects(move))
    if effects:
        return effects
    changed = changed_cells(layout, view.tokens(before), view.tokens(after))
    return dict.fromkeys(changed, "changed")


def grid_labels(columns: int, rows: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Chess-style labels: letters left to right, numbers from the top row down."""
    letters = tuple("abcdefghijklmnopqrstuvwxyz"[:columns])
    return letters, tuple(str(row) for row in range(rows, 0, -1))
