"""The compiled Morris search: negamax alpha-beta in numba and its Python driver.

:class:`MorrisEngine` takes a :class:`~plyground.games.morris.rules.MorrisState`,
a :class:`~plyground.core.limits.Limit` and a
:class:`~plyground.games.morris.evaluation.MorrisEvaluator`'s weights, and
yields an :class:`EngineResult` per completed depth, like
:meth:`plyground.algorithms.search.AlphaBeta.iterate` with the same
evaluator, which stays the readable reference. (A game's kernels import
only the core, so the result is the core's compiled-engine result.) Per node, in
compiled code (:mod:`plyground.games.morris.kernels` for the board work):

* copy-make over the mover's and the opponent's masks, men in hand, turns;
* fail-soft negamax with principal variation search (null windows after
  the first move) and late move reductions (quiet moves late in the order
  searched a ply or two shallower first, and again at full depth if they
  beat alpha);
* a transposition table in a preallocated int64 array, two words an entry:
  the key (the high bits of a hash of both masks, both hands, the side to
  move and, within :data:`MAX_PLY` turns of the draw cap, the turn count)
  with the best move, depth, bound and generation packed into its low bits,
  and the value as a float64; depth-preferred within a search, replaced
  across searches; decided scores stored relative to their position;
* move order: the table's move, takes, two killer moves per ply, moves onto
  the open point of an opposing two-man line, then the rest by history;
* the game's ends exactly as the rules have them: a player with two men or
  no move loses, the draw cap, and threefold repetition when the game
  counts it (against the positions of the game so far and of the path);
* solved endgames (:mod:`plyground.games.morris.endgames`), when given:
  below the root, a position the tables hold is worth its exact value
  (a win or loss by distance when it fits before the draw cap, else a
  draw), without searching it;
* the clock read inside the kernel every 1024 nodes (the monotonic clock of
  :func:`plyground.core.jit.monotonic_ns`), so a search stops at its
  deadline wherever it is; the driver keeps the last completed depth. The
  kernel runs without the GIL, so a referee's or a server's other threads
  (reading an engine's pipe, the clock) go on while it searches.

Contract of :func:`_negamax` (as in the reference): fail-soft; a value
``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound, otherwise
exact to the searched depth. With ``exact`` (the turn count always in the
key, no reductions; the tests use it) a depth's score equals the reference
search's at that depth with the same evaluator.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import numpy as np
from numba import njit

from plyground.core.deepening import EngineResult, last_result, line_texts
from plyground.core.jit import (
    load_float,
    load_int,
    monotonic_ns,
    popcount,
    store_float,
    store_int,
)
from plyground.core.limits import Limit, SearchInfo
from plyground.core.search_kernels import (
    add_killer,
    bound_cuts,
    count_node,
    mix64,
    research_window,
    result_bound,
    set_pv,
)
from plyground.core.search_memory import (
    M_DEADLINE,
    M_GENERATION,
    M_HISTORY,
    M_KILLERS,
    M_MOVES,
    M_NODES,
    M_PV,
    M_PV_LENGTH,
    M_STOPPED,
    M_TABLE,
    M_TABLE_MASK,
    MEMORY_WORDS,
    SearchMemory,
)
from plyground.games.morris.endgames import MAX_MEN, EndgameTables, position_index
from plyground.games.morris.evaluation import PHASES, RELATIONS, WIN, MorrisEvaluator
from plyground.games.morris.kernels import (
    RELATION_COUNT,
    WON,
    child_status,
    evaluate,
    generate,
    threats,
)
from plyground.games.morris.rules import MAX_TURNS, WHITE, MorrisGame, MorrisState

__all__ = ["EngineResult", "MorrisEngine", "warm_up", "with_times"]

# -- the context block: one int64 word each ------------------------------------------------
# The memory block (:class:`~plyground.core.search_memory.SearchMemory`, words ``M_*``)
# comes first; this engine's own words follow it.
X_SCORES = MEMORY_WORDS
"""Address of the move scores, beside the move stack."""
X_WEIGHTS = 13
X_PHASE = 14
"""The weights row every position is weighed with, or -1 for each position's own phase."""
X_CAP = 15
"""The draw cap in turns."""
X_EXACT_KEYS = 16
"""1: the turn count is always part of a table key (values then match the reference)."""
X_REPETITION = 17
"""1: a position's third occurrence draws."""
X_KEYS = 18
"""Address of the repetition keys: the game's positions, then the search path."""
X_KEYS_BASE = 19
"""How many of the keys are the game's (the root's key is the last of them)."""
X_TABLES = 20
"""Address of the endgame tables' bytes, read as int64 words (0: no tables)."""
X_TABLE_OFFSETS = 21
"""Address of the endgame tables' offsets (:class:`EndgameTables`)."""
X_REDUCTIONS = 22
"""1: late quiet moves are searched less deep first (late move reductions)."""
X_END = 23
"""Monotonic nanoseconds by which the answer is due: the start plus the whole limit (0: none)."""
X_LAST_CHECK = 24
"""When the clock was last read (monotonic nanoseconds; the driver sets it as a depth starts)."""
X_GAP = 25
"""The longest wall time between two readings of the clock (nanoseconds; between depths, the
driver's wall time less its processor time), this search's and, halved per search, the
earlier searches': how long the process can go without running."""
CONTEXT_WORDS = 28

MAX_PLY = 64
MAX_MOVES = 640
"""Moves one position can have, with room to spare (at most 63 flights, 9 takes each)."""
SAFETY = 0.1
"""Seconds kept back from a time limit to answer in, also on a machine so loaded that a
process waits to be scheduled: 10% of the limit, at least :data:`SAFETY_MIN` (at most half
the limit) and at most this."""
SAFETY_MIN = 0.02
CHECK_EVERY = 255
"""The clock is read when ``nodes & CHECK_EVERY == 0`` (some 30 microseconds of search)."""
GAPS_KEPT = 3
"""The search stops once the time left before the answer is due is less than this many of the
longest gaps between clock readings (:data:`X_GAP`): after it stops, the answer still has to
reach the referee (the search unwinds, the driver returns, the referee's thread wakes), and
each step can wait that long to be scheduled."""
NULL_WINDOW = 1e-6
LMR_FIRST = 4
"""Moves before this index in a node's order are never reduced (nor takes, killers, blocks)."""
DECISIVE = WIN / 2
INFO_BITS = 34
INFO_MASK = (1 << INFO_BITS) - 1
NO_MOVE = 0
"""A table entry without a move (no legal move encodes to 0: placing on a7 is 0 too,
so the move is stored plus one)."""

_TAKE_SCORE = 1 << 40
_KILLER_SCORE = 1 << 39
_BLOCK_SCORE = 1 << 38


@njit(cache=True)
def _hash(own: int, theirs: int, hands: int, turns_key: int) -> int:
    """A 64-bit mix of the position (murmur3's finaliser over a multiply-add)."""
    h = own * -7046029254386353131 + theirs * -4658895280553007687
    return mix64(h + hands * 0x9E3779B97F4A7C15 + turns_key * 0x632BE59BD9B4E019)


@njit(cache=True)
def _repetition_key(own: int, theirs: int, turns: int) -> int:
    """The position as threefold repetition compares it: both boards and the side to move."""
    if turns & 1:
        return theirs | own << 24 | 1 << 48
    return own | theirs << 24


@njit(cache=True)
def _count_node(cx: int) -> bool:
    """Count a node; read the clock now and then. True when the search must stop."""
    if count_node(cx, CHECK_EVERY):  # the memory block, its clock first, starts the context
        return True
    if load_int(cx, M_NODES) & CHECK_EVERY == 0:
        return _keep_time(cx)
    return False


@njit(cache=True)
def _keep_time(cx: int) -> bool:
    """Measure the gap since the last reading of the clock; stop (True) when the answer's due
    time is fewer than :data:`GAPS_KEPT` of the longest gaps away."""
    end = load_int(cx, X_END)
    if end == 0:
        return False
    now = monotonic_ns()
    gap = max(load_int(cx, X_GAP), now - load_int(cx, X_LAST_CHECK))
    store_int(cx, X_LAST_CHECK, now)
    store_int(cx, X_GAP, gap)
    if _due(cx, now):
        store_int(cx, M_STOPPED, 1)
        return True
    return False


@njit(cache=True)
def _due(cx: int, now: int) -> bool:
    """At ``now``, past the search's deadline, or fewer than :data:`GAPS_KEPT` of the
    longest gaps between clock readings away from the answer's due time (the kernel's
    rule; the driver asks it too before it begins a depth)."""
    deadline = load_int(cx, M_DEADLINE)
    end = load_int(cx, X_END)
    if deadline != 0 and now >= deadline:
        return True
    return end != 0 and now + GAPS_KEPT * load_int(cx, X_GAP) >= end


@njit(cache=True)
def _probe(cx: int, own: int, theirs: int) -> int:
    """The endgame tables' byte for the mover (``0`` draw, ``n + 1`` decided in ``n``
    plies), or -1 when they do not hold the position."""
    tables = load_int(cx, X_TABLES)
    if tables == 0:
        return -1
    a = popcount(own)
    b = popcount(theirs)
    if a > MAX_MEN or b > MAX_MEN:
        return -1
    offset = load_int(load_int(cx, X_TABLE_OFFSETS), a * (MAX_MEN + 1) + b)
    if offset < 0:
        return -1
    index = offset + position_index(own, theirs)
    return (load_int(tables, index >> 3) >> ((index & 7) * 8)) & 255


@njit(cache=True)
def _set_pv(cx: int, ply: int, move: int) -> None:
    """Principal variation at ``ply``: ``move`` followed by the child's line."""
    set_pv(load_int(cx, M_PV), load_int(cx, M_PV_LENGTH), MAX_PLY, ply, move)


@njit(cache=True)
def _score_moves(  # noqa: PLR0917 - kernels take positional integers
    cx: int, moves: int, scores: int, count: int, theirs: int, own: int, ply: int
) -> None:
    """An ordering score per move: takes, killers, blocks of a two-man line, then history."""
    blocks = threats(theirs, 0xFFFFFF & ~(own | theirs))
    killers = load_int(cx, M_KILLERS)
    first = load_int(killers, 2 * ply)
    second = load_int(killers, 2 * ply + 1)
    history = load_int(cx, M_HISTORY)
    for index in range(count):
        move = load_int(moves, index)
        if move >= 1 << 10:
            score = _TAKE_SCORE
        elif move == first:
            score = _KILLER_SCORE + 1
        elif move == second:
            score = _KILLER_SCORE
        elif (blocks >> (move & 31)) & 1:
            score = _BLOCK_SCORE
        else:
            score = load_int(history, move & 1023)
        store_int(scores, index, score)


@njit(cache=True)
def _pick(moves: int, scores: int, start: int, count: int) -> int:
    """Swap the best-scored move from ``start`` on into ``start``; return it."""
    best = start
    best_score = load_int(scores, start)
    for index in range(start + 1, count):
        score = load_int(scores, index)
        if score > best_score:
            best, best_score = index, score
    move = load_int(moves, best)
    if best != start:
        store_int(moves, best, load_int(moves, start))
        store_int(scores, best, load_int(scores, start))
        store_int(moves, start, move)
        store_int(scores, start, best_score)
    return move


@njit(cache=True)
def _repeated(cx: int, key: int, floor: int, top: int) -> bool:
    """True when ``key`` occurs twice among the keys ``floor .. top - 1`` (a third time now)."""
    keys = load_int(cx, X_KEYS)
    seen = 0
    for index in range(top - 2, floor - 1, -2):
        if load_int(keys, index) == key:
            seen += 1
            if seen >= 2:
                return True
    return False


@njit(cache=True, nogil=True)
def _negamax(  # noqa: PLR0911, PLR0912, PLR0915, PLR0917 - one self-recursive kernel
    cx: int,
    own: int,
    theirs: int,
    own_hand: int,
    their_hand: int,
    turns: int,
    took: bool,
    floor: int,
    depth: int,
    alpha: float,
    beta: float,
    ply: int,
) -> float:
    """Fail-soft negamax alpha-beta with PVS; see the module docstring for the contract.

    ``floor`` is the index of the earliest repetition key a later position
    may repeat (the position after the last placement or take).
    """
    store_int(load_int(cx, M_PV_LENGTH), ply, ply)
    if _count_node(cx):
        return 0.0
    cap = load_int(cx, X_CAP)
    if own_hand == 0 and their_hand == 0 and ply > 0:
        solved = _probe(cx, own, theirs)
        if solved == 0:
            return 0.0
        if solved > 0:
            distance = solved - 1
            if turns + distance > cap:
                return 0.0
            return WIN - (ply + distance) if distance & 1 else (ply + distance) - WIN
    if depth <= 0:
        return evaluate(
            load_int(cx, X_WEIGHTS), load_int(cx, X_PHASE), own, theirs, own_hand, their_hand, took
        )
    turns_key = turns if load_int(cx, X_EXACT_KEYS) != 0 or cap - turns <= MAX_PLY else -1
    key = _hash(own, theirs, own_hand * 16 + their_hand + 256 * (turns & 1), turns_key)
    table = load_int(cx, M_TABLE)
    slot = 2 * (key & load_int(cx, M_TABLE_MASK))
    stored = load_int(table, slot)
    table_move = -1
    if stored != 0 and ((stored ^ key) & ~INFO_MASK) == 0:
        info = stored & INFO_MASK
        table_move = (info & 0x7FFF) - 1
        entry_depth = (info >> 15) & 255
        bound = (info >> 23) & 3
        if ply > 0 and entry_depth >= depth:
            value = load_float(table, slot + 1)
            if value >= DECISIVE:
                value -= ply
            elif value <= -DECISIVE:
                value += ply
            if bound_cuts(bound, value, alpha, beta):
                return value

    moves = load_int(cx, M_MOVES) + 8 * ply * MAX_MOVES
    scores = load_int(cx, X_SCORES) + 8 * ply * MAX_MOVES
    count = generate(moves, own, theirs, own_hand)
    _score_moves(cx, moves, scores, count, theirs, own, ply)
    if table_move >= 0:
        for index in range(count):
            if load_int(moves, index) == table_move:
                store_int(scores, index, 1 << 50)
                break
    repetition = load_int(cx, X_REPETITION) != 0
    reduce = load_int(cx, X_REDUCTIONS) != 0
    keys = load_int(cx, X_KEYS)
    top = load_int(cx, X_KEYS_BASE) + ply
    alpha_start = alpha
    best = -math.inf
    best_move = -1
    for index in range(count):
        move = _pick(moves, scores, index, count)
        destination = move & 31
        origin = (move >> 5 & 31) - 1
        taken = (move >> 10) - 1
        child_theirs = own | (1 << destination)
        child_hand = own_hand
        if origin >= 0:
            child_theirs ^= 1 << origin
        else:
            child_hand -= 1
        child_own = theirs
        if taken >= 0:
            child_own ^= 1 << taken
        child_floor = floor
        if child_status(child_own, their_hand, child_theirs) == WON:
            value = WIN - (ply + 1.0)
        elif turns + 1 >= cap:
            value = 0.0
        else:
            if repetition:
                child_key = _repetition_key(child_own, child_theirs, turns + 1)
                store_int(keys, top, child_key)
                if origin < 0 or taken >= 0:
                    child_floor = top
                elif _repeated(cx, child_key, floor, top):
                    child_floor = -1
            if child_floor < 0:
                value = 0.0
            else:
                # PVS: the first move with the full window, the rest with a null window (late
                # quiet ones reduced first), searched again as research_window says.
                child_depth = depth - 1
                window_beta = beta
                if index > 0:
                    window_beta = alpha + NULL_WINDOW
                    if (
                        reduce
                        and depth >= 3
                        and index >= LMR_FIRST
                        and load_int(scores, index) < _BLOCK_SCORE
                    ):
                        child_depth -= 1 if index < 2 * LMR_FIRST or depth < 6 else 2
                while child_depth >= 0:
                    value = -_negamax(
                        cx,
                        child_own,
                        child_theirs,
                        their_hand,
                        child_hand,
                        turns + 1,
                        taken >= 0,
                        child_floor,
                        child_depth,
                        -window_beta,
                        -alpha,
                        ply + 1,
                    )
                    child_depth, window_beta = research_window(
                        value, alpha, beta, child_depth, depth - 1, window_beta
                    )
            if load_int(cx, M_STOPPED) != 0:
                return 0.0
        if value > best:
            best = value
            best_move = move
            if value > alpha:
                alpha = value
                _set_pv(cx, ply, move)
                if alpha >= beta:
                    if taken < 0:
                        _remember_cutoff(cx, move, ply, depth)
                    break

    generation = load_int(cx, M_GENERATION)
    stored = load_int(table, slot)
    old_info = stored & INFO_MASK
    if (
        stored == 0
        or (old_info >> 25) != generation
        or depth >= ((old_info >> 15) & 255)
        or ((stored ^ key) & ~INFO_MASK) == 0
    ):
        bound = result_bound(best, alpha_start, beta)
        info = (best_move + 1) | (depth << 15) | (bound << 23) | (generation << 25)
        store_int(table, slot, (key & ~INFO_MASK) | info)
        value = best
        if value >= DECISIVE:
            value += ply
        elif value <= -DECISIVE:
            value -= ply
        store_float(table, slot + 1, value)
    return best


@njit(cache=True)
def _remember_cutoff(cx: int, move: int, ply: int, depth: int) -> None:
    """A quiet move that cut off: the ply's first killer, and history credit."""
    add_killer(load_int(cx, M_KILLERS), ply, move)
    history = load_int(cx, M_HISTORY)
    slot = move & 1023
    store_int(history, slot, min(load_int(history, slot) + depth * depth, 1 << 30))


# -- the Python side -------------------------------------------------------------------------
class MorrisEngine:
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
        deadline = 0
        context[X_END] = 0
        if limit.time is not None:
            safety = min(SAFETY, max(0.1 * limit.time, min(SAFETY_MIN, limit.time / 2)))
            deadline = start_ns + max(1, int((limit.time - safety) * 1e9))
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
        result = last_result(self.iterate(state, limit), on_info)
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
        max_depth = min(limit.depth or MAX_PLY - 2, MAX_PLY - 2)
        yielded = False
        returned = cpu = 0
        for depth in range(1, max_depth + 1):
            if depth > 1:
                # The driver's work between depths counts as a gap for what it waited (its
                # wall time less its processor time), not for its own work.
                waited = time.monotonic_ns() - returned - (time.thread_time_ns() - cpu)
                self._context[X_GAP] = max(int(self._context[X_GAP]), waited)
                if _due(cx, time.monotonic_ns()):
                    self._context[M_STOPPED] = 1  # no depth begun after the deadline
                    break
            self._context[X_LAST_CHECK] = time.monotonic_ns()
            score = float(
                _negamax(
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
                break
            returned, cpu = time.monotonic_ns(), time.thread_time_ns()
            line = self._principal_variation(state)
            decided = abs(score) >= DECISIVE and WIN - abs(score) <= depth
            info = SearchInfo(
                depth=depth,
                score=score,
                nodes=self.nodes,
                pv=tuple(line_texts(state, line)),
                elapsed=(time.monotonic_ns() - start_ns) / 1e9,
                extra={"exact": True} if decided else {},
            )
            yielded = True
            yield EngineResult(line[0], info, decided)
            if decided:
                return
        if not yielded:
            move = self._first_move(state)
            info = SearchInfo(
                depth=0,
                nodes=self.nodes,
                elapsed=(time.monotonic_ns() - start_ns) / 1e9,
                pv=(state.move_text(move),),
            )
            yield EngineResult(move, info)

    def _principal_variation(self, state: MorrisState) -> list[int]:
        """The line at ply 0, cut where it stops being legal (it always has a first move)."""
        line = self._memory.line(state)
        return line or [self._first_move(state)]

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


def warm_up() -> None:
    """Compile (or load from the disk cache) the search kernels."""
    engine = MorrisEngine(table_size=1 << 10)
    engine.search(MorrisGame().initial_state(), Limit(depth=3))
