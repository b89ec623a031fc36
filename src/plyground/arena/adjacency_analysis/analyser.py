"""Analysis for people: the value of every move in a position, exact where a solve fits.

:class:`Analyser` gives each legal move of an adjacency position its value,
always as the final margin X's marks minus O's (so a reader need not know
who moves), from one of two sources (after the opening book, below), and
says which:

* ``exact``: the exact solver (:mod:`plyground.games.adjacency.solver`)
  proves every move's value within the time budget;
* ``engine``: otherwise the compiled alpha-beta engine (the ``alphabeta``
  bot's search) searches the position after each move, all of them to the
  same depth, one depth at a time until the budget runs out, and keeps the
  deepest depth every move completed. Its values are the evaluation's
  estimate of the margin (same units: marks), not a proof.

Before either, the opening book (:mod:`plyground.games.adjacency.book`) is
read: the first moves of a solved setting are proved there. A move whose
value the book gives (a best move, or one leading to a booked position) is
valued exactly (``booked``); when the book gives every move's value the
position is valued by it alone (source ``book``). When it gives only some,
as at the start of the 8-round game (value -2, its best moves proved, the
others not valued), the engine values the others *anchored* to the book:
a move's estimated loss is how much worse the engine finds it than the
book's best moves on average (they share one value), never below 0, so no
estimate contradicts a proof (the engine alone values the start near 0, and
ranks moves the book does not call best above proved best ones).

A position therefore costs at most twice the budget (a solve that runs out,
then the engine). :mod:`plyground.arena.adjacency_analysis.annotation` uses it move by move
for a whole game; the CLI (``plyground analyse``) and the web app call the
two, so neither holds a copy of the analysis.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.limits import Limit

if TYPE_CHECKING:  # the adjacency modules load numba: imported when first used
    from plyground.games.adjacency.book import BookSolution
    from plyground.games.adjacency.engine import AdjacencyEngine
    from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState
    from plyground.games.adjacency.solver import ExactSolver

__all__ = [
    "BLUNDER_MARKS",
    "BOOK_KNOWN_BY",
    "Analyser",
    "AnalysisSettings",
    "BestMoves",
    "PositionValues",
    "adjacency_state",
    "json_number",
    "margin_text",
    "strategy_known_by",
]


BOOK_KNOWN_BY = "the opening book"
"""How a hint says its best moves are known when the opening book proves them."""


def strategy_known_by(keep: int, mover: int, exact: bool = False) -> str:
    """How a hint says its move is known when the book's strategy proves it keeps ``keep``
    (X - O) for ``mover``: a bound on a best move's value, or with ``exact`` the position's
    value (the move is then proved best).

    >>> strategy_known_by(-2, 1)
    'the strategy, proved to keep -2 (X − O at most -2)'
    >>> strategy_known_by(-4, 1, exact=True)
    "the strategy, proved best (keeps -4, the position's value)"
    """
    if exact:
        return f"the strategy, proved best (keeps {margin_text(keep)}, the position's value)"
    side = "at least" if mover == 0 else "at most"
    return f"the strategy, proved to keep {margin_text(keep)} (X − O {side} {margin_text(keep)})"


BLUNDER_MARKS = 4.0
"""Marks lost against the best move from which a move is a blunder, unless told."""

_EPSILON = 1e-9
"""Values closer than this count as equal (engine values are floats)."""


@dataclass(frozen=True)
class AnalysisSettings:
    """How hard to look and what counts as a blunder."""

    time: float = 1.0
    """Seconds per position: the exact solve's budget, then (if it runs out) the engine's."""
    blunder: float = BLUNDER_MARKS
    """Marks lost against the best move from which a move is a blunder."""
    exact: bool = True
    """Try the exact solver first (False: engine values only)."""

    def __post_init__(self) -> None:
        if not (self.time > 0 and math.isfinite(self.time)):
            raise PlygroundError(f"the time per position must be positive, got {self.time!r}")
        if not (self.blunder > 0 and math.isfinite(self.blunder)):
            raise PlygroundError(f"the blunder threshold must be positive, got {self.blunder!r}")


@dataclass(frozen=True)
class PositionValues:
    """Every legal move's value in one position (X's marks minus O's at the end)."""

    position: str
    to_move: int
    """0 (X) or 1 (O): who chooses among the moves."""
    values: dict[str, float]
    """Move text -> the margin after it with best play (``exact``), or the engine's estimate."""
    exact: bool
    depth: int
    """The engine's depth after each move (0 when exact)."""
    nodes: int
    seconds: float
    booked: tuple[str, ...] = ()
    """The moves valued exactly by the opening book; with ``exact`` False, the only exact
    values (the others are the engine's, anchored to them)."""

    @property
    def source(self) -> str:
        """``exact`` (solved), ``book`` (every value from the opening book) or ``engine``
        (estimates, but the :attr:`booked` moves' values)."""
        if not self.exact:
            return "engine"
        return "book" if self.booked else "exact"

    @property
    def known_by(self) -> str:
        """How the best moves are known, for a person: ``the opening book``, ``an exact
        solve`` or ``the engine's estimate (depth N)``."""
        if self.booked:
            return BOOK_KNOWN_BY
        return "an exact solve" if self.exact else f"the engine's estimate (depth {self.depth})"

    def is_exact(self, move: str) -> bool:
        """True when ``move``'s value is exact (proved by a solve or the book)."""
        return self.exact or move in self.booked

    def for_mover(self, value: float) -> float:
        """A margin seen from the side to move (more is better for it)."""
        return value if self.to_move == 0 else -value

    @property
    def best_value(self) -> float:
        """The margin the side to move reaches with its best move."""
        return max(self.values.values(), key=self.for_mover)

    @property
    def best(self) -> tuple[str, ...]:
        """Every move reaching :attr:`best_value` (in a position the book gives only in part,
        every move *proved* to reach it: an estimate that ties a proof is not a proof)."""
        top = self.for_mover(self.best_value)
        reaching = [m for m, v in self.values.items() if self.for_mover(v) >= top - _EPSILON]
        return tuple(m for m in reaching if self.is_exact(m)) if self.booked else tuple(reaching)

    def loss(self, move: str) -> float:
        """Marks ``move`` gives away against the best move (never negative)."""
        lost = self.for_mover(self.best_value) - self.for_mover(self.values[move])
        return 0.0 if lost < _EPSILON else lost

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (for ``--json`` and the web API)."""
        return {
            "position": self.position,
            "to_move": self.to_move,
            "source": self.source,
            "exact": self.exact,
            "values": {move: json_number(value) for move, value in self.values.items()},
            "booked": list(self.booked),
            "best": list(self.best),
            "best_value": json_number(self.best_value),
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


@dataclass(frozen=True)
class BestMoves:
    """The best moves of a position, their value and how they are known: what a hint says
    (:mod:`plyground.arena.adjacency_analysis.hints` words it)."""

    best: tuple[str, ...]
    value: float
    """The margin (X - O) the best moves reach."""
    known_by: str
    """``the opening book``, ``an exact solve`` or ``the engine's estimate (depth N)``."""
    seconds: float

    def best_text(self, most: int = 6) -> str:
        """The best moves, at most ``most`` of them named: ``e1 f1 g1 (and 11 more)``."""
        more = f" (and {len(self.best) - most} more)" if len(self.best) > most else ""
        return " ".join(self.best[:most]) + more

    @property
    def value_text(self) -> str:
        """The value as a person reads a margin (:func:`margin_text`)."""
        return margin_text(self.value)


def margin_text(value: float) -> str:
    """A margin (X - O) as a person reads it: an exact margin is a whole number, an
    estimate keeps two places.

    >>> [margin_text(v) for v in (-2.0, 0.0, 0.5, -0.004)]
    ['-2', '0', '+0.50', '0']
    """
    number = json_number(value)
    if number == 0:
        return "0"
    return f"{number:+d}" if isinstance(number, int) else f"{number:+.2f}"


def json_number(value: float) -> float | int:
    """A value for JSON: an integer when it is one (exact margins), else rounded to 2 places."""
    return int(value) if float(value).is_integer() else round(value, 2)


def adjacency_state(state: State) -> AdjacencyState:
    """``state`` if it is an adjacency position; PlygroundError naming the game otherwise."""
    from plyground.games.adjacency.rules import AdjacencyState

    if not isinstance(state, AdjacencyState):
        raise PlygroundError(
            f"analysis is available for the adjacency game only, not {state.game.spec!r}"
        )
    return state


class Analyser:
    """Values of moves by the exact solver where it finishes in time, else by the engine.

    Keeps the solver's and the engine's tables between positions (positions
    of one game share much). Not thread-safe: one position at a time.
    """

    def __init__(self, settings: AnalysisSettings | None = None) -> None:
        self.settings = settings or AnalysisSettings()
        self.check: Callable[[], None] = lambda: None
        """Called before each position: raises to stop the analysis there."""
        self._solver: ExactSolver | None = None
        self._engine: AdjacencyEngine | None = None
        self._engine_game: AdjacencyGame | None = None

    def warm_up(self, game: Game | None = None) -> None:
        """Compile (or load from the disk cache) the solver's and the engine's kernels now,
        and make their tables (the engine's for ``game``, when given), so that no budget
        pays for them: on a busy machine, allocating the tables takes seconds.

        Raises PlygroundError when ``game`` is not the adjacency game.
        """
        from plyground.games.adjacency import engine, solver

        if self.settings.exact:
            solver.warm_up()
            self._exact_solver()
        engine.warm_up()
        if game is not None:
            self._engine_for(adjacency_state(game.initial_state()).game)

    def position(self, state: State, *, exact: bool | None = None) -> PositionValues:
        """Every legal move's value in ``state``; ``exact=False`` skips the solver.

        Raises PlygroundError for another game than adjacency or a finished game.
        """
        self.check()
        board = adjacency_state(state)
        if board.is_terminal():
            raise PlygroundError(f"nothing to analyse: the game is over in {board.text()!r}")
        from plyground.games.adjacency.book import book_solution

        booked = book_solution(board) if self.settings.exact else None
        if booked is not None and booked.complete:
            return _book_values(booked)
        try_exact = self.settings.exact if exact is None else exact
        if try_exact:
            solved = self._solve(board)
            if solved is not None:
                return solved
        searched = self._search(board)
        return searched if booked is None or searched.exact else _anchored(searched, booked)

    def best_moves(self, state: State) -> BestMoves:
        """The best moves of ``state``, for a hint: at once from the opening book where it
        proves them, else by :meth:`position` (the same best moves and value either way; the
        book's other moves, which a hint does not show, would cost an engine search). Where
        the book's strategy has a move (a few plies into the course's game) the hint is that
        move and the value it is proved to keep, at once.

        Raises PlygroundError as :meth:`position` does.
        """
        started = time.perf_counter()
        board = adjacency_state(state)
        from plyground.games.adjacency.book import book_solution

        booked = book_solution(board) if self.settings.exact and not board.is_terminal() else None
        if booked is not None:
            best = tuple(move for move, value in booked.known.items() if value == booked.value)
            return BestMoves(best, booked.value, BOOK_KNOWN_BY, time.perf_counter() - started)
        from plyground.games.adjacency.book import strategy_answer

        kept = strategy_answer(board) if self.settings.exact and not board.is_terminal() else None
        if kept is not None:  # a move proved to keep the game's value: no search needed
            move, entry = kept
            known_by = strategy_known_by(entry.keep, board.side, entry.exact)
            return BestMoves((move,), entry.keep, known_by, time.perf_counter() - started)
        values = self.position(board)
        return BestMoves(
            values.best, values.best_value, values.known_by, time.perf_counter() - started
        )

    def _solve(self, state: AdjacencyState) -> PositionValues | None:
        """The exact values, or None when the solve does not finish within the budget."""
        from plyground.games.adjacency.solver import SolveStopped

        solver = self._exact_solver()
        started = time.perf_counter()
        try:
            result = solver.solve(
                state, moves=True, line=False, limit=Limit(time=self.settings.time)
            )
        except SolveStopped:
            return None
        assert result.moves is not None
        return PositionValues(
            position=state.text(),
            to_move=state.side,
            values={move: float(value) for move, value in result.moves.items()},
            exact=True,
            depth=0,
            nodes=result.nodes,
            seconds=time.perf_counter() - started,
        )

    def _exact_solver(self) -> ExactSolver:
        """The solver, made (kernels loaded, tables allocated) on first use."""
        from plyground.games.adjacency.solver import ExactSolver, warm_up

        if self._solver is None:
            warm_up()  # compile or load the kernels before the first clock starts
            self._solver = ExactSolver()
        return self._solver

    def _engine_for(self, game: AdjacencyGame) -> AdjacencyEngine:
        """The engine with ``game``'s weights, made on first use (and again for another game)."""
        from plyground.games.adjacency.engine import AdjacencyEngine, warm_up
        from plyground.games.adjacency.evaluation import default_weights

        if self._engine is None or self._engine_game != game:
            warm_up()
            self._engine = AdjacencyEngine(default_weights(game))
            self._engine_game = game
        return self._engine

    def _search(self, state: AdjacencyState) -> PositionValues:
        """Every move's engine value: all moves to depth 1, then 2, ... while the budget lasts."""
        engine = self._engine_for(state.game)
        started = time.perf_counter()
        deadline = started + self.settings.time
        children = {state.move_text(move): state.play(move) for move in state.legal_moves()}
        most = max(1, state.plies_left - 1)  # a child searched this deep is solved
        # Depth 1 always completes (no deadline), so every move has a value.
        deepest = _level(engine, children, 1, None)
        assert deepest is not None
        nodes = deepest.nodes
        while deepest.depth < most and not deepest.exact and time.perf_counter() < deadline:
            level = _level(engine, children, deepest.depth + 1, deadline)
            if level is None:
                break
            deepest, nodes = level, nodes + level.nodes
        return PositionValues(
            position=state.text(),
            to_move=state.side,
            values=deepest.values,
            exact=deepest.exact,
            depth=0 if deepest.exact else deepest.depth,
            nodes=nodes,
            seconds=time.perf_counter() - started,
        )


def _book_values(booked: BookSolution) -> PositionValues:
    """A position valued by the book alone (one the book values in full)."""
    return PositionValues(
        position=booked.state.text(),
        to_move=booked.state.side,
        values={move: float(value) for move, value in booked.known.items()},
        exact=True,
        depth=0,
        nodes=0,
        seconds=0.0,
        booked=tuple(booked.known),
    )


def _anchored(searched: PositionValues, booked: BookSolution) -> PositionValues:
    """The engine's values of ``searched`` with the book's exact ones in their place, and the
    others' losses measured by the engine from the book's best moves: from the mean of its
    values of them, its estimate of the one value they share (their highest would measure
    from the engine's largest error among them)."""
    mover = searched.for_mover
    anchor = statistics.fmean(mover(searched.values[move]) for move in booked.best)
    values: dict[str, float] = {}
    for move, estimate in searched.values.items():
        if move in booked.known:
            values[move] = float(booked.known[move])
        else:
            loss = max(0.0, anchor - mover(estimate))
            values[move] = mover(mover(booked.value) - loss)
    return replace(searched, values=values, booked=tuple(booked.known))


@dataclass(frozen=True)
class _Level:
    """Every move's engine value at one depth (X - O), whether all are exact, the nodes."""

    depth: int
    values: dict[str, float]
    exact: bool
    nodes: int


def _level(
    engine: AdjacencyEngine,
    children: dict[str, AdjacencyState],
    depth: int,
    deadline: float | None,
) -> _Level | None:
    """Every child (the position after each move) searched to ``depth``, or None when the
    deadline comes first."""
    values: dict[str, float] = {}
    all_exact = True
    nodes = 0
    for move, child in children.items():
        if child.is_terminal():
            values[move] = float(child.returns()[0])
            continue
        seconds = None
        if deadline is not None:
            seconds = deadline - time.perf_counter()
            if seconds <= 0:
                return None
        result = engine.search(child, Limit(time=seconds, depth=depth))
        nodes += result.info.nodes
        if not result.exact and result.info.depth < depth:
            return None
        assert result.info.score is not None
        score = float(result.info.score)
        values[move] = score if child.side == 0 else -score
        all_exact = all_exact and result.exact
    return _Level(depth, values, all_exact, nodes)
