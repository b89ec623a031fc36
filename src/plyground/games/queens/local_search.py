"""Min-conflicts for very large N-Queens boards: O(N) memory, numba.

The generic :func:`plyground.algorithms.csp.min_conflicts` works on any CSP
but keeps the N-Queens model's ``N(N-1)/2`` binary constraints and counts a
value's conflicts by checking every other column: fine for a few hundred
queens, hopeless for a million. This specialised version keeps one array of
rows and three arrays of counters (queens per row, per rising and per falling
diagonal), so a value's conflicts cost three reads:

1. **Greedy start.** Columns are filled left to right with rows drawn at
   random from the rows not used yet (so no two queens share a row); a drawn
   row is kept as soon as both its diagonals are free, and after a bounded
   number of draws the last one is kept anyway. Only a few dozen queens
   conflict at the end, whatever N.
2. **Repair.** Pick a conflicted queen at random; move it to the row of its
   column with the fewest conflicts (ties at random); repeat. The list of
   conflicted queens is rebuilt by a linear scan when it runs dry, and the
   search ends when the scan finds none. The list is also rebuilt every
   32 repairs: a moved queen may land on a square attacked by queens that
   were not conflicted before, and they must be allowed to move too, or the
   search can circle among a few queens stuck in a local minimum.

Each repair scans the N rows of one column, so a run is about
``N x (number of repairs)`` operations. Results are checked independently by
:func:`verify`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.errors import SettingsError
from plyground.core.warming import warming

__all__ = ["LocalSearchResult", "min_conflicts_queens", "verify", "warm_up"]

_GREEDY_DRAWS = 64
_RESCAN_EVERY = 32


@njit(cache=True)
def _conflicts(
    col: int,
    row: int,
    row_count: npt.NDArray[np.int32],
    rising: npt.NDArray[np.int32],
    falling: npt.NDArray[np.int32],
) -> int:
    """Queens on square (col, row)'s row and diagonals (a queen standing there counts thrice)."""
    size = row_count.shape[0]
    return int(row_count[row] + rising[row - col + size - 1] + falling[row + col])


@njit(cache=True)
def _solve(  # noqa: PLR0912, PLR0915 - one compiled loop; helpers would cost calls per step
    size: int, seed: int, max_steps: int, draws: int, rows: npt.NDArray[np.int64]
) -> tuple[int, int]:
    """Fill ``rows`` with a solution; returns (repairs used or -1 on failure, initial conflicts)."""
    np.random.seed(seed)
    row_count = np.zeros(size, np.int32)
    rising = np.zeros(2 * size - 1, np.int32)
    falling = np.zeros(2 * size - 1, np.int32)
    unused = np.arange(size)
    left = size
    for col in range(size):
        pick = 0
        for _ in range(draws):
            pick = np.random.randint(0, left)
            row = unused[pick]
            if rising[row - col + size - 1] == 0 and falling[row + col] == 0:
                break
        row = unused[pick]
        unused[pick] = unused[left - 1]
        left -= 1
        rows[col] = row
        row_count[row] += 1
        rising[row - col + size - 1] += 1
        falling[row + col] += 1
    conflicted = np.empty(size, np.int64)
    initial = -1
    steps = 0
    while True:
        count = 0
        for col in range(size):
            row = rows[col]
            if _conflicts(col, row, row_count, rising, falling) > 3:
                conflicted[count] = col
                count += 1
        if initial < 0:
            initial = count
        if count == 0:
            return steps, initial
        since_scan = 0
        while count > 0 and since_scan < _RESCAN_EVERY:
            index = np.random.randint(0, count)
            col = conflicted[index]
            row = rows[col]
            if _conflicts(col, row, row_count, rising, falling) == 3:
                count -= 1
                conflicted[index] = conflicted[count]
                continue
            if steps >= max_steps:
                return -1, initial
            row_count[row] -= 1
            rising[row - col + size - 1] -= 1
            falling[row + col] -= 1
            best = 1 << 30
            ties = 0
            choice = row
            for candidate in range(size):
                value = _conflicts(col, candidate, row_count, rising, falling)
                if value < best:
                    best = value
                    ties = 1
                    choice = candidate
                elif value == best:
                    ties += 1
                    if np.random.randint(0, ties) == 0:
                        choice = candidate
            rows[col] = choice
            row_count[choice] += 1
            rising[choice - col + size - 1] += 1
            falling[choice + col] += 1
            steps += 1
            since_scan += 1


@dataclass(frozen=True)
class LocalSearchResult:
    """A run of :func:`min_conflicts_queens`: the rows (or None) and what it took."""

    rows: npt.NDArray[np.int64] | None
    steps: int
    restarts: int
    initial_conflicts: int
    elapsed: float

    @property
    def solved(self) -> bool:
        """True when a solution was found."""
        return self.rows is not None


def verify(rows: npt.NDArray[np.int64], size: int) -> bool:
    """True when ``rows`` is a solution of ``size``-Queens (vectorised, O(N))."""
    rows = np.asarray(rows, dtype=np.int64)
    if rows.shape != (size,) or size == 0:
        return False
    if rows.min() < 0 or rows.max() >= size:
        return False
    cols = np.arange(size, dtype=np.int64)
    return all(
        np.bincount(values, minlength=1).max() == 1
        for values in (rows, rows - cols + size - 1, rows + cols)
    )


def min_conflicts_queens(
    size: int,
    seed: int = 0,
    max_steps: int | None = None,
    restarts: int = 10,
) -> LocalSearchResult:
    """A solution of ``size``-Queens by greedy start and min-conflicts repair.

    ``max_steps`` bounds the repairs of one attempt (default ``max(1000, size)``);
    a failed attempt restarts with the next seed, at most ``restarts`` times.
    N = 2 and 3 have no solution: every attempt fails and ``rows`` is None.

    >>> result = min_conflicts_queens(1000, seed=1)
    >>> result.solved and verify(result.rows, 1000)
    True
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise SettingsError(f"N must be a positive integer, got {size!r}")
    if restarts < 0:
        raise SettingsError(f"restarts must not be negative, got {restarts!r}")
    budget = max(1000, size) if max_steps is None else max_steps
    start = time.perf_counter()
    rows = np.empty(size, np.int64)
    total_steps = 0
    initial = 0
    for attempt in range(restarts + 1):
        steps, initial = _solve(size, seed + attempt, budget, _GREEDY_DRAWS, rows)
        if steps >= 0:
            total_steps += steps
            return LocalSearchResult(
                rows, total_steps, attempt, int(initial), time.perf_counter() - start
            )
        total_steps += budget
    return LocalSearchResult(None, total_steps, restarts, int(initial), time.perf_counter() - start)


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the min-conflicts kernels."""
    min_conflicts_queens(8, seed=0)
