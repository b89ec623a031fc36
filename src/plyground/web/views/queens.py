"""The page's view of N-Queens: queens, attacked squares, and the solve and count tools."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, cast

from plyground.core.errors import SettingsError, UnknownNameError
from plyground.core.game import Game, Move, State
from plyground.core.settings import Setting, resolve_settings
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Click,
    Mark,
    Tool,
    ToolResult,
    grid_labels,
)

__all__ = ["COUNT_MAX_SIZE", "WEB_MAX_SIZE", "QueensView"]


WEB_MAX_SIZE = 16
"""Largest N-Queens board offered in the browser."""
COUNT_MAX_SIZE = 14
"""Largest N the page counts (N = 14: about 0.1 s; each N costs 6-8 times the one before)."""

_SOLVE_OPTIONS = (
    Setting("method", str, "backtracking",
            "backtracking (MRV, forward checking), mac (arc consistency) or min-conflicts "
            "(local search)", choices=("backtracking", "mac", "min-conflicts")),
    Setting("keep", bool, True, "keep the queens on the board"),
)  # fmt: skip


class QueensView(BoardView):
    """N-Queens: an NxN chessboard; queens go column by column on squares no queen attacks.

    The squares of the next column that a queen attacks are marked, each
    with the queen that attacks it. Tools: solve (from the queens on the
    board, or from the start) with the CSP solvers, and count every solution.
    """

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.queens import QueensGame
        from plyground.games.queens.rules import square_name

        size = cast(QueensGame, game).size
        columns, rows = grid_labels(size, size)
        return BoardLayout(
            rows=size,
            columns=size,
            names=tuple(
                square_name(col, row, size)
                for row in range(size - 1, -1, -1)
                for col in range(size)
            ),
            column_labels=columns,
            row_labels=rows,
            tokens={"Q": 0},
            style="checkered",
            pieces="queen",
            pace=0.2,
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.queens import QueensState

        board = cast(QueensState, state)
        size, rows = board.size, board.rows
        return [
            "Q" if col < len(rows) and rows[col] == row else ""
            for row in range(size - 1, -1, -1)
            for col in range(size)
        ]

    def scores(self, state: State) -> list[float]:
        return []  # a puzzle: solved or not

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.queens import QueensState, column_name

        board = cast(QueensState, state)
        placed = len(board.rows)
        following = column_name(placed, board.size) if placed < board.size else "none"
        return [("Queens", f"{placed} of {board.size}"), ("Next column", following)]

    def clicks(self, state: State, move: Move) -> list[Click]:
        from plyground.games.queens import QueensState
        from plyground.games.queens.rules import square_name

        board = cast(QueensState, state)
        return [Click(square_name(len(board.rows), cast(int, move), board.size))]

    def marks(self, state: State) -> dict[str, Mark]:
        from plyground.games.queens import QueensState, find_attack
        from plyground.games.queens.rules import square_name

        board = cast(QueensState, state)
        col, size = len(board.rows), board.size
        if col >= size:
            return {}
        safe = set(board.safe_rows())
        marks = {}
        for row in range(size):
            if row in safe:
                continue
            attack = find_attack((*board.rows, row))
            assert attack is not None, "an unsafe square has an attacker"
            first, _, kind = attack
            by = square_name(first, board.rows[first], size)
            note = f"attacked along a {kind} by the queen on {by}"
            marks[square_name(col, row, size)] = Mark("attacked", note, (by,))
        return marks

    def headline(self, state: State) -> str | None:
        from plyground.games.queens import QueensState, column_name

        board = cast(QueensState, state)
        if board.is_solved():
            return f"Solved: {board.size} queens, and none attacks another"
        if board.is_terminal():
            column = column_name(len(board.rows), board.size)
            return f"Dead end: every square of column {column} is attacked"
        return None

    def web_maximum(self, game_class: type[Game]) -> dict[str, int]:
        return {"size": WEB_MAX_SIZE}

    def tools(self, game: Game) -> list[Tool]:
        from plyground.games.queens import QueensGame

        size = cast(QueensGame, game).size
        too_big = (
            f"counting is offered up to N = {COUNT_MAX_SIZE} here "
            f"(plyground solve queens {size} --all counts larger boards)"
        )
        return [
            Tool("solve", "Solve", "find a solution with a CSP solver", _SOLVE_OPTIONS),
            Tool(
                "count",
                "Count solutions",
                f"count every solution of {size}-Queens (bitmask backtracking with symmetry)",
                disabled=too_big if size > COUNT_MAX_SIZE else "",
            ),
        ]

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        from plyground.games.queens import QueensState

        board, first = cast(QueensState, state), cast(QueensState, start)
        if name == "solve":
            settings = resolve_settings(_SOLVE_OPTIONS, options, "solve")
            return _solve(board, first, settings["method"], settings["keep"], seconds)
        if name == "count":
            if options:
                raise SettingsError(f"count takes no options, got {', '.join(options)}")
            return _count(board.size)
        raise UnknownNameError(f"N-Queens has no tool {name!r} (known: solve, count)")


def _solve(board: Any, start: Any, method: str, keep: bool, seconds: float) -> ToolResult:
    """Solve from the queens on ``board`` (``keep``) or from ``start``; the moves that
    complete the solution, and the solver's statistics."""
    from plyground.algorithms.csp import SOLVED, UNSATISFIABLE
    from plyground.games.queens import column_name
    from plyground.solvers.queens import solve_queens

    fixed = board.rows if keep else start.rows
    found = solve_queens(board.size, method, time_limit=seconds, fixed=fixed)
    stats = found.stats
    facts = [("Solver", found.solver), ("Nodes", f"{stats.nodes:,}")]
    if method == "min-conflicts":
        facts.append(("Repairs", f"{stats.steps:,}"))
    else:
        facts += [("Backtracks", f"{stats.backtracks:,}"), ("Prunings", f"{stats.prunings:,}")]
    facts += [("Checks", f"{stats.checks:,}"), ("Time", f"{stats.elapsed * 1000:.1f} ms")]
    if len(fixed) == 1:
        kept = "the queen in column a"
    else:
        kept = f"the {len(fixed)} queens in columns a-{column_name(len(fixed) - 1, board.size)}"
    if found.status == SOLVED and found.rows is not None:
        keeping = f", keeping {kept}" if fixed else ""
        summary = f"{method} found a solution{keeping}"
        moves = tuple(str(row + 1) for row in found.rows[len(fixed) :])
        return ToolResult("solve", summary, tuple(facts), moves, restart=not keep)
    if found.status == UNSATISFIABLE:
        summary = (
            f"No solution keeps {kept}: take some back" if fixed else "This board has no solution"
        )
    else:
        summary = (
            f"{method} stopped without a solution (local search cannot prove that none exists)"
            if method == "min-conflicts"
            else f"{method} ran out of time without a solution"
        )
    return ToolResult("solve", summary, tuple(facts), found=False)


def _count(size: int) -> ToolResult:
    from plyground.games.queens.counting import count_solutions

    if size > COUNT_MAX_SIZE:
        raise SettingsError(f"counting is offered up to N = {COUNT_MAX_SIZE} here, not {size}")
    began = time.perf_counter()
    count = count_solutions(size)
    elapsed = time.perf_counter() - began
    summary = f"{size}-Queens has {count:,} solution{'s' if count != 1 else ''}"
    facts = (("Counter", "bitmask backtracking, mirror symmetry (numba)"),
             ("Time", f"{elapsed * 1000:.1f} ms"))  # fmt: skip
    return ToolResult("count", summary, facts, found=count > 0)
