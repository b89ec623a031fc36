"""The ``2048`` bot: expectimax over 64-bit boards in numba, with an adaptive depth.

Each move it deepens from depth 1 to a target depth that grows with the
number of distinct tiles on the board (more distinct tiles: a more delicate
position, worth a deeper look), searching with the compiled expectimax
(:mod:`plyground.games.g2048.search`), which computes what the game-agnostic
:class:`~plyground.algorithms.search.expectimax.Expectimax` computes: chance
nodes over every empty cell with both spawns (0.9 / 0.1), a cut on the
cumulative probability, and a transposition table.

It obeys its time limit: the compiled search reads the clock itself and
stops at the deadline (the last completed depth's move is played), and a
deeper iteration starts only when the last one's cost predicts it fits.
:meth:`G2048Bot.new_game` loads the compiled search before any clock runs;
a first move without it loads the search only when that is cheap (already
loaded in this process) or the limit is long, and otherwise answers with
the reference search while a background thread loads the kernels.
``engine=python`` runs the reference search (slow; for checking, and for
boards the kernel cannot hold, with a tile of 32768 or more).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import ClassVar

from plyground.algorithms.search.expectimax import Expectimax
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.bots.loading import KernelLoader
from plyground.core.errors import SettingsError
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo, answer_reserve, deadline_ns
from plyground.core.search_results import unsearched_info
from plyground.core.settings import Setting, SettingOrder
from plyground.games.g2048 import kernel
from plyground.games.g2048 import search as search_module
from plyground.games.g2048.evaluation import G2048Evaluator
from plyground.games.g2048.kernel import fits
from plyground.games.g2048.rules import G2048State
from plyground.games.g2048.search import G2048Search

__all__ = [
    "STOP_DEADLINE",
    "STOP_NODES",
    "STOP_PREDICTED",
    "STOP_SINGLE",
    "STOP_TARGET",
    "G2048Bot",
    "adaptive_depth",
]

_PYTHON_FALLBACK_DEPTH = 2
_GROWTH_GUESS = 10.0  # cost ratio of depth d+1 to depth d assumed before two are measured
_MIN_GROWTH = 1.5
_UNBOUNDED = 1 << 62
_SAFETY = 0.01
"""The most of a move's time kept back to answer (:func:`~plyground.core.limits.answer_reserve`):
less than a Python search's, as a game has thousands of short moves."""
_DEBT_FLOOR = 0.25
"""With a bank, a move in debt still gets at least this share of the limit."""

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


class G2048Bot(Bot):
    """Expectimax for 2048 (see the module docstring)."""

    NAME = "2048"
    DESCRIPTION = (
        "expectimax for 2048: numba bitboards and row tables, probability cut, cache, "
        "depth adapted to the board"
    )
    GAMES = ("2048",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("depth", int, None, "fixed depth in moves (none: adapt to the board)", 1, 20),
        Setting("shallowest", int, 4, "smallest adaptive depth", minimum=1, maximum=20),
        Setting("deepest", int, 12, "largest adaptive depth", minimum=1, maximum=20),
        Setting("deeper", int, 0, "moves added to the adaptive depth", minimum=-4, maximum=8),
        Setting(
            "cut",
            float,
            1e-4,
            "evaluate chance nodes less likely than this instead of searching them",
            minimum=0.0,
            maximum=0.5,
        ),
        Setting(
            "optimism",
            float,
            1.0,
            "start a deeper search when its predicted time is at most this x the time left",
            minimum=0.0,
            maximum=1e6,
        ),
        Setting(
            "bank",
            float,
            0.0,
            "keep time unused by earlier moves, up to this x the limit, for later moves "
            "(0: none; each move within its limit)",
            minimum=0.0,
            maximum=1e6,
        ),
        Setting(
            "spend",
            float,
            1.0,
            "with a bank: the share of the kept time one move may spend",
            minimum=1e-6,
            maximum=1.0,
        ),
        Setting(
            "wall",
            int,
            0,
            "with a bank: keep it for the last this many moves before the tiles add up to "
            "the next power of two, spread it over them and search there to 'deepest' "
            "(0: spend as 'spend' says on every board)",
            minimum=0,
        ),
        Setting(
            "leap",
            bool,
            False,
            "after depth 1, leap to the deepest depth an earlier move's cost says fits",
        ),
        Setting("cache", int, 1 << 20, "cached positions (0: no cache)", minimum=0),
        Setting(
            "engine",
            str,
            "numba",
            "numba (fast) or python (reference)",
            choices=("numba", "python"),
        ),
        Setting("weights", str, None, "JSON file of heuristic weights (docs/2048.md)"),
    )
    ORDERS: ClassVar[tuple[SettingOrder, ...]] = (SettingOrder("shallowest", "deepest"),)

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        if self._settings["wall"] and not self._settings["bank"]:
            raise SettingsError("bot '2048': wall keeps the bank for the wall: it needs a bank")
        self.weights = self._make_evaluator().weights
        self._search: G2048Search | None = None
        self._loader = KernelLoader(search_module.warm_up, prepare=self._numba_search)
        self._costs: dict[int, tuple[int, int]] = {}
        """The last measured cost of each depth: (nanoseconds, nodes)."""
        self.reserve = 0.0
        """With a ``bank``: seconds earlier moves of this game left unused (negative: overran)."""

    @property
    def paces_itself(self) -> bool:
        """True with a ``bank``: the time limit is then the mean pace a move over the game."""
        return bool(self._settings["bank"] > 0)

    def _make_evaluator(self) -> G2048Evaluator:
        from plyground.games import load_game

        evaluator = evaluator_for(load_game("2048"), load_weights(self._settings["weights"]))
        assert isinstance(evaluator, G2048Evaluator)
        return evaluator

    def target_depth(self, state: G2048State) -> int:
        """The depth this bot searches ``state`` to: its ``depth`` setting, or ``deepest``
        on the wall (see :meth:`on_wall`), or adaptive."""
        fixed: int | None = self._settings["depth"]
        if fixed is not None:
            return fixed
        if self.on_wall(state):
            return int(self._settings["deepest"])
        return self._adaptive_depth(state)

    def _adaptive_depth(self, state: G2048State) -> int:
        settings = self._settings
        return adaptive_depth(
            state.board, settings["shallowest"], settings["deepest"], settings["deeper"]
        )

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        if not isinstance(state, G2048State):
            raise SettingsError(f"bot '2048' cannot play {state.game.spec!r}")
        if state.to_move() != 0:
            raise ValueError(f"no move to choose: {state.text()!r} is not the player's turn")
        start_ns = time.monotonic_ns()
        limit = self.time_limit(limit)
        pace = limit.time if self.paces_itself else None
        floor: tuple[int, float] | None = None
        if pace is not None:  # this move may spend from the bank (or pays back an overrun)
            limit = replace(limit, time=self._allowance(state, pace))
            if self._settings["wall"] and self._settings["depth"] is None:  # the whole bank
                floor = (self._adaptive_depth(state), pace + self.reserve)
        decision = self._choose(state, limit, start_ns, on_info, floor)
        if pace is not None:
            cap = self._settings["bank"] * pace
            spent = (time.monotonic_ns() - start_ns) / 1e9
            self.reserve = min(cap, self.reserve + pace - spent)
        return decision

    def on_wall(self, state: G2048State) -> bool:
        """True when ``state`` is one of the ``wall`` moves the bank is kept for: the
        last before its tiles add up to the next power of two, where nearly all of them
        must merge into one for the game to go on and games end."""
        return self._spawns_left_on_wall(state) is not None

    def _spawns_left_on_wall(self, state: G2048State) -> float | None:
        """The spawns before ``state``'s tiles add up to the next power of two when it is
        on the wall (see :meth:`on_wall`), else None."""
        window: int = self._settings["wall"]
        if not (self.paces_itself and window > 0):
            return None
        spawns = state.spawns_to_next_power()
        return spawns if spawns <= window else None

    def _allowance(self, state: G2048State, pace: float) -> float:
        """This move's time with a bank: the pace less any debt (at least a quarter of it),
        or the pace plus the share of the reserve this board may spend: with ``wall``,
        none before the wall and the reserve spread over the moves left on it;
        otherwise the ``spend`` share."""
        if self.reserve <= 0:
            return max(_DEBT_FLOOR * pace, pace + self.reserve)
        if not self._settings["wall"]:
            spend: float = self._settings["spend"]
            return pace + self.reserve * spend
        spawns = self._spawns_left_on_wall(state)
        if spawns is None:
            return pace
        return pace + self.reserve / max(1.0, spawns)

    def _choose(
        self,
        state: G2048State,
        limit: Limit,
        start_ns: int,
        on_info: InfoCallback | None,
        floor: tuple[int, float] | None = None,
    ) -> Decision:
        """The move by the compiled search (or the reference one); ``floor`` is (a depth
        to complete in any case, the seconds it may take): see :meth:`_choose_numba`."""
        depth = self.target_depth(state)
        if limit.depth is not None:
            depth = min(depth, limit.depth)
        numba = self._settings["engine"] == "numba"
        if numba and fits(state.board) and self._numba_ready(limit):
            return self._choose_numba(state, limit, depth, start_ns, on_info, floor=floor)
        if numba:
            depth = min(depth, _PYTHON_FALLBACK_DEPTH)
        # What is left of the time (loading may have taken some).
        limit = replace(limit, depth=depth).less_time((time.monotonic_ns() - start_ns) / 1e9)
        return self._choose_python(state, limit, on_info)

    # -- the engines --------------------------------------------------------
    def new_game(self, game: Game) -> None:
        """Load the compiled search now, before any clock runs, and forget earlier games."""
        self._costs.clear()
        self.reserve = 0.0
        if self._settings["engine"] == "numba":
            made = self._search is not None
            self._loader.wait()  # (after a background load, if one runs)
            if made:
                self._numba_search().new_game()

    def _numba_search(self) -> G2048Search:
        """The compiled search, loaded (compiled, or read from numba's disk cache) and its
        table in place (some 50 ms): a first search that page-faulted its table in would
        pay that, and the costs the deepening predicts from would be wrong. Made by the
        loader (:meth:`new_game`, or a background load)."""
        if self._search is None:
            search_module.warm_up()
            search = G2048Search(self.weights, self._settings["cut"], self._settings["cache"])
            search.new_game()
            self._search = search
        return self._search

    def _numba_ready(self, limit: Limit) -> bool:
        """True when the compiled search can answer within ``limit``; otherwise this move
        goes to the reference search while a background thread loads the kernels and
        makes the search (:class:`~plyground.bots.loading.KernelLoader`)."""
        return self._loader.ready(limit)

    def _next_depth(self, current: int, target: int, left: tuple[int, int]) -> int | None:
        """The next depth to search after ``current``, or None when none is worth starting.

        Depth 1 runs first (microseconds: the answer if nothing deeper
        finishes). Then, with ``leap``, when an earlier move's cost of some
        depth ``d`` up to ``target`` (time and nodes) fits in ``left``, the
        levels up to ``d - 1`` are skipped: ``d - 1`` is searched as the
        fallback, ``d`` after it (off by default: an earlier, easier board's
        cost can be a fraction of this board's, and a leap the clock stops
        leaves only depth 1). Otherwise one depth deeper, when the last
        depth's cost times the growth measured between depths is at most
        ``optimism`` times what is left: a search that does not finish costs
        only time (the kernel stops at the deadline), and time not used in a
        move is lost (without a ``bank``).
        """
        if current == 0:
            return 1
        if self._settings["leap"]:
            for depth in range(target, current + 2, -1):
                known = self._costs.get(depth)
                if known and all(c <= room for c, room in zip(known, left, strict=True)):
                    return depth - 1
        last = self._costs.get(current, (0, 0))
        below = self._costs.get(current - 1, (0, 0))
        # Time grows as the nodes do: the growth measured in nodes is free of the machine's
        # hiccups (a search held up for 50 ms after a depth of 5 us would predict hours), so
        # under a node budget a seeded game replays the same on any machine.
        growth = max(_MIN_GROWTH, last[1] / below[1]) if below[1] > 0 else _GROWTH_GUESS
        optimism = self._settings["optimism"]
        if last[0] * growth <= optimism * left[0] and last[1] * growth <= left[1]:
            return current + 1
        return None

    def _choose_python(
        self, state: G2048State, limit: Limit, on_info: InfoCallback | None
    ) -> Decision:
        search = Expectimax(self._make_evaluator(), self._settings["cut"], self._settings["cache"])
        result = search.search(state, limit, on_info)
        return Decision(result.move, result.info)

    def _choose_numba(
        self,
        state: G2048State,
        limit: Limit,
        depth: int,
        start_ns: int,
        on_info: InfoCallback | None,
        *,
        floor: tuple[int, float] | None = None,
    ) -> Decision:
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
        search = self._numba_search()
        deadline, floor_deadline = _deadlines(limit, start_ns, floor)
        floor_depth = min(floor[0], depth) if floor is not None else 0
        board = kernel.board_to_int(state.board)
        legal = state.legal_moves()
        search.new_move()
        totals = [0, 0, 0, 0]  # nodes, evaluations, cache hits, moves tried
        kernel_ns = dropped_ns = 0  # time inside the compiled search; in a dropped depth
        decision: Decision | None = None
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
                known = self._costs.get(chosen, (0, 0))
                self._costs[chosen] = (max(known[0], 2 * spent[0]), max(known[1], 2 * spent[1]))
                stop = STOP_NODES if done.nodes >= left[1] else STOP_DEADLINE
                dropped_ns = spent[0]
                break
            self._costs[chosen] = spent
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
            decision = Decision(best, info)
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
    decision: Decision | None,
    state: G2048State,
    *,
    legal: tuple[int, ...],
    nodes: int,
    stop: str,
    start_ns: int,
    on_info: InfoCallback | None,
    times: tuple[float, float] = (0.0, 0.0),
) -> Decision:
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
        return Decision(legal[0], info)
    info = replace(decision.info, elapsed=elapsed, extra={**decision.info.extra, **extra})
    return Decision(decision.move, info)
