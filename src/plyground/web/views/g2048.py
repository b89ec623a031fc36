"""The page's view of 2048: tiles, arrow keys and buttons, and the bot's hint."""

from __future__ import annotations

from typing import cast

from plyground.core.game import Game, Move, State
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Click,
    MoveButton,
    changed_cells,
)

__all__ = ["G2048View"]


_DIRECTIONS = (
    ("up", "↑", "ArrowUp"),
    ("left", "←", "ArrowLeft"),
    ("down", "↓", "ArrowDown"),
    ("right", "→", "ArrowRight"),
)


class G2048View(BoardView):
    """2048: a 4x4 board of numbered tiles; moves are arrow keys, swipes or buttons.

    Spawns are chance outcomes that the server samples; their effect is
    ``spawned`` on the cell, a direction's effect ``moved`` on every cell
    whose tile changed.
    """

    HINT = "ask the 2048 bot for the best move of this position"

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.g2048 import cell_name

        return BoardLayout(
            rows=4,
            columns=4,
            names=tuple(cell_name(i) for i in range(16)),
            column_labels=(),
            row_labels=(),
            tokens={},
            style="tiles",
            pieces="tile",
            buttons=tuple(MoveButton(m, label, key, m) for m, label, key in _DIRECTIONS),
            score_label="points",
            pace=0.12,
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.g2048 import G2048State

        return [str(value) if value else "" for value in cast(G2048State, state).tiles()]

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.g2048 import G2048State

        board = cast(G2048State, state)
        return [
            ("Best tile", str(board.max_tile())),
            ("Empty cells", str(board.board.count(0))),
        ]

    def clicks(self, state: State, move: Move) -> list[Click]:
        return []  # a direction: a button, a key or a swipe

    def effects(
        self, before: State, move: Move, after: State, layout: BoardLayout
    ) -> dict[str, str]:
        from plyground.games.g2048.rules import cell_name, spawn_parts

        if before.is_chance():
            cell, _ = spawn_parts(cast(int, move))
            return {cell_name(cell): "spawned"}
        changed = changed_cells(layout, self.tokens(before), self.tokens(after))
        return dict.fromkeys(changed, "moved")

    def headline(self, state: State) -> str | None:
        from plyground.games.g2048 import G2048State

        board = cast(G2048State, state)
        if not board.is_terminal():
            return None
        return f"No move changes the board: {board.score:,} points, best tile {board.max_tile()}"
