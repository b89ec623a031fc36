"""The compiled 2048 expectimax: numba recursion over 64-bit boards, with its clock inside.

It computes what :class:`plyground.algorithms.search.expectimax.Expectimax`
(the readable reference) computes, with the same depth, cut and value
conventions, so the two are checked against each other:

* a chance node (the board after a move, before the spawn) with ``depth``
  moves left and probability ``p`` of being reached is valued by the
  heuristic when ``depth`` is 0 or ``p`` is below the cut; otherwise it is
  the sum over every empty cell and both spawns (a 2 with probability
  ``0.9 / empty``, a 4 with ``0.1 / empty``) of the probability times the
  best move's value of the spawned board (0 when no move changes it: a lost
  game);
* a transposition table keeps chance nodes' values with the depth they were
  searched to, and a probe only trusts an entry searched at least as deep
  and written in the current *generation* (a caller starts a generation per
  move, so the table is never cleared between moves). Like the reference
  cache, an entry is used whatever the probability of the path that reaches
  it, so with a cut the table can change a value (without a cut it cannot).

How it is fast (the anchor of docs/2048.md does the first three too):

* moves and the heuristic read 65,536-entry line tables
  (:mod:`plyground.games.g2048.kernel`); the board is transposed once per
  move node and serves both vertical moves;
* the recursion takes only integers: the tables, the transposition table
  and the counters are reached through the addresses in one int64 *context*
  block (:data:`CONTEXT_WORDS`), which keeps numba's reference counting out
  of the inner loop (it doubled the cost of a node);
* the chance nodes one move above the horizon evaluate their children in
  place, without a call per leaf;
* one table serves all four root moves and every depth of one move's
  iterative deepening;
* the table is probed only at chance nodes with ``min_table_depth`` moves or
  more left, where a hit saves more than the probe's cache miss costs.

The clock is inside: every :data:`CHECK_EVERY` nodes the search reads the
monotonic clock (:func:`~plyground.core.jit.monotonic_ns`) and stops at the
deadline, as it stops at the node limit; a stopped search's values are not
meaningful and :meth:`G2048Search.values` returns ``None``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.jit import (
    load_float,
    load_int,
    monotonic_ns,
    popcount,
    store_float,
    store_int,
    trailing_zeros,
)
from plyground.core.search_memory import mapped_zeros
from plyground.core.warming import warming
from plyground.games.g2048.evaluation import G2048Weights, line_table
from plyground.games.g2048.kernel import (
    empty_cells,
    heuristic,
    move_points,
    move_tables,
    slide_board,
    transpose,
)
from plyground.games.g2048.network_value import PackedNetwork, packed_value

__all__ = ["CHECK_EVERY", "CONTEXT_WORDS", "G2048Search", "SearchCounters", "warm_up"]

# -- words of the context block (int64; X_CUT holds a float64) ---------------------------
X_NODES = 0
"""Chance nodes visited (the search's node count), leaves included."""
X_EVALUATIONS = 1
X_CACHE_HITS = 2
X_SPAWNS = 3
"""Spawned boards expanded: the move nodes. Times 4, the anchor's count of moves tried."""
X_STOPPED = 4
X_DEADLINE = 5
"""Monotonic nanoseconds at which to stop (0: no deadline)."""
X_NODE_LIMIT = 6
"""Stop once this many nodes are visited."""
X_NEXT_CHECK = 7
"""The node count at which the clock and the node limit are next checked."""
X_CUT = 8
X_MOVES = 9
X_LINES = 10
X_TABLE = 11
"""Address of the transposition table (0: none): 4 words an entry."""
X_TABLE_MASK = 12
X_GENERATION = 13
X_MIN_TABLE_DEPTH = 14
X_TABLE_SHIFT = 15
"""64 - log2(entries): a slot is the top bits of the board times a large odd number."""
X_NETWORK = 16
"""Address of a packed n-tuple network (:mod:`plyground.games.g2048.network_value`), 0: none.
With one, leaves are the network's value of the afterstate and every move adds the points
it scores (the network values the points still to come); without, leaves are the heuristic
and moves add nothing."""
X_POINTS = 17
"""Address of the kernel's line-score table."""
CONTEXT_WORDS = 18

CHECK_EVERY = 2048
"""Nodes between two readings of the clock (about 0.1 ms of search)."""
NO_LIMIT = 1 << 62
ENTRY_WORDS = 4
"""Words of a table entry: the board, depth | generation << 8, the value (float64), unused."""
_HASH = -7046029254386353131  # 0x9E3779B97F4A7C15 as int64: Fibonacci hashing


@njit(cache=True)
def _check(cx: int) -> None:  # pragma: no cover - compiled
    """Stop at the node limit or the deadline; schedule the next check."""
    nodes = load_int(cx, X_NODES)
    limit = load_int(cx, X_NODE_LIMIT)
    deadline = load_int(cx, X_DEADLINE)
    if nodes >= limit or (deadline != 0 and monotonic_ns() >= deadline):
        store_int(cx, X_STOPPED, 1)
    store_int(cx, X_NEXT_CHECK, min(limit, nodes + CHECK_EVERY))


@njit(cache=True, inline="always")
def _leaf(cx: int, board: int) -> float:  # pragma: no cover - compiled
    """A leaf's value: the network's, or the heuristic's."""
    network = load_int(cx, X_NETWORK)
    if network != 0:
        return packed_value(network, board)
    return heuristic(load_int(cx, X_LINES), board)


@njit(cache=True, inline="always")
def _gain(cx: int, board: int, transposed: int, move: int) -> float:  # pragma: no cover
    """The points ``move`` scores, counted only when a network evaluates (see X_NETWORK)."""
    if load_int(cx, X_NETWORK) == 0:
        return 0.0
    return float(move_points(load_int(cx, X_POINTS), board, transposed, move))


@njit(cache=True, inline="always")
def _best_leaf(  # pragma: no cover - compiled
    cx: int, moves: int, lines: int, board: int
) -> tuple[float, int]:
    """The best leaf value over the moves of a spawned board, and how many moves it has:
    the heuristic's, or with a network (X_NETWORK) the move's points plus the network's
    value. The evaluation is chosen once a board, not once a leaf, and nothing more stays
    live across the recursion: the heuristic's loop is the search's hottest, and runs as
    fast as before the network came (benchmarks/g2048.py's positions, paired)."""
    t = transpose(board)
    best = -math.inf
    leaves = 0
    network = load_int(cx, X_NETWORK)
    if network == 0:
        for move in range(4):
            child = slide_board(moves, board, t, move)
            if child != board:
                leaves += 1
                best = max(best, heuristic(lines, child))
        return best, leaves
    points = load_int(cx, X_POINTS)
    for move in range(4):
        child = slide_board(moves, board, t, move)
        if child != board:
            leaves += 1
            best = max(best, move_points(points, board, t, move) + packed_value(network, child))
    return best, leaves


@njit(cache=True, error_model="numpy")
def _chance(  # noqa: PLR0912 - the recursion's chance node, in one kernel: a helper costs a call a node
    cx: int, board: int, depth: int, probability: float
) -> float:  # pragma: no cover
    """Expected value of ``board`` just before a spawn, ``depth`` moves left to search."""
    nodes = load_int(cx, X_NODES) + 1
    store_int(cx, X_NODES, nodes)
    if depth <= 0 or probability < load_float(cx, X_CUT):
        store_int(cx, X_EVALUATIONS, load_int(cx, X_EVALUATIONS) + 1)
        return _leaf(cx, board)
    if nodes >= load_int(cx, X_NEXT_CHECK):
        _check(cx)
    if load_int(cx, X_STOPPED) != 0:
        return 0.0
    table = load_int(cx, X_TABLE)
    entry = -1
    if table != 0 and depth >= load_int(cx, X_MIN_TABLE_DEPTH):
        slot = ((board * _HASH) >> load_int(cx, X_TABLE_SHIFT)) & load_int(cx, X_TABLE_MASK)
        entry = slot * ENTRY_WORDS
        if load_int(table, entry) == board:
            info = load_int(table, entry + 1)
            if (info >> 8) == load_int(cx, X_GENERATION) and (info & 0xFF) >= depth:
                store_int(cx, X_CACHE_HITS, load_int(cx, X_CACHE_HITS) + 1)
                return load_float(table, entry + 2)
    moves = load_int(cx, X_MOVES)
    lines = load_int(cx, X_LINES)
    free = empty_cells(board)
    empty = popcount(free)
    store_int(cx, X_SPAWNS, load_int(cx, X_SPAWNS) + 2 * empty)
    total = 0.0
    leaves = 0
    while free != 0:
        bit = trailing_zeros(free)
        free &= free - 1
        for tile in range(1, 3):
            weight = (0.9 if tile == 1 else 0.1) / empty
            spawned = board | (tile << bit)
            if depth == 1:  # the children are leaves: evaluate them here
                best, count = _best_leaf(cx, moves, lines, spawned)
                leaves += count
            else:
                t = transpose(spawned)
                best = -math.inf
                for move in range(4):
                    child = slide_board(moves, spawned, t, move)
                    if child != spawned:
                        value = _chance(cx, child, depth - 1, probability * weight)
                        best = max(best, _gain(cx, spawned, t, move) + value)
            if best == -math.inf:
                best = 0.0  # no move changes the board: the game is lost
            total += weight * best
        if load_int(cx, X_STOPPED) != 0:
            return 0.0
    if leaves:
        store_int(cx, X_NODES, load_int(cx, X_NODES) + leaves)
        store_int(cx, X_EVALUATIONS, load_int(cx, X_EVALUATIONS) + leaves)
    if entry >= 0:
        store_int(table, entry, board)
        store_int(table, entry + 1, depth | (load_int(cx, X_GENERATION) << 8))
        store_float(table, entry + 2, total)
    return total


@njit(cache=True, error_model="numpy")
def search_root(
    cx: int, board: int, depth: int, values: npt.NDArray[np.float64]
) -> None:  # pragma: no cover
    """The value of each move (up, right, down, left) of ``board``, ``depth`` moves deep.

    ``-inf`` marks a move that does not change the board. Stops early when
    the context's deadline or node limit is reached (``X_STOPPED`` set).
    """
    moves = load_int(cx, X_MOVES)
    t = transpose(board)
    for move in range(4):
        values[move] = -math.inf
    for move in range(4):
        child = slide_board(moves, board, t, move)
        if child != board:
            values[move] = _gain(cx, board, t, move) + _chance(cx, child, depth - 1, 1.0)
        if load_int(cx, X_STOPPED) != 0:
            return


@dataclass(frozen=True)
class SearchCounters:
    """What one call of :meth:`G2048Search.values` did."""

    nodes: int
    """Chance nodes visited, leaves included (what node limits count)."""
    evaluations: int
    cache_hits: int
    move_nodes: int
    """Spawned boards expanded (max nodes); 4 x this is the anchor's ``moves_evaled``."""

    @property
    def moves_tried(self) -> int:
        """Moves tried at move nodes, counted as nneonneo/2048-ai counts its work (4 a node)."""
        return 4 * self.move_nodes


class G2048Search:
    """The compiled expectimax with its tables and transposition table (one per bot).

    ``weights`` fix the heuristic, or ``network`` evaluates instead (see
    :data:`X_NETWORK`), ``cut`` the probability below which a chance node is evaluated,
    ``table_entries`` the transposition table (rounded up to a power of two; 0: none;
    32 bytes an entry),
    ``min_table_depth`` the fewest moves left at which the table is used.
    """

    def __init__(
        self,
        weights: G2048Weights | None = None,
        cut: float = 0.0,
        table_entries: int = 1 << 20,
        min_table_depth: int = 1,
        network: PackedNetwork | None = None,
    ) -> None:
        if not 0.0 <= cut < 1.0:
            raise ValueError(f"the probability cut must be in [0, 1), got {cut!r}")
        self.weights = weights or G2048Weights()
        self.cut = cut
        self._lines = line_table(self.weights)
        self._moves, self._points = move_tables()
        self.network = network
        entries = 1 << max(0, (table_entries - 1).bit_length()) if table_entries > 0 else 0
        self._table = mapped_zeros(ENTRY_WORDS * max(1, entries))
        self._values = np.zeros(4, dtype=np.float64)
        self._context = np.zeros(CONTEXT_WORDS, dtype=np.int64)
        cx = self._context
        cx[X_MOVES] = self._moves.ctypes.data
        cx[X_LINES] = self._lines.ctypes.data
        cx[X_TABLE] = self._table.ctypes.data if entries else 0
        cx[X_TABLE_MASK] = max(0, entries - 1)
        cx[X_TABLE_SHIFT] = 64 - max(1, entries.bit_length() - 1)
        cx[X_MIN_TABLE_DEPTH] = max(1, min_table_depth)
        cx[X_NETWORK] = network.address if network is not None else 0
        cx[X_POINTS] = self._points.ctypes.data
        self._context.view(np.float64)[X_CUT] = cut
        self.last = SearchCounters(0, 0, 0, 0)

    @property
    def table_entries(self) -> int:
        """Entries of the transposition table (0: none)."""
        return int(self._context[X_TABLE_MASK]) + 1 if self._context[X_TABLE] else 0

    def new_game(self) -> None:
        """Forget every stored value."""
        self._table[:] = 0
        self._context[X_GENERATION] = 0

    def new_move(self) -> None:
        """Start a new generation: values stored before are not trusted any more."""
        self._context[X_GENERATION] += 1

    def values(
        self, board: int, depth: int, deadline_ns: int = 0, node_limit: int | None = None
    ) -> npt.NDArray[np.float64] | None:
        """Each move's value (up, right, down, left; ``-inf``: no change), ``depth`` moves deep.

        ``board`` is a signed 64-bit board (:func:`~plyground.games.g2048.kernel.board_to_int`).
        ``None`` when the search stopped at ``deadline_ns`` (monotonic
        nanoseconds, 0: none) or at ``node_limit`` nodes before finishing.
        The counters of the call are in :attr:`last`.
        """
        cx = self._context
        cx[X_NODES] = cx[X_EVALUATIONS] = cx[X_CACHE_HITS] = cx[X_SPAWNS] = 0
        cx[X_STOPPED] = 0
        cx[X_DEADLINE] = deadline_ns
        cx[X_NODE_LIMIT] = NO_LIMIT if node_limit is None else max(1, node_limit)
        cx[X_NEXT_CHECK] = min(CHECK_EVERY, int(cx[X_NODE_LIMIT]))
        search_root(cx.ctypes.data, board, depth, self._values)
        self.last = SearchCounters(
            int(cx[X_NODES]), int(cx[X_EVALUATIONS]), int(cx[X_CACHE_HITS]), int(cx[X_SPAWNS])
        )
        if cx[X_STOPPED]:
            return None
        return self._values.copy()


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the search kernels."""
    search = G2048Search(table_entries=16)
    search.values(0x1021, 2)
