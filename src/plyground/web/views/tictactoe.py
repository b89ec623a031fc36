"""The page's view of tic-tac-toe."""

from __future__ import annotations

from typing import cast

from plyground.core.game import Game, State
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Mark,
    grid_labels,
)

__all__ = ["TicTacToeView"]


class TicTacToeView(BoardView):
    """Tic-tac-toe: a 3x3 board of X and O marks; the winning line is marked."""

    HINT = (
        "the best moves of this position and how the game ends with best play, "
        "by a search of every line to the end"
    )

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.tictactoe.rules import NAMES

        columns, rows = grid_labels(3, 3)
        return BoardLayout(
            rows=3,
            columns=3,
            names=tuple(NAMES[row * 3 + col] for row in (2, 1, 0) for col in range(3)),
            column_labels=columns,
            row_labels=rows,
            tokens={"X": 0, "O": 1},
            pieces="mark",
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.tictactoe import TicTacToeState

        board = cast(TicTacToeState, state)
        return [board.cell(row * 3 + col) or "" for row in (2, 1, 0) for col in range(3)]

    def scores(self, state: State) -> list[float]:
        return []  # nothing to count: a win is three in a row

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.tictactoe import TicTacToeState

        return [("Empty cells", str(cast(TicTacToeState, state).empty().bit_count()))]

    def _line(self, state: State) -> tuple[str, ...]:
        from plyground.games.tictactoe import TicTacToeState

        return cast(TicTacToeState, state).winning_line()

    def marks(self, state: State) -> dict[str, Mark]:
        line = self._line(state)
        return {cell: Mark("line", "three in a row", line) for cell in line}

    def headline(self, state: State) -> str | None:
        if not state.is_terminal():
            return None
        line = self._line(state)
        if line:
            return f"Three in a row: {' '.join(line)}"
        return "Draw: the board is full and nobody has three in a row"
