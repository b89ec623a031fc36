"""Min-conflicts local search for any CSP.

Start from a complete assignment (``greedy``: each variable in turn takes the
value with the fewest conflicts with those already set; or ``random``), then
repeat: pick a conflicted variable at random and give it the value that
violates the fewest constraints, ties broken at random (so the search can
walk across plateaus). Stop at a solution, after ``max_steps`` repairs, or
when the limit runs out.

Conflict counts are kept per variable and updated incrementally when one
variable changes, so a step costs ``|domain| x degree`` constraint checks to
choose the value plus ``degree`` to update the counts. Local search cannot
prove that a problem has no solution: it reports ``"stopped"``.
"""

from __future__ import annotations

import random

from plyground.algorithms.csp.problem import CSP, Value, Variable
from plyground.algorithms.csp.result import SOLVED, STOPPED, CSPResult, CSPStats
from plyground.core.errors import SettingsError
from plyground.core.limits import Clock, Limit

__all__ = ["INITIAL_ASSIGNMENTS", "min_conflicts"]

INITIAL_ASSIGNMENTS = ("greedy", "random")
_CHECK_EVERY = 64


class _Repair:
    """The state of one min-conflicts run: assignment, conflict counts, conflicted set."""

    def __init__(self, csp: CSP, rng: random.Random, stats: CSPStats) -> None:
        self.csp = csp
        self.rng = rng
        self.stats = stats
        self.assignment: dict[Variable, Value] = {}
        self.count: dict[Variable, int] = {}
        self.conflicted: list[Variable] = []
        self._where: dict[Variable, int] = {}

    def value_conflicts(self, var: Variable, value: Value) -> int:
        """Constraints ``var = value`` would violate against the current assignment."""
        csp = self.csp
        assignment = self.assignment
        count = 0
        for y in csp.neighbours(var):
            if y in assignment:
                self.stats.checks += 1
                if not csp.compatible(var, value, y, assignment[y]):
                    count += 1
        for constraint in csp.general_constraints(var):
            if all(v == var or v in assignment for v in constraint.scope):
                self.stats.checks += 1
                values = [value if v == var else assignment[v] for v in constraint.scope]
                if not constraint.predicate(*values):
                    count += 1
        return count

    def best_values(self, var: Variable) -> list[Value]:
        """The values of ``var`` with the fewest conflicts."""
        best: list[Value] = []
        least = -1
        for value in self.csp.domains[var]:
            conflicts = self.value_conflicts(var, value)
            if least < 0 or conflicts < least:
                least, best = conflicts, [value]
            elif conflicts == least:
                best.append(value)
        return best

    def start(self, initial: str) -> None:
        """Build the initial complete assignment and its conflict counts."""
        for var in self.csp.variables:
            domain = self.csp.domains[var]
            if initial == "random":
                self.assignment[var] = self.rng.choice(domain)
            else:
                self.assignment[var] = self.rng.choice(self.best_values(var))
        for var in self.csp.variables:
            self.count[var] = 0
        for var in self.csp.variables:
            self.count[var] = self.value_conflicts(var, self.assignment[var])
            if self.count[var]:
                self._mark(var)

    def _mark(self, var: Variable) -> None:
        if var not in self._where:
            self._where[var] = len(self.conflicted)
            self.conflicted.append(var)

    def _unmark(self, var: Variable) -> None:
        index = self._where.pop(var, None)
        if index is None:
            return
        last = self.conflicted.pop()
        if last != var:
            self.conflicted[index] = last
            self._where[last] = index

    def _violations(self, var: Variable) -> tuple[dict[Variable, int], int]:
        """Violated constraints around ``var``: a count per other variable, and in all."""
        csp = self.csp
        assignment = self.assignment
        value = assignment[var]
        per_variable: dict[Variable, int] = {}
        total = 0
        for y in csp.neighbours(var):
            self.stats.checks += 1
            if not csp.compatible(var, value, y, assignment[y]):
                per_variable[y] = per_variable.get(y, 0) + 1
                total += 1
        for constraint in csp.general_constraints(var):
            self.stats.checks += 1
            if not constraint.holds(assignment):
                total += 1
                for v in constraint.scope:
                    if v != var:
                        per_variable[v] = per_variable.get(v, 0) + 1
        return per_variable, total

    def change(self, var: Variable, value: Value) -> None:
        """Set ``var = value`` and update every affected conflict count."""
        before, _ = self._violations(var)
        self.assignment[var] = value
        after, own = self._violations(var)
        for y in set(before) | set(after):
            self._set_count(y, self.count[y] + after.get(y, 0) - before.get(y, 0))
        self._set_count(var, own)

    def _set_count(self, var: Variable, count: int) -> None:
        self.count[var] = count
        if count:
            self._mark(var)
        else:
            self._unmark(var)


def min_conflicts(
    csp: CSP,
    max_steps: int = 100_000,
    initial: str = "greedy",
    seed: int | None = None,
    limit: Limit | None = None,
) -> CSPResult:
    """Search for a solution of ``csp`` by min-conflicts repairs.

    >>> csp = CSP({v: ["red", "green", "blue"] for v in "abc"})
    >>> csp.add_all_different("abc")
    >>> result = min_conflicts(csp, seed=1)
    >>> result.status, csp.is_solution(result.solution)
    ('solved', True)
    """
    if initial not in INITIAL_ASSIGNMENTS:
        raise SettingsError(
            f"unknown initial assignment {initial!r} (choose from {', '.join(INITIAL_ASSIGNMENTS)})"
        )
    if max_steps < 0:
        raise SettingsError(f"max_steps must not be negative, got {max_steps!r}")
    empty = [v for v in csp.variables if not csp.domains[v]]
    stats = CSPStats()
    limit = limit or Limit()
    clock = Clock(limit.time)
    if empty:
        stats.elapsed = clock.elapsed()
        return CSPResult(STOPPED, None, stats)
    rng = random.Random(seed)
    state = _Repair(csp, rng, stats)
    state.start(initial)
    while state.conflicted:
        if stats.steps >= max_steps or (limit.nodes is not None and stats.steps >= limit.nodes):
            break
        if stats.steps % _CHECK_EVERY == 0 and clock.expired():
            break
        var = rng.choice(state.conflicted)
        state.change(var, rng.choice(state.best_values(var)))
        stats.steps += 1
    stats.nodes = stats.steps
    stats.elapsed = clock.elapsed()
    if state.conflicted:
        return CSPResult(STOPPED, None, stats)
    return CSPResult(SOLVED, dict(state.assignment), stats)
