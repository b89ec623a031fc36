"""The page's view of the adjacency game."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from plyground.core.errors import IllegalMoveError
from plyground.core.game import Game, State
from plyground.web.views.board import BoardLayout, BoardView, Tool, ToolResult, check_hint

if TYPE_CHECKING:
    from plyground.arena.analysis import Analyser

__all__ = ["AdjacencyView"]


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

    def tools(self, game: Game) -> list[Tool]:
        return [
            Tool(
                "hint",
                "Hint",
                "the best moves of this position: from the opening book or an exact solve "
                "where they reach, else the engine's estimate",
            )
        ]

    def prepare_tool(self, name: str, game: Game, seconds: float) -> None:
        if name == "hint":
            _analyser(_hint_seconds(seconds)).warm_up(game)

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        check_hint("the adjacency game", name, options)
        return _hint(state, _hint_seconds(seconds))


def _hint_seconds(seconds: float) -> float:
    """The hint's budget a stage: the analysis's, or less when the server allows tools less
    (a position may take two stages, a solve then the engine: both fit in ``seconds``)."""
    from plyground.arena.analysis import HINT_SECONDS

    return min(seconds / 2, HINT_SECONDS)


@functools.cache
def _analyser(seconds: float) -> Analyser:
    """The hint's analyser, made once per worker process (its tables stay); the tool's
    :meth:`AdjacencyView.prepare_tool` loads it before the clock starts."""
    from plyground.arena.analysis import Analyser, AnalysisSettings

    return Analyser(AnalysisSettings(time=seconds))


def _hint(state: State, seconds: float) -> ToolResult:
    """The best moves of ``state`` by the analysis (docs/analysis.md), and how they are known."""
    if state.is_terminal():
        raise IllegalMoveError("no move to hint: the game is over")
    hint = _analyser(seconds).hint(state)
    facts = (("Best moves", hint.best_text()), ("Value (X − O)", hint.value_text),
             ("By", hint.known_by), ("Time", f"{hint.seconds:.2f} s"))  # fmt: skip
    return ToolResult("hint", f"Hint: {hint.best[0]}", facts)
