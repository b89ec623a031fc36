"""How the page draws a game: a small per-game view description over the core contract.

The page is generic: it draws a grid of cells, each holding a token (a short
text such as ``"X"``) or nothing, with labels along the edges, and lets the
player click a cell to move. A :class:`BoardView` tells it, for one game,
the grid (:meth:`BoardView.layout`), what is on each cell
(:meth:`BoardView.tokens`), the scores and status lines, and which cells
take a click. What a move changed is found by comparing the tokens before
and after it (:func:`changed_cells`), so no game needs to explain its
flips, captures or merges to the page. A new game adds one line to
``_VIEWS`` and a view class.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from plyground.core.errors import UnknownNameError
from plyground.core.game import Game, Move, State

__all__ = [
    "AdjacencyView",
    "BoardLayout",
    "BoardView",
    "changed_cells",
    "move_effects",
    "view_for",
    "viewable_games",
]


@dataclass(frozen=True)
class BoardLayout:
    """A game's grid: ``rows`` x ``columns`` slots, top-left first, row by row.

    ``names[i]`` is the cell name of slot ``i`` (``None`` for a slot that is
    not a cell, as in Morris); ``column_labels`` run left to right and
    ``row_labels`` top to bottom. ``tokens`` maps each token to the player
    it belongs to (for colours and screen-reader text).
    """

    rows: int
    columns: int
    names: tuple[str | None, ...]
    column_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    tokens: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "columns": self.columns,
            "names": list(self.names),
            "column_labels": list(self.column_labels),
            "row_labels": list(self.row_labels),
            "tokens": dict(self.tokens),
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
        """One score per player, as the page shows them (default: the returns)."""
        return list(state.returns())

    def status(self, state: State) -> list[tuple[str, str]]:
        """Extra lines for the side panel, as (label, value)."""
        return []

    def clickable(self, state: State) -> list[str]:
        """Cells where a click is a legal move (default: the legal moves' texts)."""
        return [state.move_text(move) for move in state.legal_moves()]

    def move_for_click(self, state: State, cell: str) -> Move:
        """The move a click on ``cell`` asks for; raises ParseError or IllegalMoveError."""
        return state.parse_move(cell)

    def form_hints(self, game_class: type[Game]) -> dict[str, Any]:
        """Bounds the start form cannot read from the declared settings alone."""
        return {}


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


class AdjacencyView(BoardView):
    """The adjacency game: a square board, ``X`` and ``O`` marks, marks as scores."""

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.adjacency import AdjacencyGame

        adjacency = cast(AdjacencyGame, game)
        size, names = adjacency.size, adjacency.geometry.names
        grid = tuple(
            names[row * size + col] for row in range(size - 1, -1, -1) for col in range(size)
        )
        return BoardLayout(
            rows=size,
            columns=size,
            names=grid,
            column_labels=tuple("abcdefgh"[:size]),
            row_labels=tuple(str(row) for row in range(size, 0, -1)),
            tokens={"X": 0, "O": 1},
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.adjacency import AdjacencyState

        rows = cast(AdjacencyState, state).rows()  # top row first, like the layout
        return ["" if mark == "." else mark for row in rows for mark in row]

    def scores(self, state: State) -> list[float]:
        from plyground.games.adjacency import AdjacencyState, O, X

        adjacency = cast(AdjacencyState, state)
        return [float(adjacency.count(X)), float(adjacency.count(O))]

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.adjacency import AdjacencyState

        adjacency = cast(AdjacencyState, state)
        return [
            ("Rounds left", str(adjacency.rounds_left)),
            ("Moves left", str(adjacency.plies_left)),
        ]

    def form_hints(self, game_class: type[Game]) -> dict[str, Any]:
        from plyground.games.adjacency import MAX_SIZE, MIN_SIZE, max_rounds

        sizes = range(MIN_SIZE, MAX_SIZE + 1)
        table = {str(size): max_rounds(size) for size in sizes}
        defaults = {str(size): game_class(size=size).settings["rounds"] for size in sizes}
        return {"rounds": {"maximum_by": "size", "table": table, "defaults": defaults}}


# game name -> "module:ViewClass"; a game the page can show adds one line here.
_VIEWS: dict[str, str] = {
    "adjacency": "plyground.web.views:AdjacencyView",
}


def viewable_games() -> list[str]:
    """The games the page can draw."""
    return list(_VIEWS)


def view_for(name: str) -> BoardView:
    """The view of game ``name``; UnknownNameError lists the games the page can show."""
    try:
        target = _VIEWS[name]
    except KeyError:
        known = ", ".join(_VIEWS)
        raise UnknownNameError(
            f"game {name!r} cannot be played in the browser (known: {known})"
        ) from None
    module_name, _, class_name = target.partition(":")
    view: BoardView = getattr(importlib.import_module(module_name), class_name)()
    return view
