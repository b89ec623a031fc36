"""2048's random tiles in compiled code, drawn from a one-word generator
(:mod:`plyground.core.jit_random`): a tile in a random empty cell, a 2 nine times in ten,
else a 4, as the rules spawn them (:func:`plyground.games.g2048.rules.spawn_outcome`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.jit import popcount, trailing_zeros
from plyground.core.jit_random import next_random
from plyground.games.g2048.kernel import empty_cells

__all__ = ["play_start", "spawn"]


@njit(cache=True, nogil=True, inline="always")
def spawn(board: int, rng: npt.NDArray[np.int64]) -> int:  # pragma: no cover - compiled
    """``board`` with a random tile in a random empty cell (a 2 nine times in ten, else a 4)."""
    free = empty_cells(board)
    count = popcount(free)
    if count == 0:
        return board
    state, value = next_random(rng[0])
    state, tile = next_random(state)
    rng[0] = state
    pick = value % count
    for _ in range(pick):
        free &= free - 1
    exponent = 2 if tile % 10 == 0 else 1
    return board | (exponent << trailing_zeros(free))


@njit(cache=True, nogil=True)
def play_start(rng: npt.NDArray[np.int64]) -> int:  # pragma: no cover - compiled
    """A new game's board: two random tiles."""
    return spawn(spawn(0, rng), rng)
