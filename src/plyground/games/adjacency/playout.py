"""Fast playouts of the adjacency game for MCTS: a numba kernel over the bitboards.

:class:`AdjacencyPlayouts` is what the game hands the game-agnostic
:class:`~plyground.algorithms.search.mcts.MCTS` (it meets
:class:`~plyground.algorithms.search.playouts.Playouts`): one call plays a
whole playout inside :func:`kernel_playout`, with no Python per ply.

The policy is the reference one of
:class:`~plyground.algorithms.search.playouts.RandomPlayouts` with the
adjacency evaluator: **uniform** picks a uniformly random empty cell;
**guided** plays, with probability ``1 - epsilon``, the first cell of the
evaluator's order (most flips, lowest index among equals) and otherwise a
uniform one.

The random stream is SplitMix64, the same in the kernel and in
:func:`reference_playout`, the readable version over the reference rules,
so for the same seed both make the same choices and stop at the same
position (the tests check it). From a draw ``r`` (64 bits): a uniform choice
among ``count`` cells takes the ``((r >> 32) * count) >> 32``-th empty cell
in index order; a guided ply explores when ``r >> 11`` is below
``epsilon * 2**53`` and then draws again for the uniform choice.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.game import State
from plyground.core.jit import load_int, nth_set_bit, popcount
from plyground.core.warming import warming
from plyground.games.adjacency.bits import cells_by_gain
from plyground.games.adjacency.kernels import (
    G_FULL,
    best_gain_cell,
    new_context,
    play,
    relative_masks,
)
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState

__all__ = [
    "AdjacencyPlayouts",
    "explore_threshold",
    "kernel_playout",
    "next_random",
    "playout_many",
    "reference_playout",
    "warm_up",
]

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


# -- the reference ---------------------------------------------------------------
def next_random(seed: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(new seed, 64-bit draw)``.

    >>> next_random(0)[1] == 0xE220A8397B1DCDAF
    True
    """
    seed = (seed + _GOLDEN) & _MASK64
    z = seed
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return seed, z ^ (z >> 31)


def explore_threshold(epsilon: float) -> int:
    """A guided ply explores when its draw's top 53 bits are below this."""
    if not 0.0 <= epsilon <= 1.0:
        raise ValueError(f"epsilon must be in [0, 1], got {epsilon!r}")
    return int(epsilon * (1 << 53))


def reference_playout(
    state: AdjacencyState, seed: int, guided: bool, epsilon: float, plies: int | None
) -> tuple[AdjacencyState, int]:
    """The playout policy over the reference rules: ``(where it stopped, seed after)``."""
    threshold = explore_threshold(epsilon)
    left = -1 if plies is None else plies
    while left != 0 and not state.is_terminal():
        seed, draw = next_random(seed)
        moves = state.legal_moves()
        if guided and draw >> 11 >= threshold:
            theirs = state.o if state.side == 0 else state.x
            move = cells_by_gain(theirs, state.empty(), state.size)[0]
        else:
            if guided:
                seed, draw = next_random(seed)
            move = moves[((draw >> 32) * len(moves)) >> 32]
        state = state.play(move)
        left -= 1
    return state, seed


# -- the kernel ------------------------------------------------------------------
@njit(cache=True)
def _next(rng: npt.NDArray[np.uint64]) -> np.uint64:
    """SplitMix64 on the seed held in ``rng[0]`` (as :func:`next_random`)."""
    seed: np.uint64 = rng[0] + np.uint64(_GOLDEN)
    rng[0] = seed
    z = (seed ^ (seed >> np.uint64(30))) * np.uint64(_MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _uniform_cell(empty: int, draw: np.uint64) -> int:
    """The ``((draw >> 32) * count) >> 32``-th empty cell in index order."""
    count = np.uint64(popcount(empty))
    return nth_set_bit(empty, int(((draw >> np.uint64(32)) * count) >> np.uint64(32)))


@njit(cache=True)
def kernel_playout(  # noqa: PLR0917 - kernels take positional values
    cx: int,
    own: int,
    theirs: int,
    plies_left: int,
    max_plies: int,
    guided: bool,
    threshold: int,
    rng: npt.NDArray[np.uint64],
) -> tuple[int, int, int]:
    """Play at most ``max_plies`` plies (-1: to the end): ``(own, theirs, plies played)``.

    ``own`` and ``theirs`` are relative to the side to move, on entry and on
    return; ``rng[0]`` holds the SplitMix64 seed and is advanced.
    """
    full = load_int(cx, G_FULL)
    played = 0
    while played != max_plies and plies_left > 0:
        empty = full & ~(own | theirs)
        if empty == 0:
            break
        draw = _next(rng)
        if guided and np.int64(draw >> np.uint64(11)) >= threshold:
            cell = best_gain_cell(cx, theirs, empty)
        else:
            if guided:
                draw = _next(rng)
            cell = _uniform_cell(empty, draw)
        new_own, new_theirs = play(cx, own, theirs, cell)
        own, theirs = new_theirs, new_own
        plies_left -= 1
        played += 1
    return own, theirs, played


@njit(cache=True)
def playout_many(  # noqa: PLR0917 - kernels take positional values
    cx: int,
    own: int,
    theirs: int,
    plies_left: int,
    count: int,
    guided: bool,
    threshold: int,
    rng: npt.NDArray[np.uint64],
) -> int:
    """Play ``count`` playouts to the end from one position; the plies played in all
    (for benchmarks: the kernel's speed without a Python call per playout)."""
    total = 0
    for _ in range(count):
        total += kernel_playout(cx, own, theirs, plies_left, -1, guided, threshold, rng)[2]
    return total


# -- what the search is handed -------------------------------------------------------
class AdjacencyPlayouts:
    """Kernel playouts of the adjacency game, for :class:`~plyground.algorithms.search.mcts.MCTS`.

    ``seed`` starts the random stream (None: a fresh one). ``plies`` counts
    every ply played so far (for benchmarks).
    """

    def __init__(self, guided: bool = False, epsilon: float = 0.1, seed: int | None = None) -> None:
        self.guided = guided
        self.threshold = explore_threshold(epsilon)
        start = random.getrandbits(64) if seed is None else seed & _MASK64
        self.rng = np.array([start], dtype=np.uint64)
        self.plies = 0
        self._contexts: dict[int, np.ndarray] = {}

    def _context(self, size: int) -> np.ndarray:
        block = self._contexts.get(size)
        if block is None:
            block = self._contexts[size] = new_context(size)
        return block

    def playout(self, state: State, plies: int | None) -> AdjacencyState:
        """Play on from ``state`` (see :meth:`Playouts.playout
        <plyground.algorithms.search.playouts.Playouts.playout>`)."""
        assert isinstance(state, AdjacencyState)
        own, theirs = relative_masks(state)
        block = self._context(state.size)
        own, theirs, played = kernel_playout(
            block.ctypes.data,
            own,
            theirs,
            state.plies_left,
            -1 if plies is None else plies,
            self.guided,
            self.threshold,
            self.rng,
        )
        self.plies += played
        full = state.geometry.full
        side = state.side ^ (played & 1)
        own, theirs = own & full, theirs & full
        x, o = (own, theirs) if side == 0 else (theirs, own)
        return AdjacencyState(state.game, x, o, side, state.plies_left - played)


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the playout kernels."""
    state = AdjacencyGame(size=4, rounds=2).initial_state()
    AdjacencyPlayouts(guided=True, seed=1).playout(state, None)
    AdjacencyPlayouts(guided=False, seed=1).playout(state, 1)
    block = new_context(4)
    own, theirs = relative_masks(state)
    rng = np.array([1], dtype=np.uint64)
    playout_many(block.ctypes.data, own, theirs, state.plies_left, 1, True, 0, rng)
