"""Kernels of the exact search: the final margin with best play, as an integer.

The playing search (:mod:`~plyground.games.adjacency.search`) values a
horizon with a float evaluation; this one always searches to the end of the
game, so its values are integers (the mover's marks minus the opponent's
at the end) and it can use what only exact values allow:

* **closed forms near the end.** One ply before the end (or with one empty
  cell) a position is worth ``material + 1 + 2 * best gain``. Two plies
  before, a move flipping ``g`` marks is worth ``material + 2g - 2g'``,
  where ``g'`` is the opponent's best gain after it: :func:`_two_plies`
  walks the moves from the biggest gain down and stops once ``material +
  2g`` cannot beat what it has;
* **a table of bounds.** One int64 word per entry: the lower and upper
  bound of the value (stored as ``value + 128`` in 8 bits each), the best
  move, the plies left, and the high bits of a hash of both masks. A
  position's mark count fixes its ply, so neither side nor ply is hashed:
  the hash is salted once per solve with the game's end (marks plus plies
  left), the same for every position of the solve. Probed only at nodes
  with ``X_TABLE_MIN`` plies or more to go. Two ways (``X_WAYS``): a
  position may sit in either slot of an aligned pair (one cache line);
  the first is depth-preferred (an entry from an earlier, longer solve is
  replaced first), the second always replaced, so the many small subtrees
  near the end are kept too. With one way, depth-preferred only;
* **a near-end table** (``X_NEAR_MIN``): the nodes from 3 plies to go up to
  ``X_TABLE_MIN`` use a second table, the same entries, small enough to
  stay in the processor's cache. Their transpositions are between the
  moves of one small subtree (two moves of one side, in either order), so
  a table that forgets quickly keeps most of them, where the big one
  costs a cache miss a probe;
* **score bounds** (``X_BOUNDS_MIN``): each move moves the margin by 1 to
  9 for its mover, so a node's margin lies between a floor and a ceiling
  counted from the plies left (:func:`_margin_bounds`), and a move flipping
  ``g`` caps it lower still (:func:`_capped`): a node whose floor is at
  least ``beta`` or whose ceiling is at most ``alpha`` ends at once, and a
  move whose ceiling is at most ``alpha`` is not searched. Near the end,
  where most nodes are, that skips most of the moves of a lost cause;
* **enhanced transposition cutoffs** (``X_ETC_MIN``): before searching a
  node, look up its children; one whose stored upper bound already
  refutes ``beta`` ends the node at once;
* **symmetry** (``X_SYMMETRY_MIN``): at a position fixed by a symmetry of
  the board, moves whose mirror image is a lower cell are skipped;
* **move order**: the table's move, then (``X_ORDER_MIN`` plies or more to
  go) the moves by their two-ply value ``2g - 2g'``, else by gain;
* principal variation search (``X_PVS``): null windows after the first move.

Contract of :func:`exact_search` (as the playing search's): fail-soft; a
value ``v <= alpha`` is an upper bound of the true value, ``v >= beta`` a
lower bound, otherwise the true value. Every value of a solve has the same
parity (that of the final number of marks). The driver
(:mod:`~plyground.games.adjacency.solver`) calls it with null windows
around a guess (MTD(f)).
"""

from __future__ import annotations

from numba import njit

from plyground.core.jit import (
    load_int,
    popcount,
    store_int,
    trailing_zeros,
    wrap64,
)
from plyground.games.adjacency.kernels import (
    G_FULL,
    G_NEIGHBOURS,
    best_gain,
    child,
    gain_group,
    gain_masks,
)
from plyground.games.adjacency.search import CONTEXT_WORDS, S_STOPPED, count_node
from plyground.games.adjacency.symmetry import skipped_moves
from plyground.games.adjacency.table import position_hash

__all__ = [
    "EXACT_WORDS",
    "MAX_PLIES",
    "NO_MOVE",
    "X_BOUNDS_MIN",
    "X_ETC_MIN",
    "X_MOVES",
    "X_NEAR_MIN",
    "X_NEAR_TABLE",
    "X_NEAR_TABLE_MASK",
    "X_ORDER_MIN",
    "X_PVS",
    "X_ROOT_PLIES",
    "X_SALT",
    "X_SYMMETRY",
    "X_SYMMETRY_MIN",
    "X_TABLE",
    "X_TABLE_MASK",
    "X_TABLE_MIN",
    "X_WAYS",
    "exact_search",
    "order_moves",
    "table_entry",
]

# -- the exact search's words of the context block (after the playing search's) ------
X_TABLE = CONTEXT_WORDS + 0
X_TABLE_MASK = CONTEXT_WORDS + 1
X_SALT = CONTEXT_WORDS + 2
"""The hash salt of this solve: a mix of the game's end (marks plus plies left)."""
X_MOVES = CONTEXT_WORDS + 3
"""Address of the move stack: 64 cells and 64 scores per ply."""
X_SYMMETRY = CONTEXT_WORDS + 4
"""Address of :func:`~plyground.games.adjacency.symmetry.symmetry_tables`' block."""
X_TABLE_MIN = CONTEXT_WORDS + 5
X_ETC_MIN = CONTEXT_WORDS + 6
X_SYMMETRY_MIN = CONTEXT_WORDS + 7
X_ORDER_MIN = CONTEXT_WORDS + 8
X_ROOT_PLIES = CONTEXT_WORDS + 9
"""Plies left at the solve's root: deeper table entries are from older solves."""
X_PVS = CONTEXT_WORDS + 10
X_WAYS = CONTEXT_WORDS + 11
"""Slots a position may take in the table: 1, or 2 (a depth-preferred and an always-replace)."""
X_NEAR_TABLE = CONTEXT_WORDS + 12
"""Address of the near-end table (nodes with 3 plies to ``X_TABLE_MIN``); its mask after it."""
X_NEAR_TABLE_MASK = CONTEXT_WORDS + 13
X_NEAR_MIN = CONTEXT_WORDS + 14
"""Plies from which the near-end table is used below ``X_TABLE_MIN`` (99: no such table)."""
X_BOUNDS_MIN = CONTEXT_WORDS + 15
"""Plies from which a node and its moves are held to :func:`_margin_bounds` (99: never)."""
EXACT_WORDS = CONTEXT_WORDS + 16

MAX_PLIES = 63
"""Most plies a solve may have (the table stores plies in 6 bits)."""
NO_MOVE = 127
_STACK = 128
"""Words of the move stack per ply: 64 cells, then 64 scores."""
_FAR = 1000
"""Beyond every margin."""

# -- table entries: one int64 word ---------------------------------------------------
_OFFSET = 128
_UNKNOWN_LOWER = -128
_UNKNOWN_UPPER = 127
_KEY_SHIFT = 29
_LOW_MASK = (1 << _KEY_SHIFT) - 1


@njit(cache=True)
def table_entry(key: int, lower: int, upper: int, move: int, plies: int) -> int:
    """An entry: the key's high bits, both bounds, the best move and the plies left."""
    fields = (lower + _OFFSET) | ((upper + _OFFSET) << 8) | (move << 16) | (plies << 23)
    return (key & ~_LOW_MASK) | fields


@njit(cache=True)
def _matches(entry: int, key: int) -> bool:
    return entry != 0 and ((entry ^ key) >> _KEY_SHIFT) == 0


@njit(cache=True)
def _table_word(cx: int, plies: int) -> int:
    """The context word of the table for a node with ``plies`` to go (its mask follows), or
    0 if none: the main table, the near-end one below ``X_TABLE_MIN``, none below that."""
    if plies >= load_int(cx, X_TABLE_MIN):
        return X_TABLE
    if plies >= load_int(cx, X_NEAR_MIN):
        return X_NEAR_TABLE
    return 0


@njit(cache=True)
def _probe(cx: int, word: int, key: int) -> int:
    """The entry for ``key`` (0 if none) in the table at context ``word``: its slot, or with
    two ways either of its pair."""
    table = load_int(cx, word)
    slot = key & load_int(cx, word + 1)
    if load_int(cx, X_WAYS) == 1:
        return load_int(table, slot)
    slot &= ~1
    entry = load_int(table, slot)
    if _matches(entry, key):
        return entry
    return load_int(table, slot + 1)


@njit(cache=True)
def _lower(entry: int) -> int:
    return (entry & 255) - _OFFSET


@njit(cache=True)
def _upper(entry: int) -> int:
    return ((entry >> 8) & 255) - _OFFSET


@njit(cache=True)
def _move(entry: int) -> int:
    return (entry >> 16) & 127


@njit(cache=True)
def _plies(entry: int) -> int:
    return (entry >> 23) & 63


# -- the last plies ---------------------------------------------------------------------
@njit(cache=True)
def _two_plies(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, empty: int, material: int, alpha: int, beta: int
) -> int:
    """A node two plies before the end (the opponent makes the last move), fail-soft."""
    ones, twos, fours = gain_masks(cx, theirs, empty)
    best = -1000
    for gain in range(4, -1, -1):
        group = gain_group(gain, ones, twos, fours) if gain > 0 else empty & ~(ones | twos | fours)
        if group == 0:
            continue
        # No move of this gain or less is worth more (the reply flips 0 or more).
        ceiling = material + 2 * gain
        if ceiling <= best or ceiling <= alpha:
            return max(best, ceiling)
        while group != 0:
            cell = trailing_zeros(group)
            group = wrap64(group & (group - 1))
            bit = wrap64(1 << cell)
            flips = load_int(cx, G_NEIGHBOURS + cell) & theirs
            reply = best_gain(cx, own | bit | flips, empty & ~bit)
            value = ceiling - 2 * reply
            if value > best:
                best = value
                if best >= beta or best == ceiling:
                    return best
    return best


@njit(cache=True)
def _margin_bounds(material: int, plies: int, empty: int) -> tuple[int, int]:
    """``(floor, ceiling)`` of the mover's final margin, from the moves left alone.

    Each move adds a mark and flips at most 4, so it moves the margin by 1
    to 9 for its mover: the mover ends with at least ``material + (its
    plies) - 9 * (the opponent's)`` and at most ``material + 9 * (its
    plies) - (the opponent's)``. Both have the parity of every final margin
    (that of the final number of marks).
    """
    played = min(plies, popcount(empty))
    own_plies = (played + 1) // 2
    their_plies = played // 2
    return material + own_plies - 9 * their_plies, material + 9 * own_plies - their_plies


@njit(cache=True)
def _capped(ceiling: int, gain: int, reply_cap: int) -> int:
    """The :func:`_margin_bounds` ceiling of a node (3 plies and 3 empty cells or more) after a
    first move flipping ``gain``: that move adds ``1 + 2 * gain`` (not 9), and the next two,
    the opponent's and the mover's, at most ``reply_cap`` together (not 8).

    ``reply_cap`` is ``2 * min(4, g + 1)``, ``g`` the mover's best gain now
    (or, exactly, after the first move). Why: the first move only takes
    marks and a cell away, so after it the mover can flip at most ``g``
    marks that are the opponent's now; the opponent's move (``-1 - 2r``
    for ``r`` flips) gives the mover's next at most one mark more to flip
    if ``r`` is 0 (its own new mark: two cells next to each other share no
    neighbour), and at most ``min(r, 2)`` more otherwise (two cells share
    at most two neighbours), which its ``-2r`` pays for.
    """
    return ceiling - 16 + 2 * gain + reply_cap


# -- move order -------------------------------------------------------------------------
@njit(cache=True)
def _order(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, candidates: int, moves: int, count: int, by_value: bool
) -> int:
    """Append ``candidates`` to the move list at ``moves`` in search order; return the count.

    By gain (4 down to 0), or with ``by_value`` by the two-ply value
    ``2g - 2g'`` (stable: equal values keep the gain order).
    """
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    ones, twos, fours = gain_masks(cx, theirs, empty)
    first = count
    for gain in range(4, -1, -1):
        if gain > 0:
            group = gain_group(gain, ones, twos, fours) & candidates
        else:
            group = candidates & ~(ones | twos | fours)
        while group != 0:
            cell = trailing_zeros(group)
            group = wrap64(group & (group - 1))
            if not by_value:
                store_int(moves, count, cell)
                count += 1
                continue
            bit = wrap64(1 << cell)
            flips = load_int(cx, G_NEIGHBOURS + cell) & theirs
            score = 2 * gain - 2 * best_gain(cx, own | bit | flips, empty & ~bit)
            position = count
            while position > first and load_int(moves, 64 + position - 1) < score:
                store_int(moves, position, load_int(moves, position - 1))
                store_int(moves, 64 + position, load_int(moves, 64 + position - 1))
                position -= 1
            store_int(moves, position, cell)
            store_int(moves, 64 + position, score)
            count += 1
    return count


def order_moves(cx: int, own: int, theirs: int, candidates: int, out: int) -> int:
    """Write ``candidates`` in the search's order (two-ply value) to ``out`` (128 words).

    Returns how many were written; for the driver's root and line (plain
    Python calling the compiled :func:`_order`).
    """
    return int(_order(cx, own, theirs, candidates, out, 0, True))


# -- the search -------------------------------------------------------------------------
@njit(cache=True)
def _etc_cutoff(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, empty: int, plies: int, beta: int
) -> int:
    """A child's stored upper bound that refutes ``beta`` (as this node's value), or -1000."""
    salt = load_int(cx, X_SALT)
    word = _table_word(cx, plies - 1)
    if word == 0:
        return -1000
    cells = empty
    while cells != 0:
        cell = trailing_zeros(cells)
        cells = wrap64(cells & (cells - 1))
        child_own, child_theirs, _ = child(cx, own, theirs, cell)
        key = position_hash(child_own, child_theirs, salt)
        entry = _probe(cx, word, key)
        if _matches(entry, key) and -_upper(entry) >= beta:
            return -_upper(entry)
    return -1000


@njit(cache=True)
def _store(  # noqa: PLR0917 - kernels take positional integers
    cx: int, word: int, key: int, lower: int, upper: int, move: int, plies: int
) -> None:
    """Write a result to the table at context ``word``, merged with the bounds of a slot that
    holds the same position.

    One way: depth-preferred (an entry of this solve with more plies stays).
    Two ways: the pair's first slot is depth-preferred, and what it does not
    take goes to the second, always replaced (a displaced deeper entry
    moves there).
    """
    table = load_int(cx, word)
    slot = key & load_int(cx, word + 1)
    two_ways = load_int(cx, X_WAYS) == 2
    if two_ways:
        slot &= ~1
        if _matches(load_int(table, slot + 1), key):
            slot += 1
    entry = load_int(table, slot)
    if _matches(entry, key):
        merged_lower = max(lower, _lower(entry))
        merged_upper = min(upper, _upper(entry))
        if merged_lower <= merged_upper:
            lower, upper = merged_lower, merged_upper
        if move == NO_MOVE:
            move = _move(entry)
    elif entry != 0 and _plies(entry) > plies and _plies(entry) <= load_int(cx, X_ROOT_PLIES):
        if not two_ways:
            return  # depth-preferred: keep the bigger subtree of this solve
        slot += 1  # the always-replace slot
    elif two_ways and entry != 0:
        store_int(table, slot + 1, entry)  # the displaced entry stays, second
    store_int(table, slot, table_entry(key, lower, upper, move, plies))


@njit(cache=True)
def _settles(entry: int, alpha: int, beta: int) -> bool:
    """Whether a stored entry answers a search in ``(alpha, beta)`` at once."""
    lower = _lower(entry)
    upper = _upper(entry)
    return lower >= beta or lower == upper or upper <= alpha


@njit(cache=True)
def _settled(entry: int, alpha: int, beta: int) -> int:
    """The answer of an entry that :func:`_settles` the window (fail-soft)."""
    lower = _lower(entry)
    return lower if lower >= beta or lower == _upper(entry) else _upper(entry)


@njit(cache=True)
def _store_result(  # noqa: PLR0917 - kernels take positional integers
    cx: int, word: int, key: int, best: int, alpha: int, beta: int, move: int, plies: int
) -> None:
    """Store a fail-soft result of a search in ``(alpha, beta)``: an upper bound, a lower
    bound or the value."""
    plies = min(plies, MAX_PLIES)
    if best <= alpha:
        _store(cx, word, key, _UNKNOWN_LOWER, best, move, plies)
    elif best >= beta:
        _store(cx, word, key, best, _UNKNOWN_UPPER, move, plies)
    else:
        _store(cx, word, key, best, best, move, plies)


@njit(cache=True, nogil=True)
def exact_search(  # noqa: PLR0911, PLR0912, PLR0915, PLR0917 - one self-recursive kernel
    cx: int, own: int, theirs: int, plies: int, alpha: int, beta: int, ply: int
) -> int:
    """The mover's final margin with best play, fail-soft in ``(alpha, beta)``.

    Returns 0 when stopped (the caller checks ``S_STOPPED``).
    """
    if count_node(cx):
        return 0
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    material = popcount(own) - popcount(theirs)
    if plies == 0 or empty == 0:
        return material
    if plies == 1 or wrap64(empty & (empty - 1)) == 0:
        return material + 1 + 2 * best_gain(cx, theirs, empty)
    if plies == 2 or popcount(empty) == 2:
        return _two_plies(cx, own, theirs, empty, material, alpha, beta)
    bounded = plies >= load_int(cx, X_BOUNDS_MIN)
    ceiling = _FAR
    reply_cap = -1  # 2 * min(4, best gain + 1) once known: see _capped
    if bounded:
        floor, ceiling = _margin_bounds(material, plies, empty)
        if floor >= beta:
            return floor
        if ceiling - 14 <= alpha:  # worth knowing the best gain
            gain = best_gain(cx, theirs, empty)
            reply_cap = 2 * min(4, gain + 1)
            capped = _capped(ceiling, gain, reply_cap)
            if capped <= alpha:
                return capped

    table_move = NO_MOVE
    word = _table_word(cx, plies)
    key = 0
    if word != 0:
        key = position_hash(own, theirs, load_int(cx, X_SALT))
        entry = _probe(cx, word, key)
        if _matches(entry, key):
            if _settles(entry, alpha, beta):
                return _settled(entry, alpha, beta)
            alpha = max(alpha, _lower(entry))
            beta = min(beta, _upper(entry))
            table_move = _move(entry)
        if plies >= load_int(cx, X_ETC_MIN):
            cutoff = _etc_cutoff(cx, own, theirs, empty, plies, beta)
            if cutoff >= beta:
                return cutoff

    skip = 0
    if plies >= load_int(cx, X_SYMMETRY_MIN):
        skip = skipped_moves(load_int(cx, X_SYMMETRY), own, theirs, empty)
    moves = load_int(cx, X_MOVES) + _STACK * ply
    count = 0
    candidates = empty & ~skip
    if table_move != NO_MOVE and (candidates >> table_move) & 1:
        store_int(moves, 0, table_move)
        store_int(moves, 64, 1000)
        count = 1
        candidates &= ~wrap64(1 << table_move)
    by_value = plies >= load_int(cx, X_ORDER_MIN)
    count = _order(cx, own, theirs, candidates, moves, count, by_value)

    pvs = load_int(cx, X_PVS) != 0
    window_alpha = alpha
    best = -1000
    best_move = NO_MOVE
    for index in range(count):
        cell = load_int(moves, index)
        child_own, child_theirs, flips = child(cx, own, theirs, cell)
        if bounded and ceiling - 14 <= alpha:
            if reply_cap < 0:
                reply_cap = 2 * min(4, best_gain(cx, theirs, empty) + 1)
            capped = _capped(ceiling, popcount(flips), reply_cap)
            if plies == 3 and alpha < capped <= alpha + reply_cap - 2:
                # The last move: its best gain after this one is known exactly.
                after = best_gain(cx, child_own, empty & ~wrap64(1 << cell))
                capped += 2 * min(4, after + 1) - reply_cap
            if capped <= alpha:  # this move cannot reach the window
                best = max(best, capped)
                continue
        if index == 0 or not pvs:
            value = -exact_search(cx, child_own, child_theirs, plies - 1, -beta, -alpha, ply + 1)
        else:
            value = -exact_search(
                cx, child_own, child_theirs, plies - 1, -alpha - 1, -alpha, ply + 1
            )
            if alpha < value < beta:
                value = -exact_search(
                    cx, child_own, child_theirs, plies - 1, -beta, -alpha, ply + 1
                )
        if load_int(cx, S_STOPPED) != 0:
            return 0
        if value > best:
            best = value
            best_move = cell
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break

    if word != 0:
        _store_result(cx, word, key, best, window_alpha, beta, best_move, plies)
    return best
