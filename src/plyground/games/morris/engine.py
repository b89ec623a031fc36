"""The compiled Morris search's driver: iterative deepening over the kernel's depths.

:class:`MorrisEngine` takes a :class:`~plyground.games.morris.rules.MorrisState`,
a :class:`~plyground.core.limits.Limit` and a
:class:`~plyground.games.morris.evaluation.MorrisEvaluator`'s weights, and
yields an :class:`EngineResult` per completed depth, like
:meth:`plyground.algorithms.search.AlphaBeta.iterate` with the same
evaluator, which stays the readable reference. (A game's kernels import
only the core, so the result is the core's compiled-engine result.) The
work per node is compiled (:mod:`~plyground.games.morris.search`, where the
kernel's contract is written).

The driver loops over depths in Python (one kernel call per depth), so each
completed depth reaches ``on_info`` live; it keeps the last completed depth
when the kernel stops at the deadline, and asks the kernel's own rule
(:func:`~plyground.games.morris.search.answer_due`) before it begins a depth.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import numpy as np

from plyground.core.limits import Limit, SearchInfo, deadline_ns
from plyground.core.search_memory import M_NODES, M_STOPPED, SearchMemory
from plyground.core.search_results import (
    EngineResult,
    PerDepthSearch,
    deepen,
    line_texts,
    unsearched_info,
)
from plyground.core.warming import warming
from plyground.games.morris.endgames import EndgameTables
from plyground.games.morris.evaluation import PHASES, RELATIONS, WIN, MorrisEvaluator
from plyground.games.morris.kernels import RELATION_COUNT
from plyground.games.morris.rules import MAX_TURNS, WHITE, MorrisGame, MorrisState
from plyground.games.morris.search import (
    CONTEXT_WORDS,
    DECISIVE,
    MAX_MOVES,
    MAX_PLY,
    SAFETY,
    SAFETY_MIN,
    X_CAP,
    X_END,
    X_EXACT_KEYS,
    X_GAP,
    X_KEYS,
    X_KEYS_BASE,
    X_LAST_CHECK,
    X_PHASE,
    X_REDUCTIONS,
    X_REPETITION,
    X_SCORES,
    X_TABLE_OFFSETS,
    X_TABLES,
    X_WEIGHTS,
    answer_due,
    negamax,
)

__all__ = ["EngineResult", "MorrisEngine", "warm_up", "with_times"]


class MorrisEngine(PerDepthSearch[MorrisState, EngineResult]):
    """The compiled iterative-deepening alpha-beta for Nine Men's Morris.

    Searches with ``evaluator``'s weights and phase (the position's own, or
    one fixed phase for the seed's evaluation). Keeps its table, killers and
    history between searches (like the reference
    :class:`~plyground.algorithms.search.AlphaBeta`); :meth:`new_game`
    clears them. ``table_size`` is rounded down to a power of two (16 bytes
    an entry). ``exact`` puts the turn count in every table key and reduces
    no move, so a depth's score equals the reference's (the differential
    tests); the bot searches with reductions.
    ``endgames``: solved endgame tables to read exact values from.
    """

    def __init__(
        self,
        evaluator: MorrisEvaluator | None = None,
        table_size: int = 1 << 20,
        *,
        exact: bool = False,
        endgames: EndgameTables | None = None,
    ) -> None:
        self.evaluator = evaluator or MorrisEvaluator()
        self.endgames = endgames
        self._memory = SearchMemory(
            table_size, MAX_PLY, history_slots=1024, move_stack=MAX_PLY * MAX_MOVES
        )
        self._scores = np.zeros(MAX_PLY * MAX_MOVES, dtype=np.int64)
        self._keys = np.zeros(512 + MAX_PLY, dtype=np.int64)
        weights = self.evaluator.weights
        self._weights = np.array(
            [getattr(getattr(weights, phase), name) for phase in PHASES for name in RELATIONS],
            dtype=np.float64,
        )
        assert len(self._weights) == len(PHASES) * RELATION_COUNT
        self._context = np.zeros(CONTEXT_WORDS, dtype=np.int64)
        self._context[X_PHASE] = (
            -1 if self.evaluator.phase is None else PHASES.index(self.evaluator.phase)
        )
        self._context[X_EXACT_KEYS] = int(exact)
        self._context[X_REDUCTIONS] = int(not exact)

    @property
    def nodes(self) -> int:
        """Nodes visited by the last search, its unfinished depth included."""
        return int(self._context[M_NODES])

    @property
    def stopped(self) -> bool:
        """True when the last search ran into its deadline or node limit (rather than
        completing every depth it was allowed or deciding the game)."""
        return bool(self._context[M_STOPPED])

    @property
    def gap(self) -> float:
        """The longest wall time between two readings of the clock in the last search, in
        seconds (with the earlier searches', halved per search; see :data:`X_GAP`): on a
        busy machine, how long the process waited to be scheduled."""
        return int(self._context[X_GAP]) / 1e9

    def new_game(self) -> None:
        """Forget what earlier searches learned."""
        self._memory.new_game()

    def _prepare(self, state: MorrisState, limit: Limit, start_ns: int) -> int:
        context = self._context
        context[X_END] = 0
        deadline = deadline_ns(start_ns, limit.time, SAFETY, SAFETY_MIN)
        if limit.time is not None:
            context[X_END] = start_ns + max(1, int(limit.time * 1e9))
        # What earlier searches measured counts, halved: the machine's load changes slowly.
        context[X_GAP] //= 2
        self._memory.start(context, deadline, limit.nodes or 0)
        context[X_SCORES] = self._scores.ctypes.data
        context[X_WEIGHTS] = self._weights.ctypes.data
        context[X_CAP] = MAX_TURNS
        history = state.repetition_keys()
        context[X_REPETITION] = int(state.game.repetition)
        if len(history) + MAX_PLY > len(self._keys):
            self._keys = np.zeros(len(history) + MAX_PLY, dtype=np.int64)
        self._keys[: len(history)] = history
        context[X_KEYS] = self._keys.ctypes.data
        context[X_KEYS_BASE] = len(history)
        tables = self.endgames
        context[X_TABLES] = 0 if tables is None else tables.words.ctypes.data
        context[X_TABLE_OFFSETS] = 0 if tables is None else tables.offsets.ctypes.data
        return int(context.ctypes.data)

    def search(
        self,
        state: MorrisState,
        limit: Limit,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> EngineResult:
        """The best move within ``limit``; ``on_info`` hears each completed depth.

        The answer's ``info`` is the deepest completed depth's, with ``elapsed`` the whole
        search's wall time (the unfinished depth included: what a referee's clock sees, less
        the time to hand the answer over) and ``extra["cpu"]`` the processor time the search
        itself used: on a busy machine the wall time also holds the waits to be scheduled.
        """
        started, cpu = time.monotonic_ns(), time.thread_time_ns()
        result = super().search(state, limit, on_info)
        info = with_times(result.info, started, cpu)
        info = replace(info, extra={**info.extra, "gap": self.gap})
        return EngineResult(result.move, info, result.exact)

    def iterate(self, state: MorrisState, limit: Limit) -> Iterator[EngineResult]:
        """Yield a result per completed depth until a limit or a decided score.

        Always yields at least once: if not even depth 1 completes in time,
        the first move in the evaluator's order.
        """
        if state.is_terminal():
            raise ValueError(f"no move to search: the game is over in {state.text()!r}")
        start_ns = time.monotonic_ns()
        cx = self._prepare(state, limit, start_ns)
        if state.side == WHITE:
            own, theirs, own_hand, their_hand = (
                state.white,
                state.black,
                state.white_hand,
                state.black_hand,
            )
        else:
            own, theirs, own_hand, their_hand = (
                state.black,
                state.white,
                state.black_hand,
                state.white_hand,
            )
        returned = cpu = 0

        def complete(depth: int) -> EngineResult | None:
            nonlocal returned, cpu
            if depth > 1:
                # The driver's work between depths counts as a gap for what it waited (its
                # wall time less its processor time), not for its own work.
                waited = time.monotonic_ns() - returned - (time.thread_time_ns() - cpu)
                self._context[X_GAP] = max(int(self._context[X_GAP]), waited)
                if answer_due(cx, time.monotonic_ns()):
                    self._context[M_STOPPED] = 1  # no depth begun after the deadline
                    return None
            self._context[X_LAST_CHECK] = time.monotonic_ns()
            score = float(
                negamax(
                    cx,
                    own,
                    theirs,
                    own_hand,
                    their_hand,
                    state.turns,
                    state.took,
                    0,
                    depth,
                    -math.inf,
                    math.inf,
                    0,
                )
            )
            if self._context[M_STOPPED]:
                return None
            returned, cpu = time.monotonic_ns(), time.thread_time_ns()
            line = self._memory.principal_variation(state, self._first_move)
            return EngineResult.completed(
                line[0],
                depth=depth,
                score=score,
                nodes=self.nodes,
                pv=tuple(line_texts(state, line)),
                start_ns=start_ns,
                exact=abs(score) >= DECISIVE and WIN - abs(score) <= depth,
            )

        def unsearched() -> EngineResult:
            move = self._first_move(state)
            elapsed = (time.monotonic_ns() - start_ns) / 1e9
            return EngineResult(move, unsearched_info(state, move, self.nodes, elapsed))

        yield from deepen(complete, min(limit.depth or MAX_PLY - 2, MAX_PLY - 2), unsearched)

    def _first_move(self, state: MorrisState) -> int:
        """The first move in the evaluator's order (takes first)."""
        move = self.evaluator.order(state, state.legal_moves())[0]
        assert isinstance(move, int)
        return move


def with_times(info: SearchInfo, started_ns: int, cpu_ns: int) -> SearchInfo:
    """``info`` with the wall and processor time since ``started_ns`` and ``cpu_ns``
    (:func:`time.monotonic_ns`, :func:`time.thread_time_ns`)."""
    cpu = (time.thread_time_ns() - cpu_ns) / 1e9
    elapsed = (time.monotonic_ns() - started_ns) / 1e9
    return replace(info, elapsed=elapsed, extra={**info.extra, "cpu": round(cpu, 6)})


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the search kernels."""
    engine = MorrisEngine(table_size=1 << 10)
    engine.search(MorrisGame().initial_state(), Limit(depth=3))
