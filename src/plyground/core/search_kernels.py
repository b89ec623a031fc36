"""Numba pieces every compiled game-tree search shares.

The adjacency and Morris engines hash their positions the same way (a
multiply-add of the boards, then murmur3's 64-bit finaliser), keep their
principal variation in the same triangular table (one row per ply, row
``ply`` holding the best line from that ply on), count nodes and read the
clock through the same four context words (:func:`count_node`), judge
a table entry's key word, its bound and a cutoff's killer moves alike, and
search a node's children the same way: principal variation search with late
move reductions (:func:`first_window`, then :func:`research_window`), each
child's value backed up by :func:`back_up`. The small kernels a node calls for each
child are inlined into the searches (``inline="always"``, numba's own inlining: called
instead, they cost the adjacency search some 5% of its speed). The games own what differs
(which words go into the hash, where the tables live in their context, how an entry's
info is packed and how many bits it takes, which moves may be reduced).
"""

from __future__ import annotations

from numba import njit

from plyground.core.jit import load_int, monotonic_ns, store_int, wrap64

__all__ = [
    "BOUND_EXACT",
    "BOUND_LOWER",
    "BOUND_UPPER",
    "CLOCK_DEADLINE",
    "CLOCK_NODES",
    "CLOCK_NODE_LIMIT",
    "CLOCK_STOPPED",
    "MEMORY_WORDS",
    "M_GENERATION",
    "M_HISTORY",
    "M_KILLERS",
    "M_MOVES",
    "M_PV",
    "M_PV_LENGTH",
    "M_TABLE",
    "M_TABLE_MASK",
    "add_killer",
    "back_up",
    "bound_cuts",
    "check_clock",
    "count_node",
    "first_window",
    "key_word",
    "key_word_matches",
    "mix64",
    "remember_cutoff",
    "research_window",
    "result_bound",
    "set_pv",
]

BOUND_EXACT, BOUND_LOWER, BOUND_UPPER = 0, 1, 2
"""What a stored value is: the exact value, a lower bound (it failed high), an upper bound."""

# -- the clock block: four int64 words of a search's context, in this order -------------
CLOCK_NODES = 0
"""Nodes searched so far."""
CLOCK_DEADLINE = 1
"""Monotonic nanoseconds at which to stop (0: no deadline)."""
CLOCK_STOPPED = 2
"""1 once the search must stop (the deadline or the node limit is reached)."""
CLOCK_NODE_LIMIT = 3
"""Stop once this many nodes are searched (0: none); checked with the clock."""

# -- the rest of a search's memory block (:mod:`plyground.core.search_memory`): int64 words
# after the clock block, each the address of a buffer or a setting
M_TABLE = 4
"""Address of the transposition table (two words an entry)."""
M_TABLE_MASK = 5
"""Entries minus one (the entries are a power of two)."""
M_KILLERS = 6
M_HISTORY = 7
M_MOVES = 8
M_PV = 9
M_PV_LENGTH = 10
M_GENERATION = 11
"""The search's generation (0-255): entries of earlier searches are replaced first."""
MEMORY_WORDS = 12


@njit(cache=True)
def mix64(h: int) -> int:
    """murmur3's finaliser: every input bit moves every output bit (wrapping int64 arithmetic).

    Only the low 64 bits of ``h`` count, so a caller's sums and products need
    no wrapping of their own when the JIT is off.
    """
    h ^= (h >> 33) & 0x7FFFFFFF
    h = wrap64(h * -49064778989728563)
    h ^= (h >> 33) & 0x7FFFFFFF
    h = wrap64(h * -4265267296055464877)
    h ^= (h >> 33) & 0x7FFFFFFF
    return h


@njit(cache=True)
def key_word(key: int, info: int, info_mask: int) -> int:
    """A table entry's key word: the bits of hash ``key`` above ``info_mask``, ``info`` in it."""
    return (key & ~info_mask) | info


@njit(cache=True)
def key_word_matches(stored: int, key: int, info_mask: int) -> bool:
    """Whether a stored key word (:func:`key_word`) belongs to the position hashed to ``key``:
    set, and the hash's bits above ``info_mask`` agree."""
    return stored != 0 and ((stored ^ key) & ~info_mask) == 0


@njit(cache=True, inline="always")
def set_pv(pv: int, lengths: int, max_ply: int, ply: int, move: int) -> None:
    """Row ``ply`` of the PV table at ``pv`` becomes ``move`` followed by row ``ply + 1``.

    ``pv`` is an int64 buffer of ``max_ply`` rows of ``max_ply`` moves;
    ``lengths[ply]`` is the end of row ``ply`` (its line runs from ``ply``).
    """
    store_int(pv, ply * max_ply + ply, move)
    child_length = load_int(lengths, ply + 1)
    for index in range(ply + 1, child_length):
        store_int(pv, ply * max_ply + index, load_int(pv, (ply + 1) * max_ply + index))
    store_int(lengths, ply, max(child_length, ply + 1))


@njit(cache=True)
def check_clock(clock: int) -> None:
    """Set the stop word of the clock block at ``clock`` if its deadline or node limit is due."""
    deadline = load_int(clock, CLOCK_DEADLINE)
    if deadline != 0 and monotonic_ns() >= deadline:
        store_int(clock, CLOCK_STOPPED, 1)
    node_limit = load_int(clock, CLOCK_NODE_LIMIT)
    if node_limit != 0 and load_int(clock, CLOCK_NODES) >= node_limit:
        store_int(clock, CLOCK_STOPPED, 1)


@njit(cache=True)
def count_node(clock: int, check_every: int) -> bool:
    """Count a node in the clock block at ``clock``; read the clock when
    ``nodes & check_every == 0``. True when the search must stop."""
    nodes = load_int(clock, CLOCK_NODES) + 1
    store_int(clock, CLOCK_NODES, nodes)
    if (nodes & check_every) == 0:
        check_clock(clock)
    return load_int(clock, CLOCK_STOPPED) != 0


@njit(cache=True, inline="always")
def bound_cuts(bound: int, value: float, alpha: float, beta: float) -> bool:
    """True when a stored ``value`` of kind ``bound`` settles a node with the window
    ``(alpha, beta)``."""
    return (
        bound == BOUND_EXACT
        or (bound == BOUND_LOWER and value >= beta)
        or (bound == BOUND_UPPER and value <= alpha)
    )


@njit(cache=True, inline="always")
def result_bound(best: float, alpha: float, beta: float) -> int:
    """The kind of a fail-soft result ``best`` of a node entered with the window
    ``(alpha, beta)``."""
    if best <= alpha:
        return BOUND_UPPER
    if best >= beta:
        return BOUND_LOWER
    return BOUND_EXACT


@njit(cache=True, inline="always")
def research_window(  # noqa: PLR0917 - kernels take positional values
    value: float, alpha: float, beta: float, child_depth: int, full_depth: int, window_beta: float
) -> tuple[int, float]:
    """Principal variation search's rule once a child searched to ``child_depth`` with the
    window ``(alpha, window_beta)`` returned ``value``: the depth and window top to search it
    again with, or depth -1 when ``value`` stands.

    A reduced search (``child_depth < full_depth``) that beats alpha is searched again at
    ``full_depth``; a null-window search (``window_beta < beta``) whose value falls inside
    ``(alpha, beta)`` again with the full window.
    """
    if value > alpha and child_depth < full_depth:
        return full_depth, window_beta
    if alpha < value < beta and window_beta < beta:
        return child_depth, beta
    return -1, window_beta


@njit(cache=True, inline="always")
def add_killer(killers: int, ply: int, move: int) -> None:
    """``move`` becomes the first of the two killer moves of ``ply`` (the old first, the second)."""
    if load_int(killers, 2 * ply) != move:
        store_int(killers, 2 * ply + 1, load_int(killers, 2 * ply))
        store_int(killers, 2 * ply, move)


@njit(cache=True, inline="always")
def first_window(  # noqa: PLR0917 - kernels take positional values
    index: int, depth: int, alpha: float, beta: float, null_window: float, pvs: bool,
    reducible: bool, first: int, late: int
) -> tuple[int, float]:  # fmt: skip
    """Principal variation search's first try at child ``index`` (0: the first in the order)
    of a node searched to ``depth`` with the window ``(alpha, beta)``: the depth and window
    top to search it with, then again as :func:`research_window` says.

    The first child (every child without ``pvs``) gets the full window and ``depth - 1``;
    the others the null window ``(alpha, alpha + null_window)``, and a late move reduction
    when the game finds the move ``reducible`` (quiet, in a node where reductions apply),
    the node is 3 plies deep or more and ``index >= first``: one ply, two from index ``late``
    on in a node 6 plies deep or more.
    """
    if index == 0 or not pvs:
        return depth - 1, beta
    child_depth = depth - 1
    if reducible and depth >= 3 and index >= first:
        child_depth -= 1 if index < late or depth < 6 else 2
    return child_depth, alpha + null_window


@njit(cache=True, inline="always")
def remember_cutoff(  # noqa: PLR0917 - kernels take positional values
    memory: int, ply: int, move: int, slot: int, depth: int, killers: bool, history: bool, cap: int
) -> None:
    """A quiet ``move`` cut off at ``ply`` of a node ``depth`` plies deep: with ``killers``,
    it becomes the ply's first killer; with ``history``, its history ``slot`` gains
    ``depth * depth``, up to ``cap``. ``memory`` is the address of the search's
    memory block (:mod:`plyground.core.search_memory`)."""
    if killers:
        add_killer(load_int(memory, M_KILLERS), ply, move)
    if history:
        table = load_int(memory, M_HISTORY)
        store_int(table, slot, min(load_int(table, slot) + depth * depth, cap))


@njit(cache=True, inline="always")
def back_up(  # noqa: PLR0917 - kernels take positional values
    memory: int, max_ply: int, ply: int, move: int, value: float, best: float, best_move: int,
    alpha: float
) -> tuple[float, int, float]:  # fmt: skip
    """Fail-soft negamax's step once ``move`` at ``ply`` is worth ``value`` (for the mover):
    the best value and move so far and alpha, each raised by it. When it raises alpha, row
    ``ply`` of the principal variation in the memory block at ``memory`` becomes ``move``
    followed by the child's line (:func:`set_pv`). The caller cuts off once
    ``alpha >= beta``.
    """
    if value > best:
        best = value
        best_move = move
        if value > alpha:
            alpha = value
            set_pv(load_int(memory, M_PV), load_int(memory, M_PV_LENGTH), max_ply, ply, move)
    return best, best_move, alpha
