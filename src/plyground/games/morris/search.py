"""Kernels of the compiled Morris search: negamax alpha-beta in numba.

The driver (:mod:`~plyground.games.morris.engine`) fills the context block
(the memory block's ``M_*`` words, then this search's ``X_*`` words) and
calls :func:`negamax` once per depth. Per node, in compiled code
(:mod:`plyground.games.morris.kernels` for the board work):

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
* the clock read inside the kernel every 256 nodes (the monotonic clock of
  :func:`plyground.core.jit.monotonic_ns`), so a search stops at its
  deadline wherever it is; the driver keeps the last completed depth. The
  kernel runs without the GIL, so a referee's or a server's other threads
  (reading an engine's pipe, the clock) go on while it searches.

Contract of :func:`negamax` (as in the reference): fail-soft; a value
``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound, otherwise
exact to the searched depth. With ``exact`` (the turn count always in the
key, no reductions; the tests use it) a depth's score equals the reference
search's at that depth with the same evaluator.
"""

from __future__ import annotations

import math

from numba import njit

from plyground.core.jit import (
    load_float,
    load_int,
    monotonic_ns,
    popcount,
    store_int,
)
from plyground.core.search_kernels import (
    back_up,
    bound_cuts,
    count_node,
    first_window,
    mix64,
    remember_cutoff,
    research_window,
    result_bound,
)
from plyground.core.search_memory import (
    M_DEADLINE,
    M_GENERATION,
    M_HISTORY,
    M_KILLERS,
    M_MOVES,
    M_NODES,
    M_PV_LENGTH,
    M_STOPPED,
    M_TABLE,
    M_TABLE_MASK,
    MEMORY_WORDS,
)
from plyground.games.morris.endgames import MAX_MEN, position_index
from plyground.games.morris.evaluation import WIN
from plyground.games.morris.kernels import WON, child_status, evaluate, generate, threats
from plyground.games.morris.table import (
    entry_bound,
    entry_depth,
    entry_move,
    key_matches,
    store_entry,
)

# -- the context block: one int64 word each ------------------------------------------------
# The memory block (:class:`~plyground.core.search_memory.SearchMemory`, words ``M_*``)
# comes first; this engine's own words follow it.
X_SCORES = MEMORY_WORDS
"""Address of the move scores, beside the move stack."""
X_WEIGHTS = X_SCORES + 1
X_PHASE = X_WEIGHTS + 1
"""The weights row every position is weighed with, or -1 for each position's own phase."""
X_CAP = X_PHASE + 1
"""The draw cap in turns."""
X_EXACT_KEYS = X_CAP + 1
"""1: the turn count is always part of a table key (values then match the reference)."""
X_REPETITION = X_EXACT_KEYS + 1
"""1: a position's third occurrence draws."""
X_KEYS = X_REPETITION + 1
"""Address of the repetition keys: the game's positions, then the search path."""
X_KEYS_BASE = X_KEYS + 1
"""How many of the keys are the game's (the root's key is the last of them)."""
X_TABLES = X_KEYS_BASE + 1
"""Address of the endgame tables' bytes, read as int64 words (0: no tables)."""
X_TABLE_OFFSETS = X_TABLES + 1
"""Address of the endgame tables' offsets (:class:`EndgameTables`)."""
X_REDUCTIONS = X_TABLE_OFFSETS + 1
"""1: late quiet moves are searched less deep first (late move reductions)."""
X_END = X_REDUCTIONS + 1
"""Monotonic nanoseconds by which the answer is due: the start plus the whole limit (0: none)."""
X_LAST_CHECK = X_END + 1
"""When the clock was last read (monotonic nanoseconds; the driver sets it as a depth starts)."""
X_GAP = X_LAST_CHECK + 1
"""The longest wall time between two readings of the clock (nanoseconds; between depths, the
driver's wall time less its processor time), this search's and, halved per search, the
earlier searches': how long the process can go without running."""
CONTEXT_WORDS = X_GAP + 3
"""The context block's words (two spare after the last)."""

MAX_PLY = 64
MAX_MOVES = 640
"""Moves one position can have, with room to spare (at most 63 flights, 9 takes each)."""
SAFETY = 0.1
"""The most of a time limit kept back to answer in (:func:`plyground.core.limits.answer_reserve`),
more than a Python search's, so the answer is in time also on a machine so loaded that a
process waits to be scheduled."""
SAFETY_MIN = 0.02
"""The least kept back to answer in (at most half the limit)."""
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
LMR_LATE = 2 * LMR_FIRST
"""From this index on, a late move is reduced by two plies in a node 6 plies deep or more."""
HISTORY_CAP = 1 << 30
"""The most history credit a move slot keeps."""
DECISIVE = WIN / 2
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
    if answer_due(cx, now):
        store_int(cx, M_STOPPED, 1)
        return True
    return False


@njit(cache=True)
def answer_due(cx: int, now: int) -> bool:
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
def negamax(  # noqa: PLR0911, PLR0912, PLR0915, PLR0917 - one self-recursive kernel
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
    if key_matches(stored, key):
        table_move = entry_move(stored)
        stored_depth = entry_depth(stored)
        bound = entry_bound(stored)
        if ply > 0 and stored_depth >= depth:
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
                reducible = reduce and load_int(scores, index) < _BLOCK_SCORE
                child_depth, window_beta = first_window(
                    index, depth, alpha, beta, NULL_WINDOW, True, reducible, LMR_FIRST, LMR_LATE
                )
                while child_depth >= 0:
                    value = -negamax(
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
        best, best_move, alpha = back_up(cx, MAX_PLY, ply, move, value, best, best_move, alpha)
        if alpha >= beta:
            if taken < 0:  # a quiet move: the ply's first killer, and history credit
                remember_cutoff(cx, ply, move, move & 1023, depth, True, True, HISTORY_CAP)
            break

    value = best
    if value >= DECISIVE:
        value += ply
    elif value <= -DECISIVE:
        value -= ply
    bound = result_bound(best, alpha_start, beta)
    store_entry(table, slot, key, best_move, depth, depth, bound, load_int(cx, M_GENERATION), value)
    return best
