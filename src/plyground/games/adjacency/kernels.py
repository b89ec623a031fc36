"""Compiled (numba) kernels of the adjacency game: moves, flips, evaluation, perft.

The kernels work on two int64 bitboards *relative to the side to move*:
``own`` (the mover's marks) and ``theirs``; bit ``row * size + col`` is a
cell as in :mod:`~plyground.games.adjacency.rules` (a1 is bit 0). An 8x8
board with h8 set has bit 63 set, so masks go in through
:func:`~plyground.core.jit.as_int64`.

Board constants and evaluation weights live in one int64 *context block*
(:func:`new_context`), passed to every kernel by its address: recursive
kernels then take only integers, which keeps numba's reference counting out
of the inner loop. Layout (word indices): the geometry in ``G_*``, the
neighbour masks from :data:`G_NEIGHBOURS`, the four weights (stored as
float64) in ``W_*``; the searches (:mod:`~plyground.games.adjacency.search`,
:mod:`~plyground.games.adjacency.exact`) append their own words from
:data:`HEADER_WORDS`.

Contract of :func:`evaluate`: for the same weights it returns exactly the
float that :meth:`AdjacencyEvaluator.evaluate
<plyground.games.adjacency.evaluation.AdjacencyEvaluator.evaluate>` returns,
bit for bit: the same integer features, combined by the same float64
operations in the same order (numba does not contract or reorder float
operations unless ``fastmath`` is on, and it is off here). The tests check
it on random positions of every size.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from plyground.core.jit import (
    as_int64,
    load_float,
    load_int,
    popcount,
    store_int,
    trailing_zeros,
    wrap64,
)
from plyground.core.warming import warming
from plyground.games.adjacency import bits
from plyground.games.adjacency.evaluation import AdjacencyWeights
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, geometry

__all__ = [
    "HEADER_WORDS",
    "best_gain",
    "best_gain_cell",
    "evaluate",
    "evaluate_state",
    "gain_group",
    "gain_masks",
    "moves_by_gain",
    "new_context",
    "ordered_moves",
    "perft",
    "perft_state",
    "play",
    "play_state",
    "relative_masks",
    "set_weights",
    "warm_up",
]

# -- context block layout (int64 words) ------------------------------------------
G_SIZE = 0
G_FULL = 1
G_NOT_A = 2
"""Every cell except column a: where a mask shifted one column right may land."""
G_NOT_LAST = 3
"""Every cell except the last column: where a mask shifted one column left may land."""
G_DOWN_KEEP = 4
"""The board without its top row: masks a (sign-extending) shift one row down."""
G_NEIGHBOURS = 8
"""64 words: the orthogonal neighbours of each cell."""
W_GAIN = 72
W_THREAT = 73
W_EXPOSURE = 74
W_TEMPO = 75
P_WEIGHTS = 76
"""Address of the learned evaluation's weight tables (:mod:`~plyground.games.adjacency.patterns`);
0: the playing search evaluates with the hand-written :func:`evaluate`."""
P_INDEX = 77
"""Address of the learned evaluation's index tables (with :data:`P_WEIGHTS`)."""
HEADER_WORDS = 80
"""Words used by this module; the search's words start here."""


def new_context(size: int, weights: AdjacencyWeights | None = None, words: int = 0) -> np.ndarray:
    """A context block for a ``size`` x ``size`` board with evaluation ``weights``.

    ``words`` (at least :data:`HEADER_WORDS`) sizes the block for callers
    that append their own fields.
    """
    g = geometry(size)
    full = g.full
    col_a = sum(1 << (row * size) for row in range(size))
    block = np.zeros(max(words, HEADER_WORDS), dtype=np.int64)
    block[G_SIZE] = size
    block[G_FULL] = as_int64(full)
    block[G_NOT_A] = as_int64(full & ~col_a)
    block[G_NOT_LAST] = as_int64(full & ~(col_a << (size - 1)))
    block[G_DOWN_KEEP] = as_int64(full >> size)
    for cell, mask in enumerate(g.neighbours):
        block[G_NEIGHBOURS + cell] = as_int64(mask)
    set_weights(block, weights or AdjacencyWeights())
    return block


def set_weights(block: np.ndarray, weights: AdjacencyWeights) -> None:
    """Write the evaluation weights into a context block (as float64)."""
    as_float = block.view(np.float64)
    as_float[W_GAIN] = float(weights.gain)
    as_float[W_THREAT] = float(weights.threat)
    as_float[W_EXPOSURE] = float(weights.exposure)
    as_float[W_TEMPO] = float(weights.tempo)


# -- bit tricks ---------------------------------------------------------------------
_bit_sliced_sum = njit(cache=True)(bits.bit_sliced_sum)
"""``(ones, twos, fours)`` of four masks: :func:`bits.bit_sliced_sum
<plyground.games.adjacency.bits.bit_sliced_sum>`, compiled."""

gain_group = njit(cache=True)(bits.gain_group)
"""The cells flipping exactly ``gain`` marks (1-4): :func:`bits.gain_group
<plyground.games.adjacency.bits.gain_group>`, compiled. The one decoding of the
bit-sliced counts: every kernel walks the groups from 4 down to 1."""


@njit(cache=True)
def gain_masks(cx: int, theirs: int, empty: int) -> tuple[int, int, int]:
    """``(ones, twos, fours)``: flip counts over ``empty``, as ``bits.gain_masks``."""
    size = load_int(cx, G_SIZE)
    return _bit_sliced_sum(
        (wrap64(theirs << size) & load_int(cx, G_FULL)) & empty,
        ((theirs >> size) & load_int(cx, G_DOWN_KEEP)) & empty,
        (wrap64(theirs << 1) & load_int(cx, G_NOT_A)) & empty,
        ((theirs >> 1) & load_int(cx, G_NOT_LAST)) & empty,
    )


@njit(cache=True)
def best_gain(cx: int, theirs: int, empty: int) -> int:
    """The most marks one move can flip (0 to 4)."""
    ones, twos, fours = gain_masks(cx, theirs, empty)
    for gain in range(4, 0, -1):
        if gain_group(gain, ones, twos, fours) != 0:
            return gain
    return 0


@njit(cache=True)
def best_gain_cell(cx: int, theirs: int, empty: int) -> int:
    """The lowest cell among those flipping the most marks (the best last move)."""
    ones, twos, fours = gain_masks(cx, theirs, empty)
    for gain in range(4, 0, -1):
        group = gain_group(gain, ones, twos, fours)
        if group != 0:
            return trailing_zeros(group)
    return trailing_zeros(empty)


@njit(cache=True)
def neighbourhood(cx: int, mask: int) -> int:
    """Every cell orthogonally adjacent to a cell of ``mask``."""
    size = load_int(cx, G_SIZE)
    return (
        (wrap64(mask << size) & load_int(cx, G_FULL))
        | ((mask >> size) & load_int(cx, G_DOWN_KEEP))
        | (wrap64(mask << 1) & load_int(cx, G_NOT_A))
        | ((mask >> 1) & load_int(cx, G_NOT_LAST))
    )


@njit(cache=True)
def play(cx: int, own: int, theirs: int, cell: int) -> tuple[int, int]:
    """The mover's and the opponent's masks after the mover plays empty ``cell``."""
    child_own, child_theirs, _ = child(cx, own, theirs, cell)
    return child_theirs, child_own


@njit(cache=True, inline="always")
def child(cx: int, own: int, theirs: int, cell: int) -> tuple[int, int, int]:
    """The position after the mover plays empty ``cell``, from the next mover's side (the
    opponent's masks first, as a search's child), and the marks the move flipped."""
    flips = load_int(cx, G_NEIGHBOURS + cell) & theirs
    return theirs ^ flips, own | wrap64(1 << cell) | flips, flips


@njit(cache=True)
def _append_cells(out: int, count: int, mask: int) -> int:
    while mask != 0:
        store_int(out, count, trailing_zeros(mask))
        count += 1
        mask = wrap64(mask & (mask - 1))
    return count


@njit(cache=True)
def ordered_moves(cx: int, own: int, theirs: int, out: int) -> int:
    """Write every empty cell, most flips first (index order within a gain), to buffer ``out``.

    Returns how many were written. The order is ``bits.cells_by_gain``'s.
    """
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    ones, twos, fours = gain_masks(cx, theirs, empty)
    count = 0
    for gain in range(4, 0, -1):
        count = _append_cells(out, count, gain_group(gain, ones, twos, fours))
    return _append_cells(out, count, empty & ~(ones | twos | fours))


# -- evaluation ----------------------------------------------------------------------
@njit(cache=True)
def evaluate(cx: int, own: int, theirs: int, plies_left: int) -> float:
    """The evaluation of a non-terminal position for the mover (the reference's exact float)."""
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    material = popcount(own) - popcount(theirs)
    my_gain = best_gain(cx, theirs, empty)
    if plies_left == 1:
        return float(material + 1 + 2 * my_gain)
    their_gain = best_gain(cx, own, empty)
    near_empty = neighbourhood(cx, empty)
    exposed = popcount(own & near_empty) - popcount(theirs & near_empty)
    return (
        material
        + load_float(cx, W_TEMPO)
        + load_float(cx, W_GAIN) * my_gain
        - load_float(cx, W_THREAT) * their_gain
        - load_float(cx, W_EXPOSURE) * exposed
    )


# -- perft ---------------------------------------------------------------------------
@njit(cache=True)
def perft(  # noqa: PLR0917 - kernels take positional integers
    cx: int, own: int, theirs: int, plies_left: int, depth: int, out: int
) -> None:
    """Count the leaves ``depth`` plies down and sum their material for the root mover.

    A leaf is a position ``depth`` plies below, or a finished game met
    earlier. Writes the count to ``out[0]`` and adds the sum of
    ``own - theirs`` (root mover's view) to ``out[1]``. One ply above the
    leaves it counts in bulk: the children's material is
    ``material + 1 + 2 * flips`` and the flips of all moves add up from the
    gain masks' bit counts.
    """
    empty = load_int(cx, G_FULL) & ~(own | theirs)
    material = popcount(own) - popcount(theirs)
    if depth == 0 or plies_left == 0 or empty == 0:
        store_int(out, 0, load_int(out, 0) + 1)
        store_int(out, 1, load_int(out, 1) + material)
        return
    if depth == 1:
        ones, twos, fours = gain_masks(cx, theirs, empty)
        moves = popcount(empty)
        flips = popcount(ones) + 2 * popcount(twos) + 4 * popcount(fours)
        store_int(out, 0, load_int(out, 0) + moves)
        store_int(out, 1, load_int(out, 1) + moves * (material + 1) + 2 * flips)
        return
    remaining = empty
    while remaining != 0:
        cell = trailing_zeros(remaining)
        remaining = wrap64(remaining & (remaining - 1))
        new_own, new_theirs = play(cx, own, theirs, cell)
        # The child's sums are for the child's mover: negate them back.
        before = load_int(out, 1)
        store_int(out, 1, 0)
        perft(cx, new_theirs, new_own, plies_left - 1, depth - 1, out)
        store_int(out, 1, before - load_int(out, 1))


# -- Python-side helpers ----------------------------------------------------------------
def relative_masks(state: AdjacencyState) -> tuple[int, int]:
    """``(own, theirs)`` of a state as int64 values ready for the kernels."""
    own, theirs = (state.x, state.o) if state.side == 0 else (state.o, state.x)
    return as_int64(own), as_int64(theirs)


def evaluate_state(state: AdjacencyState, weights: AdjacencyWeights | None = None) -> float:
    """The kernel evaluation of a non-terminal state (for tests and tools)."""
    block = new_context(state.size, weights)
    own, theirs = relative_masks(state)
    return float(evaluate(block.ctypes.data, own, theirs, state.plies_left))


def perft_state(state: AdjacencyState, depth: int) -> tuple[int, int]:
    """``(leaves, sum of X - O over the leaves)`` ``depth`` plies below ``state``."""
    block = new_context(state.size)
    own, theirs = relative_masks(state)
    out = np.zeros(2, dtype=np.int64)
    perft(block.ctypes.data, own, theirs, state.plies_left, depth, out.ctypes.data)
    leaves, total = int(out[0]), int(out[1])
    return leaves, total if state.side == 0 else -total


def moves_by_gain(state: AdjacencyState) -> list[int]:
    """The kernel's move order for a state: most flips first (empty if the game is over)."""
    if state.is_terminal():
        return []
    block = new_context(state.size)
    own, theirs = relative_masks(state)
    out = np.zeros(64, dtype=np.int64)
    count = ordered_moves(block.ctypes.data, own, theirs, out.ctypes.data)
    return [int(cell) for cell in out[:count]]


def play_state(state: AdjacencyState, cell: int) -> AdjacencyState:
    """The state after the mover plays empty ``cell``, computed by the kernel."""
    block = new_context(state.size)
    own, theirs = relative_masks(state)
    new_own, new_theirs = play(block.ctypes.data, own, theirs, cell)
    mask = geometry(state.size).full
    new_own &= mask
    new_theirs &= mask
    x, o = (new_own, new_theirs) if state.side == 0 else (new_theirs, new_own)
    return AdjacencyState(state.game, x, o, 1 - state.side, state.plies_left - 1)


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) every kernel of this module."""
    state = AdjacencyGame(size=4, rounds=2).initial_state()
    evaluate_state(state)
    perft_state(state, 2)
    moves_by_gain(state)
    play_state(state, 2)
