"""The page's view of the adjacency game."""

from __future__ import annotations

from typing import Any, cast

from plyground.core.game import Game, State
from plyground.web.views.board import BoardLayout, BoardView

__all__ = ["AdjacencyView"]


class AdjacencyView(BoardView):
    """The adjacency game: a square board, ``X`` and ``O`` marks, marks as scores."""

    HINT = (
        "the best moves of this position: from the opening book or an exact solve where they "
        "reach, else the engine's estimate"
    )

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
