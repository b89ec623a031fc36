"""2048's random tiles in compiled code, drawn from a one-word generator
(:mod:`plyground.core.jit_random`): a tile in a random empty cell, a 2 nine times in ten,
else a 4, as the rules spawn them (:func:`plyground.games.g2048.rules.spawn_outcome`).
"""

from __future__ import annotations

from numba import njit

from plyground.core.jit import load_int, popcount, store_int, trailing_zeros
from plyground.core.jit_random import next_random
from plyground.games.g2048.kernel import empty_cells

__all__ = ["play_start", "spawn"]


@njit(cache=True, nogil=True, inline="always")
def spawn(board: int, rng: int) -> int:  # pragma: no cover - compiled
    """``board`` with a random tile in a random empty cell (a 2 nine times in ten, else a 4);
    ``rng`` is the address of the generator's state (one int64 word, advanced)."""
    free = empty_cells(board)
    count = popcount(free)
    if count == 0:
        return board
    state, value = next_random(load_int(rng, 0))
    state, tile = next_random(state)
    store_int(rng, 0, state)
    pick = value % count
    for _ in range(pick):
        free &= free - 1
    exponent = 2 if tile % 10 == 0 else 1
    return board | (exponent << trailing_zeros(free))


@njit(cache=True, nogil=True)
def play_start(rng: int) -> int:  # pragma: no cover - compiled
    """A new game's board: two random tiles."""
    return spawn(spawn(0, rng), rng)
