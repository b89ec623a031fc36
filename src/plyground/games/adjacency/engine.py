"""The accelerated adjacency search: compiled negamax alpha-beta and its Python driver.

:class:`AdjacencyEngine` takes an :class:`AdjacencyState`, a
:class:`~plyground.core.limits.Limit` and evaluation weights, and yields an
:class:`EngineResult` (move and :class:`SearchInfo`) per completed depth,
like :meth:`plyground.algorithms.search.AlphaBeta.iterate`, which stays the
readable reference. The work per node is compiled with numba:

* negamax alpha-beta, fail-soft, over relative bitboards (``own``/``theirs``);
* principal variation search (null windows after the first move);
* aspiration windows around the previous depth's score (in the kernel
  :func:`search_depth`, which re-searches on a fail);
* a transposition table in a preallocated int64 array: two words per entry,
  the key (47 high bits of a murmur-style hash of both masks and the plies
  left) with depth, bound, best move and generation packed into its low
  bits, and the value as a float64; probed at nodes with
  ``tt_min_depth`` plies or more to go, depth-preferred replacement within a
  search, always-replace across searches;
* move order: table move, captures by flips (4 down to 1, from the
  bit-sliced gain masks), killers, then quiet moves that block the
  opponent's biggest captures, then the rest (sorted by history at nodes
  with 3 plies or more to go);
* exact values: a position one ply before the end is worth
  ``material + 1 + 2 * best gain`` without expanding it; a search whose
  depth reaches the end of the game uses no forward pruning, so its value
  is the game's true value;
* optional forward pruning (see :class:`SearchFeatures`), each switched by a
  flag so a paired match can measure it.

Time control is inside the kernel: every 4096 nodes it reads the monotonic
clock and stops at the deadline; the driver then keeps the last completed
depth. The driver loops over depths in Python (one kernel call per depth,
microseconds of overhead) so each completed depth reaches ``on_info`` live.

Contract of :func:`_negamax` (as in the reference): fail-soft; a value
``v <= alpha`` is an upper bound, ``v >= beta`` a lower bound, otherwise
exact to the searched depth. With every pruning flag off, the score of a
depth equals the plain minimax value to that depth under
:class:`~plyground.games.adjacency.evaluation.AdjacencyEvaluator`, which is
what the reference search returns; the tests prove it.
"""

from __future__ import annotations

import ctypes
import math
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace

import numpy as np
from numba import njit

from plyground.core.errors import SettingsError
from plyground.core.jit import (
    load_float,
    load_int,
    monotonic_ns,
    popcount,
    store_float,
    store_int,
    trailing_zeros,
)
from plyground.core.limits import Limit, SearchInfo
from plyground.games.adjacency.evaluation import AdjacencyWeights
from plyground.games.adjacency.kernels import (
    G_FULL,
    G_NEIGHBOURS,
    HEADER_WORDS,
    best_gain,
    evaluate,
    gain_masks,
    new_context,
    relative_masks,
    set_weights,
)
from plyground.games.adjacency.rules import AdjacencyState

__all__ = ["AdjacencyEngine", "EngineResult", "SearchFeatures", "search_depth", "warm_up"]

# -- search words of the context block -----------------------------------------------
S_NODES = HEADER_WORDS + 0
S_DEADLINE = HEADER_WORDS + 1
"""Monotonic nanoseconds at which to stop (0: no deadline)."""
S_STOPPED = HEADER_WORDS + 2
S_NODE_LIMIT = HEADER_WORDS + 3
"""Stop once this many nodes are searched (0: none); checked with the clock."""
S_TABLE = HEADER_WORDS + 4
S_TABLE_MASK = HEADER_WORDS + 5
S_KILLERS = HEADER_WORDS + 6
S_HISTORY = HEADER_WORDS + 7
S_MOVES = HEADER_WORDS + 8
S_PV = HEADER_WORDS + 9
S_PV_LENGTH = HEADER_WORDS + 10
S_FLAGS = HEADER_WORDS + 11
S_TT_MIN_DEPTH = HEADER_WORDS + 12
S_GENERATION = HEADER_WORDS + 13
S_SOLVING = HEADER_WORDS + 14
"""1 while the search reaches the end of the game: no forward pruning then."""
CONTEXT_WORDS = HEADER_WORDS + 16

MAX_PLY = 64
CHECK_EVERY = 4095
"""The clock is read when ``nodes & CHECK_EVERY == 0``."""

# Feature flags (bits of S_FLAGS).
F_PVS = 1
F_ASPIRATION = 2
F_KILLERS = 4
F_HISTORY = 8
F_LMR = 16
F_FUTILITY = 32
F_LATE_MOVE_PRUNING = 64
F_QUIESCENCE = 128

# Packed table entry: key word = hash with its low INFO_BITS replaced by the info.
INFO_BITS = 24
INFO_MASK = (1 << INFO_BITS) - 1
BOUND_EXACT, BOUND_LOWER, BOUND_UPPER = 0, 1, 2
SOLVED_DEPTH = 127
"""Stored depth of an entry whose value is exact to the end of the game."""
NO_MOVE = 127

NULL_WINDOW = 1e-7
"""Width of PVS's null window in marks (values are sums of a few weighted small integers)."""
ASPIRATION_WINDOW = 1.0
QUIESCENCE_DEPTH = 4
LMR_FIRST = 4
"""Moves before this index in a node's order are never reduced."""
FUTILITY_MARGIN = 3.0
"""Marks a quiet move is assumed to gain at most, per ply of depth (1 or 2)."""
LATE_MOVES = (0, 8, 16)
"""At 1 and 2 plies to go, quiet moves after this many are not searched."""


# -- small kernels ---------------------------------------------------------------------
@njit(cache=True)
def _hash(own: int, theirs: int, plies_left: int) -> int:
    """A 64-bit mix of both masks and the plies left (murmur3's finaliser)."""
    h = own * -7046029254386353131 + theirs * -4658895280553007687 + plies_left
    h ^= (h >> 33) & 0x7FFFFFFF
    h *= -49064778989728563
    h ^= (h >> 33) & 0x7FFFFFFF
    h *= -4265267296055464877
    h ^= (h >> 33) & 0x7FFFFFFF
    return h


@njit(cache=True)
def _check_clock(cx: int) -> None:
    deadline = load_int(cx, S_DEADLINE)
    if deadline != 0 and monotonic_ns() >= deadline:
        store_int(cx, S_STOPPED, 1)
    node_limit = load_int(cx, S_NODE_LIMIT)
    if node_limit != 0 and load_int(cx, S_NODES) >= node_limit:
        store_int(cx, S_STOPPED, 1)


@njit(cache=True)
def _count_node(cx: int) -> bool:
    """Count a node; read the clock now and then. True when the search must stop."""
    nodes = load_int(cx, S_NODES) + 1
    store_int(cx, S_NODES, nodes)
    if (nodes & CHECK_EVERY) == 0:
        _check_clock(cx)
    return load_int(cx, S_STOPPED) != 0


@njit(cache=True)
def _leaf_value(cx: int, own: int, theirs: int, plies_left: int) -> float:
    """The value at the horizon for the mover: terminal, exact one ply before the end, or eval."""
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    if plies_left == 0 or empty == 0:
        return float(popcount(own) - popcount(theirs))
    return evaluate(cx, own, theirs, plies_left)


@njit(cache=True)
def _set_pv(cx: int, ply: int, move: int) -> None:
    """Principal variation at ``ply``: ``move`` followed by the child's line."""
    pv = load_int(cx, S_PV)
    lengths = load_int(cx, S_PV_LENGTH)
    store_int(pv, ply * MAX_PLY + ply, move)
    child_length = load_int(lengths, ply + 1)
    for index in range(ply + 1, child_length):
        store_int(pv, ply * MAX_PLY + index, load_int(pv, (ply + 1) * MAX_PLY + index))
    store_int(lengths, ply, max(child_length, ply + 1))


@njit(cache=True)
def _end_move(cx: int, theirs: int, empty: int) -> int:
    """The best cell one ply before the end: the first cell of the highest gain."""
    ones, twos, fours = gain_masks(cx, theirs, empty)
    if fours != 0:
        return trailing_zeros(fours)
    if (twos & ones) != 0:
        return trailing_zeros(twos & ones)
    if twos != 0:
        return trailing_zeros(twos)
    if ones != 0:
        return trailing_zeros(ones)
    return trailing_zeros(empty)


@njit(cache=True)
def _capture_group(stage: int, ones: int, twos: int, fours: int) -> int:
    """The empty cells where a move flips ``4 - stage`` marks (stage 0 to 3)."""
    if stage == 0:
        return fours
    if stage == 1:
        return twos & ones
    if stage == 2:
        return twos & ~ones
    return ones & ~twos & ~fours


@njit(cache=True)
def _block_group(stage: int, quiet: int, t1: int, t2: int, t4: int) -> int:
    """Quiet cells where the opponent would flip ``4 - stage`` marks (stage 0 to 3)."""
    return quiet & _capture_group(stage, t1, t2, t4)


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
        group = _capture_group(stage, ones, twos, fours) if stage < 4 else blocks
        if stage == 5:
            group = quiet & ~blocks
        while group != 0:
            cell = trailing_zeros(group)
            group &= group - 1
            if _count_node(cx):
                return 0.0
            flips = load_int(cx, G_NEIGHBOURS + cell) & theirs
            child_own = theirs ^ flips
            child_theirs = own | (1 << cell) | flips
            value = -_leaf_value(cx, child_own, child_theirs, plies_left - 1)
            if value > best:
                best = value
                store_int(load_int(cx, S_PV), ply * MAX_PLY + ply, cell)
                store_int(load_int(cx, S_PV_LENGTH), ply, ply + 1)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best
    return best


@njit(cache=True)
def _generate(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, empty: int, table_move: int, ply: int, depth: int
) -> tuple[int, int]:
    """Write the node's moves in search order to its slice of the move stack.

    Returns ``(count, first quiet index)``: moves before the second number
    are the table move and the captures.
    """
    flags = load_int(cx, S_FLAGS)
    moves = load_int(cx, S_MOVES) + 8 * ply * MAX_PLY
    ones, twos, fours = gain_masks(cx, theirs, empty)
    t1, t2, t4 = gain_masks(cx, own, empty)
    captures = ones | twos | fours
    quiet = empty & ~captures
    count = 0
    if table_move != NO_MOVE and (empty >> table_move) & 1:
        store_int(moves, 0, table_move)
        count = 1
        skip = ~(1 << table_move)
    else:
        skip = -1
    for stage in range(4):
        group = _capture_group(stage, ones, twos, fours) & skip
        while group != 0:
            store_int(moves, count, trailing_zeros(group))
            count += 1
            group &= group - 1
    first_quiet = count
    quiet &= skip
    if (flags & F_KILLERS) != 0:
        killers = load_int(cx, S_KILLERS)
        for slot in range(2):
            killer = load_int(killers, 2 * ply + slot)
            if killer >= 0 and (quiet >> killer) & 1:
                store_int(moves, count, killer)
                count += 1
                quiet &= ~(1 << killer)
    for stage in range(4):
        group = _block_group(stage, quiet, t1, t2, t4)
        while group != 0:
            store_int(moves, count, trailing_zeros(group))
            count += 1
            group &= group - 1
    rest_start = count
    rest = quiet & ~(t1 | t2 | t4)
    while rest != 0:
        store_int(moves, count, trailing_zeros(rest))
        count += 1
        rest &= rest - 1
    if (flags & F_HISTORY) != 0 and depth >= 3:
        history = load_int(cx, S_HISTORY)
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
def _negamax(  # noqa: PLR0917 - kernels take positional integers
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
    store_int(load_int(cx, S_PV_LENGTH), ply, ply)
    if _count_node(cx):
        return 0.0
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    if plies_left == 0 or empty == 0:
        return float(popcount(own) - popcount(theirs))
    if plies_left == 1:
        store_int(load_int(cx, S_PV), ply * MAX_PLY + ply, _end_move(cx, theirs, empty))
        store_int(load_int(cx, S_PV_LENGTH), ply, ply + 1)
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
            captures &= captures - 1
            flips = load_int(cx, G_NEIGHBOURS + cell) & theirs
            value = -_negamax(
                cx,
                theirs ^ flips,
                own | (1 << cell) | flips,
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
    table = load_int(cx, S_TABLE)
    use_table = depth >= load_int(cx, S_TT_MIN_DEPTH)
    table_move = NO_MOVE
    key = 0
    slot = 0
    if use_table:
        key = _hash(own, theirs, plies_left)
        slot = 2 * (key & load_int(cx, S_TABLE_MASK))
        stored = load_int(table, slot)
        if ((stored ^ key) & ~INFO_MASK) == 0 and stored != 0:
            info = stored & INFO_MASK
            table_move = info & 127
            entry_depth = (info >> 7) & 127
            bound = (info >> 14) & 3
            if ply > 0 and entry_depth >= depth:
                value = load_float(table, slot + 1)
                if (
                    bound == BOUND_EXACT
                    or (bound == BOUND_LOWER and value >= beta)
                    or (bound == BOUND_UPPER and value <= alpha)
                ):
                    return value

    count, first_quiet = _generate(cx, own, theirs, empty, table_move, ply, depth)
    moves = load_int(cx, S_MOVES) + 8 * ply * MAX_PLY
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
    neighbours = G_NEIGHBOURS
    for index in range(count):
        cell = load_int(moves, index)
        flips = load_int(cx, neighbours + cell) & theirs
        child_own = theirs ^ flips
        child_theirs = own | (1 << cell) | flips
        quiet = flips == 0 and index >= first_quiet
        if may_prune and quiet and best > -math.inf:
            if futile:
                continue
            if (flags & F_LATE_MOVE_PRUNING) != 0 and index - first_quiet >= late_limit:
                break
        if index == 0 or (flags & F_PVS) == 0:
            value = -_negamax(
                cx, child_own, child_theirs, plies_left - 1, depth - 1, -beta, -alpha, ply + 1
            )
        else:
            reduction = 0
            if (
                (flags & F_LMR) != 0
                and quiet
                and depth >= 3
                and index >= LMR_FIRST
                and load_int(cx, S_SOLVING) == 0
            ):
                reduction = 1 if index < 16 or depth < 6 else 2
            null_beta = alpha + NULL_WINDOW
            value = -_negamax(
                cx,
                child_own,
                child_theirs,
                plies_left - 1,
                depth - 1 - reduction,
                -null_beta,
                -alpha,
                ply + 1,
            )
            if value > alpha and reduction > 0:
                value = -_negamax(
                    cx,
                    child_own,
                    child_theirs,
                    plies_left - 1,
                    depth - 1,
                    -null_beta,
                    -alpha,
                    ply + 1,
                )
            if alpha < value < beta and null_beta < beta:
                value = -_negamax(
                    cx, child_own, child_theirs, plies_left - 1, depth - 1, -beta, -alpha, ply + 1
                )
        if load_int(cx, S_STOPPED) != 0:
            return 0.0
        if value > best:
            best = value
            best_move = cell
            if value > alpha:
                alpha = value
                _set_pv(cx, ply, cell)
                if alpha >= beta:
                    if flips == 0:
                        if (flags & F_KILLERS) != 0:
                            killers = load_int(cx, S_KILLERS)
                            if load_int(killers, 2 * ply) != cell:
                                store_int(killers, 2 * ply + 1, load_int(killers, 2 * ply))
                                store_int(killers, 2 * ply, cell)
                        if (flags & F_HISTORY) != 0:
                            history = load_int(cx, S_HISTORY)
                            store_int(history, cell, load_int(history, cell) + depth * depth)
                    break

    if use_table:
        generation = load_int(cx, S_GENERATION)
        stored = load_int(table, slot)
        old_info = stored & INFO_MASK
        if (
            stored == 0
            or (old_info >> 16) != generation
            or depth >= ((old_info >> 7) & 127)
            or ((stored ^ key) & ~INFO_MASK) == 0
        ):
            bound = (
                BOUND_UPPER if best <= alpha_start else BOUND_LOWER if best >= beta else BOUND_EXACT
            )
            stored_depth = SOLVED_DEPTH if depth >= plies_left else depth
            info = best_move | (stored_depth << 7) | (bound << 14) | (generation << 16)
            store_int(table, slot, (key & ~INFO_MASK) | info)
            store_float(table, slot + 1, best)
    return best


def search_depth(
    cx: int, own: int, theirs: int, plies_left: int, *, depth: int, previous: float
) -> float:
    """One iteration: search the root to ``depth``, in an aspiration window around ``previous``.

    Returns the root's exact value (the window widens and the search repeats
    until the value falls inside it), or 0 when stopped (check
    ``S_STOPPED``). The best line is in the principal variation at ply 0.

    This loop of one to a few kernel calls per depth is plain Python: numba
    cannot cache a compiled function that calls a recursive one (numba issue
    6061), so :func:`_negamax` is called from Python only.
    """
    context = _context_view(cx)
    context[S_SOLVING] = 1 if depth >= plies_left else 0
    if not (context[S_FLAGS] & F_ASPIRATION) or depth < 3 or not math.isfinite(previous):
        return float(_negamax(cx, own, theirs, plies_left, depth, -math.inf, math.inf, 0))
    window = ASPIRATION_WINDOW
    alpha = previous - window
    beta = previous + window
    while True:
        value = float(_negamax(cx, own, theirs, plies_left, depth, alpha, beta, 0))
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


# -- the Python side -----------------------------------------------------------------------
_FEATURE_FLAGS = {
    "pvs": F_PVS,
    "aspiration": F_ASPIRATION,
    "killers": F_KILLERS,
    "history": F_HISTORY,
    "lmr": F_LMR,
    "futility": F_FUTILITY,
    "late_moves": F_LATE_MOVE_PRUNING,
    "quiescence": F_QUIESCENCE,
}
_FEATURE_TEXT = re.compile(r"([+-])([a-z_]+)")


@dataclass(frozen=True)
class SearchFeatures:
    """Which search techniques the engine uses (each measured in a paired match).

    Exact techniques (``pvs``, ``aspiration``, ``killers``, ``history``) change
    only the speed. Forward pruning (``lmr``: late move reductions of quiet
    moves; ``futility``: skip quiet moves 1-2 plies above the horizon when the
    evaluation is far below alpha; ``late_moves``: search only the first
    quiet moves 1-2 plies above the horizon; ``quiescence``: search captures
    of 2 or more marks beyond the horizon) change the values, never in an
    exact solve. ``tt_min_depth``: the table is used at nodes with at least
    this many plies to go.
    """

    pvs: bool = True
    aspiration: bool = True
    killers: bool = True
    history: bool = True
    lmr: bool = True
    futility: bool = False
    late_moves: bool = False
    quiescence: bool = True
    tt_min_depth: int = 3

    @classmethod
    def exact(cls) -> SearchFeatures:
        """No forward pruning: every depth's value is the plain minimax value."""
        return cls(lmr=False, futility=False, late_moves=False, quiescence=False)

    def flags(self) -> int:
        """The kernel's flag word."""
        return sum(bit for name, bit in _FEATURE_FLAGS.items() if getattr(self, name))

    def with_text(self, text: str | None) -> SearchFeatures:
        """These features changed by a text such as ``"-lmr+futility"`` (``None``: unchanged).

        >>> SearchFeatures().with_text("-lmr+futility").lmr
        False
        """
        if not text:
            return self
        stripped = text.replace(" ", "")
        changes: dict[str, bool] = {}
        position = 0
        for match in _FEATURE_TEXT.finditer(stripped):
            if match.start() != position or match.group(2) not in _FEATURE_FLAGS:
                break
            changes[match.group(2)] = match.group(1) == "+"
            position = match.end()
        if position != len(stripped) or not changes:
            known = ", ".join(_FEATURE_FLAGS)
            raise SettingsError(
                f"bad search features {text!r}: write +name or -name, joined "
                f"(e.g. '-lmr+futility'); names: {known}"
            )
        return replace(self, **changes)

    def describe(self) -> str:
        """The switched-on techniques, e.g. ``pvs+aspiration+lmr``."""
        return "+".join(
            f.name for f in fields(self) if f.name in _FEATURE_FLAGS and getattr(self, f.name)
        )


@dataclass(frozen=True)
class EngineResult:
    """One completed depth: the move to play and the report."""

    move: int
    info: SearchInfo
    exact: bool = False
    """True when the score is the game's true value."""


class AdjacencyEngine:
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
    ) -> None:
        self.weights = weights or AdjacencyWeights()
        self.features = features or SearchFeatures()
        entries = 1 << max(10, int(table_size).bit_length() - 1)
        self._table = np.zeros(2 * entries, dtype=np.int64)
        self._killers = np.full(2 * MAX_PLY, -1, dtype=np.int64)
        self._history = np.zeros(64, dtype=np.int64)
        self._moves = np.zeros(MAX_PLY * MAX_PLY, dtype=np.int64)
        self._pv = np.zeros(MAX_PLY * MAX_PLY, dtype=np.int64)
        self._pv_length = np.zeros(MAX_PLY + 1, dtype=np.int64)
        self._size = 0
        self._context = np.zeros(CONTEXT_WORDS, dtype=np.int64)
        self._generation = 0

    @property
    def table_entries(self) -> int:
        """How many entries the transposition table holds."""
        return len(self._table) // 2

    @property
    def nodes(self) -> int:
        """Nodes visited by the last search, its unfinished depth included."""
        return int(self._context[S_NODES])

    def new_game(self) -> None:
        """Forget what earlier searches learned."""
        self._table[:] = 0
        self._killers[:] = -1
        self._history[:] = 0
        self._generation = 0

    def _prepare(self, size: int, limit: Limit, start_ns: int) -> int:
        if size != self._size:
            self._context = new_context(size, self.weights, CONTEXT_WORDS)
            self._size = size
            self.new_game()
        context = self._context
        set_weights(context, self.weights)
        deadline = 0
        if limit.time is not None:
            safety = min(0.05, 0.1 * limit.time)
            deadline = start_ns + max(1, int((limit.time - safety) * 1e9))
        self._generation = (self._generation + 1) & 0xFF
        self._killers[:] = -1
        self._history //= 4
        context[S_NODES] = 0
        context[S_DEADLINE] = deadline
        context[S_STOPPED] = 0
        context[S_NODE_LIMIT] = limit.nodes or 0
        context[S_TABLE] = self._table.ctypes.data
        context[S_TABLE_MASK] = self.table_entries - 1
        context[S_KILLERS] = self._killers.ctypes.data
        context[S_HISTORY] = self._history.ctypes.data
        context[S_MOVES] = self._moves.ctypes.data
        context[S_PV] = self._pv.ctypes.data
        context[S_PV_LENGTH] = self._pv_length.ctypes.data
        context[S_FLAGS] = self.features.flags()
        context[S_TT_MIN_DEPTH] = max(2, self.features.tt_min_depth)
        context[S_GENERATION] = self._generation
        return int(context.ctypes.data)

    def search(
        self,
        state: AdjacencyState,
        limit: Limit,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> EngineResult:
        """The best move within ``limit``; ``on_info`` hears each completed depth."""
        result: EngineResult | None = None
        for result in self.iterate(state, limit):
            if on_info is not None:
                on_info(result.info)
        assert result is not None  # iterate always yields at least once
        return result

    def iterate(self, state: AdjacencyState, limit: Limit) -> Iterator[EngineResult]:
        """Yield a result per completed depth until a limit or an exact value.

        Always yields at least once: if not even depth 1 completes in time,
        the move flipping the most marks.
        """
        if state.is_terminal():
            raise ValueError(f"no move to search: the game is over in {state.text()!r}")
        start_ns = time.monotonic_ns()
        cx = self._prepare(state.size, limit, start_ns)
        own, theirs = relative_masks(state)
        plies_left = state.plies_left
        horizon = min(plies_left, MAX_PLY - 2)
        max_depth = min(limit.depth or horizon, horizon)
        previous = math.nan
        yielded = False
        depth = 1
        while depth <= max_depth:
            score = search_depth(cx, own, theirs, plies_left, depth=depth, previous=previous)
            if self._context[S_STOPPED]:
                break
            previous = score
            line = self._principal_variation(state)
            exact = depth >= plies_left
            info = SearchInfo(
                depth=depth,
                score=score,
                nodes=int(self._context[S_NODES]),
                pv=tuple(state.geometry.names[cell] for cell in line),
                elapsed=(time.monotonic_ns() - start_ns) / 1e9,
                extra={"exact": True} if exact else {},
            )
            yielded = True
            yield EngineResult(line[0], info, exact)
            if exact:
                return
            depth += 1
        if not yielded:
            move = _first_move(state)
            info = SearchInfo(
                depth=0,
                nodes=int(self._context[S_NODES]),
                elapsed=(time.monotonic_ns() - start_ns) / 1e9,
                pv=(state.geometry.names[move],),
            )
            yield EngineResult(move, info)

    def _principal_variation(self, state: AdjacencyState) -> list[int]:
        """The line at ply 0, cut where it stops being legal (it always has a first move)."""
        length = int(self._pv_length[0])
        line: list[int] = []
        current = state
        for cell in self._pv[:length]:
            move = int(cell)
            if current.is_terminal() or move not in current.legal_moves():
                break
            line.append(move)
            current = current.play(move)
        return line or [_first_move(state)]


def _first_move(state: AdjacencyState) -> int:
    """The move flipping the most marks (the lowest cell among equals)."""
    from plyground.games.adjacency.bits import cells_by_gain

    theirs = state.o if state.side == 0 else state.x
    return cells_by_gain(theirs, state.empty(), state.size)[0]


def warm_up() -> None:
    """Compile (or load from the disk cache) the search kernels."""
    from plyground.games.adjacency.rules import AdjacencyGame

    engine = AdjacencyEngine(table_size=1 << 10)
    engine.search(AdjacencyGame(size=4, rounds=3).initial_state(), Limit(depth=5))
