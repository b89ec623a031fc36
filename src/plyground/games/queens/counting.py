"""Counting every solution of N-Queens: a numba bitmask kernel and a plain-Python reference.

The kernel places queens row by row. Three bitmasks hold the columns and the
two diagonal directions already attacked; the free squares of the next row
are ``full & ~(columns | left | right)``, the lowest one is taken with
``free & -free``, and moving to the next row shifts the diagonal masks one
step each way. An explicit stack replaces recursion.

Symmetry: reflecting a solution left-right gives another solution, and for
N > 1 never the same one (a solution equal to its mirror image would have
every queen on the centre column). So the kernel counts the solutions whose
first-row queen is in the left half and doubles them; on an odd board, those
with the first-row queen on the centre column are counted by the same trick
one row down (the second-row queen in the left half, doubled).

The reference (:func:`count_solutions_reference`) is the textbook column-by-
column backtracking over sets, without symmetry, so the two share no code.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from plyground.core.errors import SettingsError
from plyground.core.warming import warming

__all__ = ["MAX_COUNT_SIZE", "count_solutions", "count_solutions_reference", "warm_up"]

MAX_COUNT_SIZE = 30
"""The largest N the kernel accepts (its masks are 64-bit; N = 30 would take years anyway)."""


@njit(cache=True)
def _count_below(size: int, columns: int, left: int, right: int, first_row: int) -> int:
    """Solutions completing queens already placed in rows ``< first_row``.

    ``columns`` holds the attacked columns, ``left`` and ``right`` the squares
    of row ``first_row`` attacked along each diagonal direction.
    """
    full = (1 << size) - 1
    if first_row == size:
        return 1
    depth_count = size - first_row
    col_stack = np.zeros(depth_count, np.int64)
    left_stack = np.zeros(depth_count, np.int64)
    right_stack = np.zeros(depth_count, np.int64)
    free_stack = np.zeros(depth_count, np.int64)
    col_stack[0] = columns
    left_stack[0] = left
    right_stack[0] = right
    free_stack[0] = full & ~(columns | left | right)
    last = depth_count - 1
    depth = 0
    count = 0
    while depth >= 0:
        free = free_stack[depth]
        if free == 0:
            depth -= 1
            continue
        bit = free & -free
        free_stack[depth] = free ^ bit
        if depth == last:
            count += 1
            continue
        new_columns = col_stack[depth] | bit
        new_left = ((left_stack[depth] | bit) << 1) & full
        new_right = (right_stack[depth] | bit) >> 1
        depth += 1
        col_stack[depth] = new_columns
        left_stack[depth] = new_left
        right_stack[depth] = new_right
        free_stack[depth] = full & ~(new_columns | new_left | new_right)
    return count


@njit(cache=True)
def _count_with_mirror(size: int) -> int:
    """All solutions of ``size``-Queens, using the left-right mirror symmetry."""
    if size == 1:
        return 1
    total = 0
    half = size // 2
    for col in range(half):
        bit = 1 << col
        total += 2 * _count_below(size, bit, bit << 1, bit >> 1, 1)
    if size % 2 == 1:
        # First queen in the centre column: mirror the second row's queen instead.
        centre = 1 << half
        row1_free = ((1 << size) - 1) & ~(centre | (centre << 1) | (centre >> 1))
        while row1_free:
            bit = row1_free & -row1_free
            row1_free ^= bit
            if bit > centre:
                continue  # the mirror image of a solution counted below
            columns = centre | bit
            left = (((centre << 1) | bit) << 1) & ((1 << size) - 1)
            right = ((centre >> 1) | bit) >> 1
            total += 2 * _count_below(size, columns, left, right, 2)
    return total


def _check_size(size: int, maximum: int) -> int:
    if isinstance(size, bool) or not isinstance(size, int | np.integer):
        raise SettingsError(f"N must be an integer, got {size!r}")
    if not 1 <= size <= maximum:
        raise SettingsError(f"N must be 1 to {maximum} for counting, got {size}")
    return int(size)


def count_solutions(size: int) -> int:
    """The number of solutions of ``size``-Queens (numba kernel, mirror symmetry).

    >>> [count_solutions(n) for n in range(1, 9)]
    [1, 0, 0, 2, 10, 4, 40, 92]
    """
    return int(_count_with_mirror(_check_size(size, MAX_COUNT_SIZE)))


def count_solutions_reference(size: int) -> int:
    """The number of solutions by plain backtracking over sets (slow; the truth for tests).

    >>> count_solutions_reference(6)
    4
    """
    size = _check_size(size, MAX_COUNT_SIZE)
    rows: set[int] = set()
    rising: set[int] = set()
    falling: set[int] = set()

    def place(col: int) -> int:
        if col == size:
            return 1
        found = 0
        for row in range(size):
            if row in rows or row - col in rising or row + col in falling:
                continue
            rows.add(row)
            rising.add(row - col)
            falling.add(row + col)
            found += place(col + 1)
            rows.remove(row)
            rising.remove(row - col)
            falling.remove(row + col)
        return found

    return place(0)


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the counting kernel."""
    count_solutions(4)
