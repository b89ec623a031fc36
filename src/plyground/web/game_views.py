"""The page's view of tic-tac-toe, Nine Men's Morris, 2048 and N-Queens.

Each view reads its game's state and tables (the rules stay in the games):
which token is on each slot, what to say in the side panel, which marks to
show, and how a move is entered by clicks or keys. See
:mod:`plyground.web.views` for the vocabulary.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from plyground.bots.base import Bot
from plyground.core.errors import IllegalMoveError, PlygroundError, SettingsError, UnknownNameError
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit
from plyground.core.settings import Setting, resolve_settings
from plyground.web.views import (
    BoardLayout,
    BoardView,
    Click,
    Mark,
    MoveButton,
    Tool,
    ToolResult,
    changed_cells,
)

if TYPE_CHECKING:
    from plyground.games.morris import MorrisState

__all__ = ["G2048View", "MorrisView", "QueensView", "TicTacToeView"]


def _grid_labels(columns: int, rows: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Chess-style labels: letters left to right, numbers from the top row down."""
    letters = tuple("abcdefghijklmnopqrstuvwxyz"[:columns])
    return letters, tuple(str(row) for row in range(rows, 0, -1))


# -- tic-tac-toe -------------------------------------------------------------------


class TicTacToeView(BoardView):
    """Tic-tac-toe: a 3x3 board of X and O marks; the winning line is marked."""

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.tictactoe.rules import NAMES

        columns, rows = _grid_labels(3, 3)
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


# -- Nine Men's Morris ---------------------------------------------------------------


@functools.cache
def _morris_slots() -> tuple[str | None, ...]:
    """The 7x7 slots of the Morris drawing, row 7 first: a point's name, or None."""
    from plyground.games.morris import POINTS

    points = set(POINTS)
    return tuple(
        f"{letter}{row}" if f"{letter}{row}" in points else None
        for row in range(7, 0, -1)
        for letter in "abcdefg"
    )


def _endgame_verdict(board: MorrisState) -> str | None:
    """What the solved endgames (if ``plyground endgames`` built them) say of ``board``."""
    from plyground.games.morris.endgames import shared_tables

    try:
        tables = shared_tables()
    except PlygroundError:
        return "unreadable: build it again with 'plyground endgames'"
    verdict = None if tables is None else tables.verdict(board)
    if verdict is None:
        return None
    turns = f"{verdict.turns} turn{'s' * (verdict.turns != 1)}"
    if verdict.capped:
        return f"draw: the turn cap comes before a win in {turns}"
    if verdict.winner is None:
        return "draw with best play"
    return f"{('White', 'Black')[verdict.winner]} wins in {turns}"


class MorrisView(BoardView):
    """Nine Men's Morris: 24 points on three squares joined by lines; white and black men.

    A move is entered by clicks: a point to place on, or a man then its
    destination; when that closes a mill, one more click on the man to take.
    """

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.morris import POINTS
        from plyground.games.morris.board import NEIGHBOUR_POINTS

        columns, rows = _grid_labels(7, 7)
        names = _morris_slots()
        lines = tuple(
            (POINTS[p], POINTS[q]) for p in range(24) for q in NEIGHBOUR_POINTS[p] if p < q
        )
        return BoardLayout(
            rows=7,
            columns=7,
            names=names,
            column_labels=columns,
            row_labels=rows,
            tokens={"W": 0, "B": 1},
            style="points",
            pieces="stone",
            lines=lines,
            score_label="men left",
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.morris import MorrisState

        board = cast(MorrisState, state)
        return [(board.point(name) or "") if name is not None else "" for name in _morris_slots()]

    def scores(self, state: State) -> list[float]:
        from plyground.games.morris import MorrisState

        board = cast(MorrisState, state)
        return [float(board.men(0)), float(board.men(1))]

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.morris import MAX_TURNS, MorrisState

        board = cast(MorrisState, state)
        phases = (board.phase(0), board.phase(1))
        if board.is_terminal():
            phase = "game over"
        elif phases[0] == phases[1]:
            phase = phases[0]
        else:
            phase = f"White {phases[0]}, Black {phases[1]}"
        facts = [
            ("Phase", phase),
            ("In hand", f"W {board.white_hand} · B {board.black_hand}"),
            ("On board", f"W {board.white.bit_count()} · B {board.black.bit_count()}"),
            ("Turn", f"{board.turns} of {MAX_TURNS}"),
        ]
        verdict = _endgame_verdict(board)
        if verdict is not None:
            facts.append(("Endgame table", verdict))
        return facts

    def clicks(self, state: State, move: Move) -> list[Click]:
        from plyground.games.morris import NONE, POINTS, decode

        origin, destination, taken = decode(cast(int, move))
        if origin == NONE:
            path = [Click(POINTS[destination], "place")]
        else:
            path = [Click(POINTS[origin], "from"), Click(POINTS[destination], "to")]
        if taken != NONE:
            path.append(Click(POINTS[taken], "take"))
        return path

    def marks(self, state: State) -> dict[str, Mark]:
        from plyground.games.morris import POINTS, MorrisState
        from plyground.games.morris.board import bits, in_mills

        board = cast(MorrisState, state)
        milled = in_mills(board.white) | in_mills(board.black)
        return {POINTS[p]: Mark("mill", "in a mill") for p in bits(milled)}

    def headline(self, state: State) -> str | None:
        from plyground.games.morris import MAX_TURNS, MorrisState

        board = cast(MorrisState, state)
        if not board.is_terminal():
            return None
        winner = board.winner()
        if winner is None and board.ending() == "repetition":
            return "Draw: the same position a third time"
        if winner is None:
            return f"Draw: {MAX_TURNS} turns played, the cap on a game's length"
        loser = ("White", "Black")[1 - winner]
        if board.men(1 - winner) <= 2:
            return f"{loser} has only two men left"
        return f"{loser} cannot move"


# -- 2048 ------------------------------------------------------------------------------

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

    def tools(self, game: Game) -> list[Tool]:
        return [Tool("hint", "Hint", "ask the 2048 bot for the best move of this position")]

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        if name != "hint":
            raise UnknownNameError(f"2048 has no tool {name!r} (known: hint)")
        if options:
            raise SettingsError(f"hint takes no options, got {', '.join(options)}")
        return _hint(state, min(seconds, HINT_SECONDS))


HINT_SECONDS = 0.5
"""Time the ``2048`` bot thinks for a hint (less when the server allows tools less)."""
HINT_BOT = "2048:cache=262144"
"""The hint's bot: the ``2048`` bot with a quarter of its table (8 MB), plenty for half a
second of search and quick to set up in a busy worker."""


@functools.cache
def _hint_bot() -> Bot:
    """The hint's bot, made and loaded once per worker process: later hints load nothing.

    Its table needs no clearing between hints: every move starts a new generation, and
    entries of an earlier generation are not trusted.
    """
    from plyground.bots import make_bot
    from plyground.games import load_game

    bot = make_bot(HINT_BOT)
    bot.new_game(load_game("2048"))  # loads the compiled search and touches its table
    return bot


def _hint(state: State, seconds: float) -> ToolResult:
    """The move the ``2048`` bot would play in ``state``, with its depth and speed."""
    if state.is_terminal() or state.is_chance():
        why = "the game is over" if state.is_terminal() else "a tile spawns next"
        raise IllegalMoveError(f"no move to hint: {why}")
    decision = _hint_bot().choose(state, Limit(time=seconds))
    info = decision.info
    move = state.move_text(decision.move)
    rate = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
    facts = (("Best move", move), ("Depth", str(info.depth)),
             ("Positions", f"{info.nodes:,} ({rate:,.0f}/s)"),
             ("Time", f"{info.elapsed * 1000:.1f} ms"))  # fmt: skip
    return ToolResult("hint", f"Hint: {move}", facts)


# -- N-Queens --------------------------------------------------------------------------

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
        columns, rows = _grid_labels(size, size)
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
