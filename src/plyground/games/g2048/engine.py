"""The compiled 2048 expectimax's driver: deepening to a depth adapted to the board.

:class:`G2048Engine` takes a :class:`~plyground.games.g2048.rules.G2048State`,
a :class:`~plyground.core.limits.Limit` and a target depth, and deepens the
compiled expectimax (:mod:`~plyground.games.g2048.search`, where the kernel's
contract is written) from depth 1 towards it, each depth a fresh search
whose counters are summed. The next depth is started only when the last
depth's cost times the growth measured between depths predicts it fits
(:meth:`G2048Engine._next_depth`); the kernel reads the clock itself and
stops at the deadline, and the last completed depth's move is played. The
answer says why the deepening stopped (``extra["stop"]``, one of the
``STOP_*`` names). The ``2048`` bot (:mod:`plyground.bots.g2048`) drives it
with its settings, its time bank and its reference fallback.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from plyground.core.limits import Limit, SearchInfo, answer_reserve, deadline_ns
from plyground.core.search_results import EngineResult, unsearched_info
from plyground.games.g2048 import kernel
from plyground.games.g2048.evaluation import G2048Weights
from plyground.games.g2048.network_value import PackedNetwork
from plyground.games.g2048.rules import G2048State
from plyground.games.g2048.search import G2048Search, warm_up

__all__ = [
    "STOP_DEADLINE",
    "STOP_NODES",
    "STOP_PREDICTED",
    "STOP_SINGLE",
    "STOP_TARGET",
    "G2048Engine",
    "adaptive_depth",
]

InfoCallback = Callable[[SearchInfo], None]

_GROWTH_GUESS = 10.0  # cost ratio of depth d+1 to depth d assumed before two are measured
_MIN_GROWTH = 1.5
_UNBOUNDED = 1 << 62
_SAFETY = 0.01
"""The most of a move's time kept back to answer (:func:`~plyground.core.limits.answer_reserve`):
less than a Python search's, as a game has thousands of short moves."""

STOP_TARGET = "target"
"""Why a move's search stopped (``SearchInfo.extra["stop"]``): it reached its target depth;"""
STOP_SINGLE = "single"
"""one legal move (played after depth 1);"""
STOP_PREDICTED = "predicted"
"""the next depth's predicted cost did not fit in the time or nodes left (not started);"""
STOP_DEADLINE = "deadline"
"""the compiled search read the clock at the deadline and stopped (that depth is dropped);"""
STOP_NODES = "nodes"
"""the compiled search reached the node limit and stopped (that depth is dropped)."""


def adaptive_depth(board: tuple[int, ...], shallowest: int, deepest: int, deeper: int = 0) -> int:
    """The search depth for a board: distinct tiles minus 2, plus ``deeper``, kept within
    the bounds (``deeper=1`` is the anchor's rule, nneonneo's ``max(3, distinct - 2)``
    in its counting, when ``shallowest`` is 4).

    >>> adaptive_depth((1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0), 2, 6)
    5
    """
    distinct = len({e for e in board if e})
    return max(shallowest, min(deepest, distinct - 2 + deeper))


class G2048Engine:
    """The compiled expectimax of one bot, and the cost of each depth it last measured.

    ``weights`` fix the heuristic (or a ``network`` evaluates instead:
    :mod:`plyground.games.g2048.network_value`), ``cut`` the probability below which a chance
    node is evaluated, ``cache`` the transposition table's entries (0: none);
    ``optimism`` and ``leap`` are the ``2048`` bot's settings of those names
    (:meth:`_next_depth`). Making one loads the kernels and puts the table in
    place (some 50 ms): a first search that page-faulted its table in would pay
    that, and the costs the deepening predicts from would be wrong.
    """

    def __init__(
        self,
        weights: G2048Weights,
        cut: float,
        cache: int,
        *,
        optimism: float = 1.0,
        leap: bool = False,
        network: PackedNetwork | None = None,
    ) -> None:
        warm_up()
        self.search = G2048Search(weights, cut, cache, network=network)
        self.search.new_game()
        self.optimism = optimism
        self.leap = leap
        self.costs: dict[int, tuple[int, int]] = {}
        """The last measured cost of each depth: (nanoseconds, nodes)."""

    def new_game(self) -> None:
        """Forget the stored values and the measured costs of earlier games."""
        self.costs.clear()
        self.search.new_game()

    def _next_depth(self, current: int, target: int, left: tuple[int, int]) -> int | None:
        """The next depth to search after ``current``, or None when none is worth starting.

        Depth 1 runs first (microseconds: the answer if nothing deeper
        finishes). Then, with ``leap``, when an earlier move's cost of some
        depth ``d`` up to ``target`` (time and nodes) fits in ``left``, the
        levels up to ``d - 1`` are skipped: ``d - 1`` is searched as the
        fallback, ``d`` after it (off unless asked: an earlier, easier board's
        cost can be a fraction of this board's, and a leap the clock stops
        leaves only depth 1). Otherwise one depth deeper, when the last
        depth's cost times the growth measured between depths is at most
        ``optimism`` times what is left: a search that does not finish costs
        only time (the kernel stops at the deadline), and time not used in a
        move is lost (without a ``bank``).
        """
        if current == 0:
            return 1
        if self.leap:
            for depth in range(target, current + 2, -1):
                known = self.costs.get(depth)
                if known and all(c <= room for c, room in zip(known, left, strict=True)):
                    return depth - 1
        last = self.costs.get(current, (0, 0))
        below = self.costs.get(current - 1, (0, 0))
        # Time grows as the nodes do: the growth measured in nodes is free of the machine's
        # hiccups (a search held up for 50 ms after a depth of 5 us would predict hours), so
        # under a node budget a seeded game replays the same on any machine.
        growth = max(_MIN_GROWTH, last[1] / below[1]) if below[1] > 0 else _GROWTH_GUESS
        if last[0] * growth <= self.optimism * left[0] and last[1] * growth <= left[1]:
            return current + 1
        return None

    def choose(
        self,
        state: G2048State,
        limit: Limit,
        depth: int,
        start_ns: int,
        on_info: InfoCallback | None = None,
        *,
        floor: tuple[int, float] | None = None,
    ) -> EngineResult:
        """Deepening to ``depth`` with the compiled search, which reads the clock itself.

        With a ``floor`` (depth, seconds) the depths up to that depth are started
        whatever their predicted cost and stopped only at that longer deadline (with
        ``wall``: the whole bank); deeper ones are started and stopped by ``limit``.

        Not the shared loop of the game-tree engines
        (:func:`~plyground.core.search_results.deepen`): the next depth is chosen, not
        one deeper (:meth:`_next_depth` may leap, and the floor has its own deadline);
        each depth is a fresh expectimax whose counters are summed, not one search whose
        table carries over; and the answer says why the deepening stopped
        (``extra["stop"]``), which a single legal move also does.
        """
        search = self.search
        deadline, floor_deadline = _deadlines(limit, start_ns, floor)
        floor_depth = min(floor[0], depth) if floor is not None else 0
        board = kernel.board_to_int(state.board)
        legal = state.legal_moves()
        search.new_move()
        totals = [0, 0, 0, 0]  # nodes, evaluations, cache hits, moves tried
        kernel_ns = dropped_ns = 0  # time inside the compiled search; in a dropped depth
        decision: EngineResult | None = None
        current = 0
        stop = STOP_TARGET
        while current < depth:
            if decision is not None and len(legal) == 1:
                stop = STOP_SINGLE
                break
            now = time.monotonic_ns()
            left = (
                deadline - now if deadline else _UNBOUNDED,
                limit.nodes - totals[0] if limit.nodes is not None else _UNBOUNDED,
            )
            if current < floor_depth:  # the floor is searched whatever it costs
                chosen: int | None = current + 1
                stop_at = floor_deadline
            else:
                chosen = self._next_depth(current, depth, left)
                stop_at = deadline
            if chosen is None:
                stop = STOP_PREDICTED  # the next depth would not finish: keep the time
                break
            values = search.values(board, chosen, stop_at, None if limit.nodes is None else left[1])
            done = search.last
            spent = (time.monotonic_ns() - now, done.nodes)
            kernel_ns += spent[0]
            for index, count in enumerate(
                (done.nodes, done.evaluations, done.cache_hits, done.moves_tried)
            ):
                totals[index] += count
            if values is None:  # stopped: this depth costs more than that
                known = self.costs.get(chosen, (0, 0))
                self.costs[chosen] = (max(known[0], 2 * spent[0]), max(known[1], 2 * spent[1]))
                stop = STOP_NODES if done.nodes >= left[1] else STOP_DEADLINE
                dropped_ns = spent[0]
                break
            self.costs[chosen] = spent
            current = chosen
            best = max(legal, key=lambda m: values[m])
            elapsed = (time.monotonic_ns() - start_ns) / 1e9
            info = SearchInfo(
                depth=chosen,
                score=float(values[best]),
                nodes=totals[0],
                pv=(state.move_text(best),),
                elapsed=elapsed,
                extra={
                    "evaluations": totals[1],
                    "cache_hits": totals[2],
                    "moves_tried": totals[3],
                    "target_depth": depth,
                    "nodes_per_second": round(totals[0] / elapsed) if elapsed > 0 else 0,
                },
            )
            decision = EngineResult(best, info)
            if on_info is not None:
                on_info(info)
        return _final(
            decision,
            state,
            legal=legal,
            nodes=totals[0],
            stop=stop,
            start_ns=start_ns,
            on_info=on_info,
            times=(kernel_ns / 1e9, dropped_ns / 1e9),
        )


def _deadlines(limit: Limit, start_ns: int, floor: tuple[int, float] | None) -> tuple[int, int]:
    """The monotonic nanoseconds a search stops at (0: no clock), for the depths above
    the floor and for the floor's (never before the other), each less the time kept to
    answer."""
    if limit.time is None:
        return 0, 0
    safety = answer_reserve(limit.time, _SAFETY)
    deadline = deadline_ns(start_ns, limit.time, _SAFETY)
    if floor is None:
        return deadline, deadline
    return deadline, max(deadline, start_ns + int((floor[1] - safety) * 1e9))


def _final(
    decision: EngineResult | None,
    state: G2048State,
    *,
    legal: tuple[int, ...],
    nodes: int,
    stop: str,
    start_ns: int,
    on_info: InfoCallback | None,
    times: tuple[float, float] = (0.0, 0.0),
) -> EngineResult:
    """The decision to play, its info saying why the search stopped (``extra["stop"]``) and
    the whole time this move took (``elapsed``, from the start of ``choose``), of which
    ``times`` were inside the compiled search (``extra["kernel_seconds"]``) and in a depth
    it stopped and dropped (``extra["dropped_seconds"]``)."""
    elapsed = (time.monotonic_ns() - start_ns) / 1e9
    kernel_seconds, dropped_seconds = times
    extra = {"stop": stop, "kernel_seconds": kernel_seconds, "dropped_seconds": dropped_seconds}
    if decision is None:  # not even depth 1 fitted: the first legal move
        info = replace(unsearched_info(state, legal[0], nodes, elapsed), extra=extra)
        if on_info is not None:
            on_info(info)
        return EngineResult(legal[0], info)
    info = replace(decision.info, elapsed=elapsed, extra={**decision.info.extra, **extra})
    return EngineResult(decision.move, info)
