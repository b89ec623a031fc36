"""Solving N-Queens by name: the methods the CLI offers, with their size caps.

* ``backtracking``: the generic CSP backtracking on :func:`queens_csp`, with
  MRV and degree ordering and forward checking (``lcv=True`` adds
  least-constraining-value ordering, which saves nodes but costs more checks
  than it saves on this problem);
* ``mac``: the same with maintaining arc consistency instead of forward
  checking;
* ``min-conflicts``: the generic CSP min-conflicts for N up to
  :data:`GENERIC_MIN_CONFLICTS_MAX`; above it, the specialised O(N)-memory
  version of :mod:`plyground.games.queens.local_search` (the generic model holds ``N(N-1)/2``
  constraints and checks every column per value).

Counting all solutions is :func:`plyground.games.queens.counting.count_solutions`.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass

from plyground.algorithms.csp import (
    SOLVED,
    STOPPED,
    BacktrackingSolver,
    CSPStats,
    min_conflicts,
)
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit
from plyground.games.queens.local_search import min_conflicts_queens
from plyground.games.queens.rules import MAX_SIZE
from plyground.solvers.queens_csp import queens_csp

__all__ = [
    "BACKTRACKING_MAX",
    "GENERIC_MIN_CONFLICTS_MAX",
    "MAC_MAX",
    "METHODS",
    "QueensSolution",
    "solve_queens",
]

METHODS = ("backtracking", "mac", "min-conflicts")
BACKTRACKING_MAX = 300
"""Largest N for ``backtracking`` (the model's N^2/2 constraints, and recursion depth N)."""
MAC_MAX = 100
"""Largest N for ``mac`` (each node re-checks up to N^2 arcs)."""
GENERIC_MIN_CONFLICTS_MAX = 200
"""Above this N, ``min-conflicts`` uses the specialised O(N) solver."""


@dataclass(frozen=True)
class QueensSolution:
    """The answer of :func:`solve_queens`: 0-based rows (None if not found) and statistics."""

    size: int
    method: str
    solver: str
    status: str
    rows: tuple[int, ...] | None
    stats: CSPStats


def solve_queens(
    size: int,
    method: str = "backtracking",
    seed: int = 0,
    time_limit: float | None = None,
    lcv: bool = False,
    *,
    fixed: Sequence[int] = (),
) -> QueensSolution:
    """One solution of ``size``-Queens by ``method`` (see :data:`METHODS`).

    ``fixed`` keeps queens already placed: the 0-based rows of the first
    ``len(fixed)`` columns (the generic CSP solvers only; their domains
    shrink to those rows, so a placement that no solution extends ends
    ``unsatisfiable`` for backtracking and mac, ``stopped`` for min-conflicts).

    Raises SettingsError for an unknown method or an N the method cannot handle.

    >>> solve_queens(4).rows
    (1, 3, 0, 2)
    >>> solve_queens(4, fixed=(2,)).rows
    (2, 0, 3, 1)
    """
    if method not in METHODS:
        raise SettingsError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
        raise SettingsError(f"N must be an integer from 1 to {MAX_SIZE}, got {size!r}")
    caps = {"backtracking": BACKTRACKING_MAX, "mac": MAC_MAX}
    if method in caps and size > caps[method]:
        raise SettingsError(
            f"N = {size} is too large for {method} (at most {caps[method]}): "
            f"use --method min-conflicts"
        )
    if len(fixed) > size or not all(
        isinstance(row, int) and not isinstance(row, bool) and 0 <= row < size for row in fixed
    ):
        raise SettingsError(f"fixed rows must be 0 to {size - 1}, at most {size}, got {fixed!r}")
    limit = Limit(time=time_limit)
    if method == "min-conflicts" and size > GENERIC_MIN_CONFLICTS_MAX:
        if fixed:
            raise SettingsError(
                f"N = {size}: the specialised min-conflicts solver cannot keep placed queens"
            )
        min_conflicts_queens(8)  # load the compiled kernel before the clock starts
        local = min_conflicts_queens(size, seed=seed)
        stats = CSPStats(nodes=local.steps, steps=local.steps, elapsed=local.elapsed)
        rows = None if local.rows is None else tuple(int(r) for r in local.rows)
        status = SOLVED if rows is not None else STOPPED
        return QueensSolution(
            size, method, "min-conflicts (queens-specialised, O(N))", status, rows, stats
        )
    csp = queens_csp(size)
    for col, row in enumerate(fixed):
        csp.add_constraint([col], functools.partial(operator.eq, row), f"fixed {col}")
    if method == "min-conflicts":
        max_steps = max(1000, 20 * size)
        result = min_conflicts(csp, max_steps=max_steps, seed=seed, limit=limit)
        solver = "min-conflicts (generic CSP, greedy start)"
    else:
        inference = "mac" if method == "mac" else "forward-checking"
        value_order = "lcv" if lcv else "domain"
        result = BacktrackingSolver(csp, "mrv+degree", value_order, inference, limit).solve()
        solver = f"backtracking (generic CSP: mrv+degree, {value_order} order, {inference})"
    rows = None if result.solution is None else tuple(result.solution[c] for c in range(size))
    return QueensSolution(size, method, solver, result.status, rows, result.stats)
