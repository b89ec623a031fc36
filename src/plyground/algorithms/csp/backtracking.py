"""Backtracking search for CSPs, with the classic heuristics and inference.

* variable order: ``static`` (declared order), ``mrv`` (minimum remaining
  values: the smallest current domain first), ``mrv+degree`` (MRV, ties
  broken by the most constraints on other unassigned variables);
* value order: ``domain`` (as declared) or ``lcv`` (least constraining value:
  the value that removes the fewest values from unassigned neighbours first);
* inference after each assignment: ``none`` (only check against the
  assigned variables), ``forward-checking`` (prune the domains of unassigned
  neighbours; fail on a wipe-out), ``mac`` (maintaining arc consistency: run
  AC-3 from the assigned variable's arcs, after an AC-3 pass at the root).

General (n-ary) constraints are checked once their scope is assigned, and
forward checking and MAC prune with one as soon as a single variable of its
scope is left unassigned. Arc consistency itself works on the binary
constraints.

Domains are lists restored from a per-node save, so each value keeps its
declared position and every run is deterministic.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from plyground.algorithms.csp.problem import CSP, Value, Variable
from plyground.algorithms.csp.result import SOLVED, STOPPED, UNSATISFIABLE, CSPResult, CSPStats
from plyground.core.errors import SettingsError
from plyground.core.limits import Clock, Limit

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "INFERENCES",
    "VALUE_ORDERS",
    "VARIABLE_ORDERS",
    "BacktrackingOptions",
    "BacktrackingSolver",
    "ac3",
    "backtracking_search",
]

VARIABLE_ORDERS = ("static", "mrv", "mrv+degree")
VALUE_ORDERS = ("domain", "lcv")
INFERENCES = ("none", "forward-checking", "mac")
_NO_VALUE = object()

Domains = dict[Variable, list[Value]]


class _LimitReachedError(Exception):
    """Raised inside the search when the clock or the node budget runs out."""


def _choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise SettingsError(f"unknown {name} {value!r} (choose from {', '.join(choices)})")
    return value


Residues = dict[tuple[Variable, Variable], dict[Value, Value]]


def _revise(
    csp: CSP,
    domains: Domains,
    x: Variable,
    y: Variable,
    *,
    stats: CSPStats,
    residues: Residues,
) -> list[Value] | None:
    """Values of ``x`` with no support in ``y``'s domain (None when there are none).

    ``residues[x, y][a]`` is the last support found for ``x = a`` in ``y`` (AC-3 with
    residual supports): when it is still in ``y``'s domain, ``a`` needs no check.
    """
    predicates = csp.binary_predicates(x, y)
    y_values = domains[y]
    y_set = set(y_values)
    residue = residues.get((x, y))
    if residue is None:
        residue = residues[x, y] = {}
    removed: list[Value] | None = None
    for a in domains[x]:
        if residue.get(a, _NO_VALUE) in y_set:
            continue
        supported = False
        for b in y_values:
            stats.checks += 1
            if all(p(a, b) for p in predicates):
                supported = True
                residue[a] = b
                break
        if not supported:
            if removed is None:
                removed = []
            removed.append(a)
    return removed


def _propagate_arcs(
    csp: CSP,
    domains: Domains,
    queue: deque[tuple[Variable, Variable]],
    stats: CSPStats,
    *,
    skip: Mapping[Variable, Any] | None = None,
    saved: dict[Variable, list[Value]] | None = None,
    residues: Residues | None = None,
) -> bool:
    """AC-3 over ``queue``; False on a wipe-out. Variables in ``skip`` are not revised."""
    if residues is None:
        residues = {}
    queued = set(queue)
    while queue:
        arc = queue.popleft()
        queued.discard(arc)
        x, y = arc
        if skip is not None and x in skip:
            continue
        removed = _revise(csp, domains, x, y, stats=stats, residues=residues)
        if removed is None:
            continue
        if saved is not None and x not in saved:
            saved[x] = domains[x]
        gone = set(removed) if len(removed) > 8 else removed
        domains[x] = [a for a in domains[x] if a not in gone]
        stats.prunings += len(removed)
        if not domains[x]:
            return False
        for z in csp.neighbours(x):
            if z != y and (z, x) not in queued and (skip is None or z not in skip):
                queue.append((z, x))
                queued.add((z, x))
    return True


def ac3(
    csp: CSP, domains: Mapping[Variable, Iterable[Value]] | None = None
) -> tuple[Domains | None, CSPStats]:
    """Make every binary arc consistent (AC-3).

    Returns the reduced domains (a copy; ``csp`` is not changed), or None when
    some domain becomes empty (the problem has no solution), with statistics.

    >>> csp = CSP({"a": [1, 2, 3], "b": [1, 2, 3]})
    >>> csp.add_binary("a", "b", lambda a, b: a < b)
    >>> ac3(csp)[0]
    {'a': [1, 2], 'b': [2, 3]}
    """
    stats = CSPStats()
    clock = Clock(None)
    source = csp.domains if domains is None else domains
    current: Domains = {v: list(source[v]) for v in csp.variables}
    ok = _propagate_arcs(csp, current, deque(csp.arcs()), stats)
    stats.elapsed = clock.elapsed()
    return (current if ok else None), stats


class BacktrackingSolver:
    """Depth-first search over partial assignments with pluggable heuristics.

    ``limit`` may bound time (seconds) and nodes; when it runs out the
    result's status is ``"stopped"``. :meth:`solutions` enumerates every
    solution; :meth:`solve` returns the first.
    """

    def __init__(
        self,
        csp: CSP,
        variable_order: str = "mrv+degree",
        value_order: str = "lcv",
        inference: str = "forward-checking",
        limit: Limit | None = None,
    ) -> None:
        self.csp = csp
        self.variable_order = _choice("variable order", variable_order, VARIABLE_ORDERS)
        self.value_order = _choice("value order", value_order, VALUE_ORDERS)
        self.inference = _choice("inference", inference, INFERENCES)
        self.limit = limit or Limit()
        self.stats = CSPStats()
        self.stopped = False
        self._related = {v: csp.related(v) for v in csp.variables}
        self._position = {v: i for i, v in enumerate(csp.variables)}
        self._domains: Domains = {}
        self._clock = Clock(None)
        self._residues: Residues = {}

    # -- public ---------------------------------------------------------------
    def solve(self) -> CSPResult:
        """The first solution found, or why there is none."""
        for solution in self.solutions():
            return CSPResult(SOLVED, solution, self.stats)
        return CSPResult(STOPPED if self.stopped else UNSATISFIABLE, None, self.stats)

    def solutions(self) -> Iterator[dict[Variable, Value]]:
        """Every solution, one at a time (statistics accumulate in ``self.stats``)."""
        self.stats = CSPStats()
        self.stopped = False
        self._clock = Clock(self.limit.time)
        self._domains = {v: list(d) for v, d in self.csp.domains.items()}
        self._residues = {}
        try:
            if self.inference == "mac":
                queue = deque(self.csp.arcs())
                ok = _propagate_arcs(
                    self.csp, self._domains, queue, self.stats, residues=self._residues
                )
                if not ok:
                    return
            if any(not d for d in self._domains.values()):
                return
            for solution in self._search({}):
                self.stats.elapsed = self._clock.elapsed()
                yield solution
        except _LimitReachedError:
            self.stopped = True
        finally:
            self.stats.elapsed = self._clock.elapsed()

    # -- search ---------------------------------------------------------------
    def _tick(self) -> None:
        # The clock is read at every value tried: a node can cost many checks.
        nodes = self.limit.nodes
        if nodes is not None and self.stats.nodes >= nodes:
            raise _LimitReachedError
        if self._clock.expired():
            raise _LimitReachedError

    def _search(self, assignment: dict[Variable, Value]) -> Iterator[dict[Variable, Value]]:
        if len(assignment) == len(self.csp.variables):
            yield dict(assignment)
            return
        var = self._select(assignment)
        for value in self._order(var, assignment):
            self._tick()
            if not self._consistent(var, value, assignment):
                continue
            self.stats.nodes += 1
            assignment[var] = value
            saved: dict[Variable, list[Value]] = {}
            found = False
            if self._infer(var, value, assignment, saved):
                for solution in self._search(assignment):
                    found = True
                    yield solution
            self._domains.update(saved)
            del assignment[var]
            if not found:
                self.stats.backtracks += 1

    def _select(self, assignment: Mapping[Variable, Value]) -> Variable:
        unassigned = [v for v in self.csp.variables if v not in assignment]
        if self.variable_order == "static":
            return unassigned[0]
        domains = self._domains
        smallest = min(len(domains[v]) for v in unassigned)
        tied = [v for v in unassigned if len(domains[v]) == smallest]
        if len(tied) == 1 or self.variable_order == "mrv":
            return tied[0]
        return max(tied, key=lambda v: sum(1 for u in self._related[v] if u not in assignment))

    def _order(self, var: Variable, assignment: Mapping[Variable, Value]) -> list[Value]:
        values = list(self._domains[var])
        if self.value_order == "domain" or len(values) < 2:
            return values
        csp = self.csp
        neighbours = [y for y in csp.neighbours(var) if y not in assignment]
        stats = self.stats

        def ruled_out(a: Value) -> int:
            count = 0
            for y in neighbours:
                predicates = csp.binary_predicates(var, y)
                for b in self._domains[y]:
                    stats.checks += 1
                    if not all(p(a, b) for p in predicates):
                        count += 1
            return count

        return sorted(values, key=ruled_out)

    def _consistent(
        self, var: Variable, value: Value, assignment: Mapping[Variable, Value]
    ) -> bool:
        csp = self.csp
        if self.inference == "none":
            for y in csp.neighbours(var):
                if y in assignment:
                    self.stats.checks += 1
                    if not csp.compatible(var, value, y, assignment[y]):
                        return False
        for constraint in csp.general_constraints(var):
            if all(v == var or v in assignment for v in constraint.scope):
                self.stats.checks += 1
                values = [value if v == var else assignment[v] for v in constraint.scope]
                if not constraint.predicate(*values):
                    return False
        return True

    def _narrow(
        self,
        y: Variable,
        kept: list[Value],
        saved: dict[Variable, list[Value]],
        changed: list[Variable],
    ) -> bool:
        """Narrow ``y``'s domain to ``kept`` (each of its values was one check), saving the
        old domain and noting ``y`` as changed when values went; False on a wipe-out."""
        domain = self._domains[y]
        self.stats.checks += len(domain)
        if len(kept) == len(domain):
            return True
        self.stats.prunings += len(domain) - len(kept)
        if y not in saved:
            saved[y] = domain
        self._domains[y] = kept
        changed.append(y)
        return bool(kept)

    def _infer(
        self,
        var: Variable,
        value: Value,
        assignment: Mapping[Variable, Value],
        saved: dict[Variable, list[Value]],
    ) -> bool:
        """Prune after ``var = value``; False on a wipe-out. Old domains go to ``saved``."""
        if self.inference == "none":
            return True
        csp = self.csp
        domains = self._domains
        saved[var] = domains[var]
        domains[var] = [value]
        changed: list[Variable] = []
        for y in csp.neighbours(var):
            if y in assignment:
                continue
            predicates = csp.binary_predicates(y, var)
            kept = [b for b in domains[y] if all(p(b, value) for p in predicates)]
            if not self._narrow(y, kept, saved, changed):
                return False
        for constraint in csp.general_constraints(var):
            open_vars = [v for v in constraint.scope if v not in assignment]
            if len(open_vars) != 1:
                continue
            (y,) = open_vars
            kept = [
                b
                for b in domains[y]
                if constraint.predicate(*(b if v == y else assignment[v] for v in constraint.scope))
            ]
            if not self._narrow(y, kept, saved, changed):
                return False
        if self.inference != "mac":
            return True
        queue: deque[tuple[Variable, Variable]] = deque()
        for y in changed:
            for z in csp.neighbours(y):
                if z not in assignment and z != y:
                    queue.append((z, y))
        return _propagate_arcs(
            csp, domains, queue, self.stats, skip=assignment, saved=saved, residues=self._residues
        )


class BacktrackingOptions(TypedDict, total=False):
    """The options of :class:`BacktrackingSolver`, by keyword (its defaults where left out)."""

    variable_order: str
    value_order: str
    inference: str
    limit: Limit | None


def backtracking_search(csp: CSP, **options: Unpack[BacktrackingOptions]) -> CSPResult:
    """Solve ``csp`` by backtracking: :class:`BacktrackingSolver`'s first solution, with its
    options.

    >>> csp = CSP({v: ["red", "green"] for v in "abc"})
    >>> csp.add_all_different("ab")
    >>> csp.add_all_different("bc")
    >>> backtracking_search(csp).solution  # b first: it has the most constraints (degree)
    {'b': 'red', 'a': 'green', 'c': 'green'}
    """
    return BacktrackingSolver(csp, **options).solve()
