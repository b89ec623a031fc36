"""The compiled adjacency search's driver: iterative deepening with aspiration windows.

:class:`AdjacencyEngine` takes an :class:`AdjacencyState`, a
:class:`~plyground.core.limits.Limit` and evaluation weights, and yields an
:class:`EngineResult` (move and :class:`SearchInfo`) per completed depth,
like :meth:`plyground.algorithms.search.AlphaBeta.iterate`, which stays the
readable reference. The work per node is compiled
(:mod:`~plyground.games.adjacency.search`); which techniques it uses is a
:class:`~plyground.games.adjacency.features.SearchFeatures`.

The driver loops over depths in Python (one kernel call per depth,
microseconds of overhead) so each completed depth reaches ``on_info`` live,
and keeps the last completed depth when the kernel stops at the deadline.
"""

from __future__ import annotations

import ctypes
import math
import time
from collections.abc import Iterator

import numpy as np

from plyground.core.evaluation import Evaluator
from plyground.core.limits import Limit, SearchInfo, answer_reserve, deadline_ns
from plyground.core.search_memory import SearchMemory
from plyground.core.search_results import (
    EngineResult,
    PerDepthSearch,
    deepen,
    unsearched_info,
)
from plyground.core.warming import warming
from plyground.games.adjacency.endgame import EndgamePlanner
from plyground.games.adjacency.evaluation import AdjacencyEvaluator, AdjacencyWeights
from plyground.games.adjacency.features import F_ASPIRATION, SearchFeatures
from plyground.games.adjacency.kernels import new_context, relative_masks, set_weights
from plyground.games.adjacency.pattern_kernel import attach
from plyground.games.adjacency.patterns import PatternEvaluator, PatternWeights
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.search import (
    CONTEXT_WORDS,
    MAX_PLY,
    S_FLAGS,
    S_MEMORY,
    S_NODES,
    S_SOLVING,
    S_STOPPED,
    S_TT_MIN_DEPTH,
    negamax,
)
from plyground.games.adjacency.solver import SolveResult

ASPIRATION_WINDOW = 1.0
"""Half-width of the first aspiration window, in marks; it doubles on each fail."""

__all__ = [
    "AdjacencyEngine",
    "EngineResult",
    "SearchFeatures",
    "make_engine",
    "search_depth",
    "warm_up",
]


def search_depth(
    cx: int, own: int, theirs: int, plies_left: int, *, depth: int, previous: float
) -> float:
    """One iteration: search the root to ``depth``, in an aspiration window around ``previous``.

    Returns the root's exact value (the window widens and the search repeats
    until the value falls inside it), or 0 when stopped (check
    ``S_STOPPED``). The best line is in the principal variation at ply 0.

    This loop of one to a few kernel calls per depth is plain Python: numba
    cannot cache a compiled function that calls a recursive one (numba issue
    6061), so :func:`~plyground.games.adjacency.search.negamax` is called from Python only.
    """
    context = _context_view(cx)
    context[S_SOLVING] = 1 if depth >= plies_left else 0
    if not (context[S_FLAGS] & F_ASPIRATION) or depth < 3 or not math.isfinite(previous):
        return float(negamax(cx, own, theirs, plies_left, depth, -math.inf, math.inf, 0))
    window = ASPIRATION_WINDOW
    alpha = previous - window
    beta = previous + window
    while True:
        value = float(negamax(cx, own, theirs, plies_left, depth, alpha, beta, 0))
        if context[S_STOPPED]:
            return 0.0
        if value <= alpha:
            window *= 2.0
            alpha = value - window if window < 16.0 else -math.inf
        elif value >= beta:
            window *= 2.0
            beta = value + window if window < 16.0 else math.inf
        else:
            return value


def _context_view(cx: int) -> np.ndarray:
    """The context block at address ``cx`` as an int64 array (no copy)."""
    buffer = (ctypes.c_int64 * CONTEXT_WORDS).from_address(cx)
    return np.ctypeslib.as_array(buffer)


class AdjacencyEngine(PerDepthSearch[AdjacencyState, EngineResult]):
    """The compiled iterative-deepening alpha-beta for the adjacency game.

    Holds its transposition table, killers and history between searches
    (like the reference :class:`~plyground.algorithms.search.AlphaBeta`);
    :meth:`new_game` clears them. ``table_size`` is rounded down to a power
    of two (16 bytes an entry).
    """

    def __init__(
        self,
        weights: AdjacencyWeights | None = None,
        table_size: int = 1 << 20,
        features: SearchFeatures | None = None,
        patterns: PatternWeights | None = None,
    ) -> None:
        self.weights = weights or AdjacencyWeights()
        self.patterns = patterns
        """The learned evaluation's weights (8x8), used instead of ``weights`` when given."""
        self._tables = patterns.tables if patterns is not None else None
        """Their expanded tables, made now: before any clock runs (tenths of a second)."""
        self.features = features or SearchFeatures()
        self._memory = SearchMemory(
            table_size, MAX_PLY, history_slots=64, move_stack=MAX_PLY * MAX_PLY
        )
        self._size = 0
        self._context = np.zeros(CONTEXT_WORDS, dtype=np.int64)
        self.endgame = EndgamePlanner()
        """Decides when a timed search solves exactly instead (``features.endgame``)."""
        self._rate: float | None = None
        """Nodes per second of wall time of the last timed search."""

    @property
    def table_entries(self) -> int:
        """How many entries the transposition table holds."""
        return self._memory.table_entries

    @property
    def nodes(self) -> int:
        """Nodes visited by the last search, its unfinished depth included."""
        return int(self._context[S_NODES])

    def new_game(self) -> None:
        """Forget what earlier searches learned; with ``features.endgame``, make the exact
        solver now (it is called before any clock runs)."""
        self._memory.new_game()
        self.endgame.new_game()
        if self.features.endgame:
            self.endgame.prepare()  # a new solver's table is empty already

    def _prepare(self, size: int, limit: Limit, start_ns: int) -> int:
        if size != self._size:
            if self._size:  # another board: nothing stored applies (new tables are empty)
                self._memory.new_game()
                self.endgame.new_game()
            self._context = new_context(size, self.weights, CONTEXT_WORDS)
            self._size = size
        context = self._context
        set_weights(context, self.weights)
        attach(context, self._tables if size == 8 else None)
        deadline = deadline_ns(start_ns, limit.time)
        self._memory.start(context[S_MEMORY:], deadline, limit.nodes or 0)
        context[S_FLAGS] = self.features.flags()
        context[S_TT_MIN_DEPTH] = max(2, self.features.tt_min_depth)
        return int(context.ctypes.data)

    def iterate(self, state: AdjacencyState, limit: Limit) -> Iterator[EngineResult]:
        """Yield a result per completed depth until a limit or an exact value.

        Always yields at least once: if not even depth 1 completes in time,
        the move flipping the most marks. With a time limit (and no depth
        limit short of the end) and ``features.endgame``, a solve predicted
        to fit the time replaces the deepening: one exact result.
        """
        if state.is_terminal():
            raise ValueError(f"no move to search: the game is over in {state.text()!r}")
        start_ns = time.monotonic_ns()
        solved = self._solve_endgame(state, limit)
        if solved is not None:
            yield _solved_result(state, solved)
            return
        cx = self._prepare(state.size, limit, start_ns)
        own, theirs = relative_masks(state)
        plies_left = state.plies_left
        horizon = min(plies_left, MAX_PLY - 2)
        previous = math.nan

        def complete(depth: int) -> EngineResult | None:
            nonlocal previous
            score = search_depth(cx, own, theirs, plies_left, depth=depth, previous=previous)
            if self._context[S_STOPPED]:
                return None
            previous = score
            line = self._memory.principal_variation(state, _first_move)
            result = EngineResult.completed(
                line[0],
                depth=depth,
                score=score,
                nodes=self.nodes,
                pv=tuple(state.geometry.names[cell] for cell in line),
                start_ns=start_ns,
                exact=depth >= plies_left,
            )
            if limit.time is not None and result.info.elapsed > 0.01:
                self._rate = result.info.nodes / result.info.elapsed
            return result

        def unsearched() -> EngineResult:
            move = _first_move(state)
            elapsed = (time.monotonic_ns() - start_ns) / 1e9
            return EngineResult(move, unsearched_info(state, move, self.nodes, elapsed))

        yield from deepen(complete, min(limit.depth or horizon, horizon), unsearched)

    def _solve_endgame(self, state: AdjacencyState, limit: Limit) -> SolveResult | None:
        """The exact solve of ``state`` when ``features.endgame`` says so and it fits the time."""
        if not self.features.endgame or limit.time is None or limit.nodes is not None:
            return None
        if limit.depth is not None and limit.depth < state.plies_left:
            return None
        return self.endgame.attempt(state, limit.time - answer_reserve(limit.time), self._rate)


def _solved_result(state: AdjacencyState, solved: SolveResult) -> EngineResult:
    """An exact solve as a search result: the score for the mover, marked exact."""
    score = solved.value if state.side == 0 else -solved.value
    info = SearchInfo(
        depth=state.plies_left,
        score=float(score),
        nodes=solved.nodes,
        pv=solved.line,
        elapsed=solved.seconds,
        extra={"exact": True, "solved": True},
    )
    return EngineResult(state.parse_move(solved.line[0]), info, True)


def _first_move(state: AdjacencyState) -> int:
    """The move flipping the most marks (the lowest cell among equals)."""
    from plyground.games.adjacency.bits import cells_by_gain

    theirs = state.o if state.side == 0 else state.x
    return cells_by_gain(theirs, state.empty(), state.size)[0]


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the search kernels and the endgame solver's."""
    from plyground.games.adjacency.rules import AdjacencyGame
    from plyground.games.adjacency.solver import warm_up as warm_solver

    warm_solver()
    engine = AdjacencyEngine(table_size=1 << 10)
    engine.search(AdjacencyGame(size=4, rounds=3).initial_state(), Limit(depth=5))


def make_engine(evaluator: Evaluator, table: int, features: str | None) -> AdjacencyEngine:
    """The compiled search the ``alphabeta`` bot uses (the profile's ``search``), evaluating
    with ``evaluator``'s weights (hand-written or learned), with ``table`` entries and
    ``features`` switched as the text says; its kernels compiled or loaded from the disk
    cache."""
    chosen = SearchFeatures().with_text(features)
    if isinstance(evaluator, PatternEvaluator):
        engine = AdjacencyEngine(None, table, chosen, patterns=evaluator.weights)
    else:
        assert isinstance(evaluator, AdjacencyEvaluator)
        engine = AdjacencyEngine(evaluator.weights, table, chosen)
    warm_up()
    return engine
