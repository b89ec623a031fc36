"""The page's view of tic-tac-toe."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from plyground.core.errors import IllegalMoveError
from plyground.core.game import Game, State
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Mark,
    Tool,
    ToolResult,
    check_hint,
    grid_labels,
)
from plyground.web.views.hint_bots import hint_bot

if TYPE_CHECKING:
    from plyground.bots.perfect import PerfectBot

__all__ = ["TicTacToeView"]


class TicTacToeView(BoardView):
    """Tic-tac-toe: a 3x3 board of X and O marks; the winning line is marked."""

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

    def tools(self, game: Game) -> list[Tool]:
        return [
            Tool(
                "hint",
                "Hint",
                "the best moves of this position and how the game ends with best play, "
                "by a search of every line to the end",
            )
        ]

    def prepare_tool(self, name: str, game: Game, seconds: float) -> None:
        if name == "hint":
            _solver(game)

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        check_hint("tic-tac-toe", name, options)
        return _hint(state)


def _solver(game: Game) -> PerfectBot:
    """The ``perfect`` bot, whose memo of the whole game a worker makes once (0.2 s)."""
    from plyground.bots.perfect import PerfectBot

    return cast(PerfectBot, hint_bot("perfect", game))


def _hint(state: State) -> ToolResult:
    """Every best move of ``state`` and the game's end with best play, exact."""
    from plyground.games.tictactoe.evaluation import WIN

    if state.is_terminal():
        raise IllegalMoveError("no move to hint: the game is over")
    started = time.perf_counter()
    result = _solver(state.game).solve(state)
    best = [state.move_text(move) for move in result.best_moves]
    if result.value == 0:
        outcome = "a draw"
    else:
        winner = state.to_move() if result.value > 0 else 1 - state.to_move()
        plies = round(WIN - abs(result.value))
        outcome = f"{'XO'[winner]} wins, in {plies} more move{'s' * (plies != 1)}"
    facts = (("Best moves", " ".join(best)), ("With best play", outcome),
             ("By", "a search of every line to the end"),
             ("Time", f"{time.perf_counter() - started:.2f} s"))  # fmt: skip
    return ToolResult("hint", f"Hint: {best[0]}", facts)
