"""Kernels of the compiled playing search: negamax alpha-beta over relative bitboards.

The driver (:mod:`~plyground.games.adjacency.engine`) fills the search's
words of the context block (``S_*``, after the board's
:data:`~plyground.games.adjacency.kernels.HEADER_WORDS`) and calls
:func:`negamax` once or a few times per depth. What the kernels do:

* negamax alpha-beta, fail-soft, over relative bitboards (``own``/``theirs``);
* principal variation search (null windows after the first move);
* a transposition table (:mod:`~plyground.games.adjacency.table`) probed at
  nodes with ``S_TT_MIN_DEPTH`` plies or more to go, depth-preferred
  replacement within a search, always-replace across searches;
* move order: table move, captures by flips (4 down to 1, from the
  bit-sliced gain masks), killers, then quiet moves that block the
  opponent's biggest captures, then the rest (sorted by history at nodes
  with 3 plies or more to go);
* exact values: a position one ply before the end is worth
  ``material + 1 + 2 * best gain`` without expanding it; while ``S_SOLVING``
  is set (the depth reaches the end of the game) no forward pruning applies,
  so the value is the game's true value;
* optional forward pruning (flags of :mod:`~plyground.games.adjacency.features`).

Time control is inside the kernel: every 4096 nodes it reads the monotonic
clock and stops at the deadline (``S_STOPPED``).

Contract of :func:`negamax` (as in the reference): fail-soft; a value
``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound, otherwise
exact to the searched depth. With every pruning flag off, the score of a
depth equals the plain minimax value to that depth under
:class:`~plyground.games.adjacency.evaluation.AdjacencyEvaluator` (or, with the
learned tables attached, :class:`~plyground.games.adjacency.patterns.PatternEvaluator`),
which is what the reference search returns; the tests prove it.
"""

from __future__ import annotations

import math

from numba import njit

from plyground.core.jit import (
    load_float,
    load_int,
    popcount,
    store_int,
    trailing_zeros,
    wrap64,
)
from plyground.core.search_kernels import (
    back_up,
    bound_cuts,
    first_window,
    remember_cutoff,
    research_window,
    result_bound,
)
from plyground.core.search_kernels import count_node as count_clock_node
from plyground.core.search_memory import (
    M_DEADLINE,
    M_GENERATION,
    M_HISTORY,
    M_KILLERS,
    M_MOVES,
    M_NODE_LIMIT,
    M_NODES,
    M_PV,
    M_PV_LENGTH,
    M_STOPPED,
    M_TABLE,
    M_TABLE_MASK,
    MEMORY_WORDS,
)
from plyground.games.adjacency.features import (
    F_FUTILITY,
    F_HISTORY,
    F_KILLERS,
    F_LATE_MOVE_PRUNING,
    F_LMR,
    F_PVS,
    F_QUIESCENCE,
)
from plyground.games.adjacency.kernels import (
    G_FULL,
    HEADER_WORDS,
    best_gain,
    best_gain_cell,
    child,
    gain_group,
    gain_masks,
)
from plyground.games.adjacency.pattern_kernel import evaluate
from plyground.games.adjacency.table import (
    NO_MOVE,
    SOLVED_DEPTH,
    entry_bound,
    entry_depth,
    entry_move,
    key_matches,
    position_hash,
    store_entry,
)

__all__ = ["CONTEXT_WORDS", "MAX_PLY", "count_node", "negamax"]

# -- search words of the context block -----------------------------------------------
S_MEMORY = HEADER_WORDS
"""Base of the memory block (:class:`~plyground.core.search_memory.SearchMemory`): the kernels
read its words ``M_*`` from its address (:func:`_memory`); the drivers its clock words here."""
S_NODES = S_MEMORY + M_NODES
S_DEADLINE = S_MEMORY + M_DEADLINE
S_STOPPED = S_MEMORY + M_STOPPED
S_NODE_LIMIT = S_MEMORY + M_NODE_LIMIT
S_FLAGS = S_MEMORY + MEMORY_WORDS
S_TT_MIN_DEPTH = S_MEMORY + MEMORY_WORDS + 1
S_SOLVING = S_MEMORY + MEMORY_WORDS + 2
"""1 while the search reaches the end of the game: no forward pruning then."""
CONTEXT_WORDS = HEADER_WORDS + 16

MAX_PLY = 64
CHECK_EVERY = 4095
"""The clock is read when ``nodes & CHECK_EVERY == 0``."""

NULL_WINDOW = 1e-7
"""Width of PVS's null window in marks (values are sums of a few weighted small integers)."""
QUIESCENCE_DEPTH = 4
LMR_FIRST = 4
"""Moves before this index in a node's order are never reduced."""
FUTILITY_MARGIN = 3.0
"""Marks a quiet move is assumed to gain at most, per ply of depth (1 or 2)."""
LATE_MOVES = (0, 8, 16)
"""At 1 and 2 plies to go, quiet moves after this many are not searched."""
NO_HISTORY_CAP = 1 << 62
"""History credit grows without a cap (a bound it never reaches)."""


# -- small kernels ---------------------------------------------------------------------
@njit(cache=True, inline="always")
def _memory(cx: int) -> int:
    """Address of the memory block (its words ``M_*``) in the context block at ``cx``."""
    return cx + 8 * S_MEMORY


@njit(cache=True)
def count_node(cx: int) -> bool:
    """Count a node; read the clock now and then. True when the search must stop."""
    return count_clock_node(_memory(cx), CHECK_EVERY)


@njit(cache=True, inline="always")
def _end_pv(memory: int, ply: int, move: int) -> None:
    """Principal variation at ``ply``: ``move`` alone (its child is not searched)."""
    store_int(load_int(memory, M_PV), ply * MAX_PLY + ply, move)
    store_int(load_int(memory, M_PV_LENGTH), ply, ply + 1)


@njit(cache=True)
def _leaf_value(cx: int, own: int, theirs: int, plies_left: int) -> float:
    """The value at the horizon for the mover: terminal, exact one ply before the end, or eval."""
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    if plies_left == 0 or empty == 0:
        return float(popcount(own) - popcount(theirs))
    return evaluate(cx, own, theirs, plies_left)


@njit(cache=True)
def _frontier(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, plies_left: int, alpha: float, beta: float, ply: int
) -> float:
    """A node one ply above the horizon: every child is a leaf, valued without recursion."""
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    ones, twos, fours = gain_masks(cx, theirs, empty)
    t1, t2, t4 = gain_masks(cx, own, empty)
    captures = ones | twos | fours
    quiet = empty & ~captures
    blocks = quiet & (t1 | t2 | t4)
    best = -math.inf
    for stage in range(6):
        if stage < 4:
            group = gain_group(4 - stage, ones, twos, fours)
        else:
            group = blocks if stage == 4 else quiet & ~blocks
        while group != 0:
            cell = trailing_zeros(group)
            group = wrap64(group & (group - 1))
            if count_node(cx):
                return 0.0
            child_own, child_theirs, _ = child(cx, own, theirs, cell)
            value = -_leaf_value(cx, child_own, child_theirs, plies_left - 1)
            if value > best:
                best = value
                _end_pv(_memory(cx), ply, cell)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best
    return best


@njit(cache=True)
def _generate(  # noqa: PLR0912, PLR0917 - every move group in one kernel: no call per group a node
    cx: int, own: int, theirs: int, empty: int, table_move: int, ply: int, depth: int
) -> tuple[int, int]:
    """Write the node's moves in search order to its slice of the move stack.

    Returns ``(count, first quiet index)``: moves before the second number
    are the table move and the captures.
    """
    flags = load_int(cx, S_FLAGS)
    memory = _memory(cx)
    moves = load_int(memory, M_MOVES) + 8 * ply * MAX_PLY
    ones, twos, fours = gain_masks(cx, theirs, empty)
    t1, t2, t4 = gain_masks(cx, own, empty)
    captures = ones | twos | fours
    quiet = empty & ~captures
    count = 0
    if table_move != NO_MOVE and (empty >> table_move) & 1:
        store_int(moves, 0, table_move)
        count = 1
        skip = ~wrap64(1 << table_move)
    else:
        skip = -1
    for gain in range(4, 0, -1):
        group = gain_group(gain, ones, twos, fours) & skip
        while group != 0:
            store_int(moves, count, trailing_zeros(group))
            count += 1
            group = wrap64(group & (group - 1))
    first_quiet = count
    quiet &= skip
    if (flags & F_KILLERS) != 0:
        killers = load_int(memory, M_KILLERS)
        for slot in range(2):
            killer = load_int(killers, 2 * ply + slot)
            if killer >= 0 and (quiet >> killer) & 1:
                store_int(moves, count, killer)
                count += 1
                quiet &= ~wrap64(1 << killer)
    for gain in range(4, 0, -1):
        group = quiet & gain_group(gain, t1, t2, t4)
        while group != 0:
            store_int(moves, count, trailing_zeros(group))
            count += 1
            group = wrap64(group & (group - 1))
    rest_start = count
    rest = quiet & ~(t1 | t2 | t4)
    while rest != 0:
        store_int(moves, count, trailing_zeros(rest))
        count += 1
        rest = wrap64(rest & (rest - 1))
    if (flags & F_HISTORY) != 0 and depth >= 3:
        history = load_int(memory, M_HISTORY)
        for i in range(rest_start + 1, count):
            cell = load_int(moves, i)
            score = load_int(history, cell)
            j = i - 1
            while j >= rest_start and load_int(history, load_int(moves, j)) < score:
                store_int(moves, j + 1, load_int(moves, j))
                j -= 1
            store_int(moves, j + 1, cell)
    return count, first_quiet


@njit(cache=True)
def negamax(  # noqa: PLR0911, PLR0912, PLR0915, PLR0917 - one self-recursive kernel
    cx: int,
    own: int,
    theirs: int,
    plies_left: int,
    depth: int,
    alpha: float,
    beta: float,
    ply: int,
) -> float:
    """Fail-soft negamax alpha-beta with PVS; see the module docstring for the contract."""
    memory = _memory(cx)
    store_int(load_int(memory, M_PV_LENGTH), ply, ply)
    if count_node(cx):
        return 0.0
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    if plies_left == 0 or empty == 0:
        return float(popcount(own) - popcount(theirs))
    if plies_left == 1:
        _end_pv(memory, ply, best_gain_cell(cx, theirs, empty))
        return float(popcount(own) - popcount(theirs) + 1 + 2 * best_gain(cx, theirs, empty))
    quiescence = (load_int(cx, S_FLAGS) & F_QUIESCENCE) != 0
    if depth <= 0:
        if not quiescence:
            return evaluate(cx, own, theirs, plies_left)
        # Quiescence (the same function, so the only recursion is self-recursion):
        # stand pat on the evaluation, or try the moves that flip 2 marks or more.
        best = evaluate(cx, own, theirs, plies_left)
        if best >= beta or depth <= -QUIESCENCE_DEPTH:
            return best
        alpha = max(alpha, best)
        _, twos, fours = gain_masks(cx, theirs, empty)
        captures = fours | twos
        while captures != 0:
            cell = trailing_zeros(captures)
            captures = wrap64(captures & (captures - 1))
            child_own, child_theirs, _ = child(cx, own, theirs, cell)
            value = -negamax(
                cx,
                child_own,
                child_theirs,
                plies_left - 1,
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            )
            if load_int(cx, S_STOPPED) != 0:
                return 0.0
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best
    if depth == 1 and not quiescence:
        return _frontier(cx, own, theirs, plies_left, alpha, beta, ply)

    flags = load_int(cx, S_FLAGS)
    table = load_int(memory, M_TABLE)
    use_table = depth >= load_int(cx, S_TT_MIN_DEPTH)
    table_move = NO_MOVE
    key = 0
    slot = 0
    if use_table:
        key = position_hash(own, theirs, plies_left)
        slot = 2 * (key & load_int(memory, M_TABLE_MASK))
        stored = load_int(table, slot)
        if key_matches(stored, key):
            table_move = entry_move(stored)
            if ply > 0 and entry_depth(stored) >= depth:
                value = load_float(table, slot + 1)
                if bound_cuts(entry_bound(stored), value, alpha, beta):
                    return value

    count, first_quiet = _generate(cx, own, theirs, empty, table_move, ply, depth)
    moves = load_int(memory, M_MOVES) + 8 * ply * MAX_PLY
    pv_node = beta - alpha > 2 * NULL_WINDOW
    may_prune = (not pv_node) and load_int(cx, S_SOLVING) == 0
    static = 0.0
    futile = False
    if may_prune and (flags & F_FUTILITY) != 0 and depth <= 2:
        static = evaluate(cx, own, theirs, plies_left)
        futile = static + FUTILITY_MARGIN * depth <= alpha
    late_limit = LATE_MOVES[depth] if depth < len(LATE_MOVES) else count
    alpha_start = alpha
    best = -math.inf
    best_move = NO_MOVE
    for index in range(count):
        cell = load_int(moves, index)
        child_own, child_theirs, flips = child(cx, own, theirs, cell)
        quiet = flips == 0 and index >= first_quiet
        if may_prune and quiet and best > -math.inf:
            if futile:
                continue
            if (flags & F_LATE_MOVE_PRUNING) != 0 and index - first_quiet >= late_limit:
                break
        # PVS: the first move with the full window, the rest with a null window (late quiet
        # ones reduced first), searched again as research_window says.
        reducible = (flags & F_LMR) != 0 and quiet and load_int(cx, S_SOLVING) == 0
        child_depth, window_beta = first_window(
            index, depth, alpha, beta, NULL_WINDOW, (flags & F_PVS) != 0, reducible, LMR_FIRST, 16
        )
        while child_depth >= 0:
            value = -negamax(
                cx,
                child_own,
                child_theirs,
                plies_left - 1,
                child_depth,
                -window_beta,
                -alpha,
                ply + 1,
            )
            child_depth, window_beta = research_window(
                value, alpha, beta, child_depth, depth - 1, window_beta
            )
        if load_int(cx, S_STOPPED) != 0:
            return 0.0
        best, best_move, alpha = back_up(memory, MAX_PLY, ply, cell, value, best, best_move, alpha)
        if alpha >= beta:
            if flips == 0:
                killers, history = (flags & F_KILLERS) != 0, (flags & F_HISTORY) != 0
                remember_cutoff(memory, ply, cell, cell, depth, killers, history, NO_HISTORY_CAP)
            break

    if use_table:
        stored_depth = SOLVED_DEPTH if depth >= plies_left else depth
        bound = result_bound(best, alpha_start, beta)
        generation = load_int(memory, M_GENERATION)
        store_entry(table, slot, key, best_move, depth, stored_depth, bound, generation, best)
    return best
