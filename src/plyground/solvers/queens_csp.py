"""N-Queens as a finite-domain CSP for the game-agnostic solvers (:mod:`plyground.algorithms.csp`).

One variable per column (``0..N-1``), its domain the rows ``0..N-1``, and a
binary constraint between every pair of columns ``i < j``: the rows differ
and ``|row_i - row_j| != j - i`` (no shared diagonal). That is ``N(N-1)/2``
constraints, so the model's memory grows as ``N^2``: it is meant for the
moderate boards the generic solvers handle (see :mod:`.solve` for the caps).
"""

from __future__ import annotations

import functools

from plyground.algorithms.csp import CSP
from plyground.algorithms.csp.problem import BinaryPredicate

__all__ = ["queens_csp"]


@functools.cache
def _no_attack(distance: int) -> BinaryPredicate:
    """The constraint between two columns ``distance`` apart (symmetric in its rows)."""

    def no_attack(row_a: int, row_b: int) -> bool:
        return row_a != row_b and abs(row_a - row_b) != distance

    no_attack.__name__ = f"no_attack_{distance}"
    return no_attack


def queens_csp(size: int) -> CSP:
    """The N-Queens CSP: variable ``c`` is the row of the queen in column ``c``.

    >>> from plyground.algorithms.csp import backtracking_search
    >>> result = backtracking_search(queens_csp(4))
    >>> [result.solution[c] for c in range(4)]
    [1, 3, 0, 2]
    """
    csp = CSP({col: range(size) for col in range(size)})
    for i in range(size):
        for j in range(i + 1, size):
            csp.add_binary(i, j, _no_attack(j - i), symmetric=True)
    return csp
