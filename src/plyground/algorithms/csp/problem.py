"""A finite-domain constraint satisfaction problem (CSP), independent of any game.

A :class:`CSP` has variables (any hashable values), a finite domain per
variable, and constraints of two kinds:

* **binary** constraints ``predicate(x_value, y_value)`` between two
  variables; these are the ones arc consistency (AC-3, MAC) propagates;
* **general** (n-ary) constraints ``predicate(*values)`` over a scope of any
  length; a solver checks one when its whole scope is assigned, and forward
  checking prunes with it once a single variable of its scope is unassigned.

Unary constraints are applied to the domain at once. Predicates must be pure
functions: the solvers call them many times and in any order.

>>> csp = CSP({"a": [1, 2, 3], "b": [1, 2, 3]})
>>> csp.add_binary("a", "b", lambda a, b: a < b)
>>> csp.is_solution({"a": 1, "b": 3})
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from plyground.core.errors import PlygroundError

__all__ = ["CSP", "BinaryPredicate", "Constraint", "Value", "Variable"]

Variable = Hashable
Value = Any
BinaryPredicate = Callable[[Any, Any], bool]


@dataclass(frozen=True)
class Constraint:
    """A general constraint: ``predicate(*values)`` must hold over ``scope``."""

    scope: tuple[Variable, ...]
    predicate: Callable[..., bool]
    name: str = ""

    def holds(self, assignment: Mapping[Variable, Value]) -> bool:
        """True when the constraint holds for ``assignment`` (which covers the scope)."""
        return bool(self.predicate(*(assignment[v] for v in self.scope)))


class CSP:
    """Variables, their finite domains, and binary and general constraints.

    ``domains`` maps each variable to its values in the order a solver should
    try them by default. Binary constraints between the same pair are
    combined (all must hold).
    """

    def __init__(self, domains: Mapping[Variable, Iterable[Value]]) -> None:
        self.variables: list[Variable] = list(domains)
        self.domains: dict[Variable, list[Value]] = {}
        for var, values in domains.items():
            unique = list(dict.fromkeys(values))
            self.domains[var] = unique
        self._binary: dict[Variable, dict[Variable, list[BinaryPredicate]]] = {
            v: {} for v in self.variables
        }
        self.general: list[Constraint] = []
        self._general_of: dict[Variable, list[Constraint]] = {v: [] for v in self.variables}

    # -- building -------------------------------------------------------------
    def _check_variable(self, var: Variable) -> None:
        if var not in self._binary:
            raise PlygroundError(f"unknown CSP variable {var!r}")

    def add_binary(
        self, x: Variable, y: Variable, predicate: BinaryPredicate, symmetric: bool = False
    ) -> None:
        """Require ``predicate(value_of_x, value_of_y)``.

        ``symmetric=True`` promises ``predicate(a, b) == predicate(b, a)``, so
        the same function serves both directions of the arc.
        """
        self._check_variable(x)
        self._check_variable(y)
        if x == y:
            raise PlygroundError(f"a binary constraint needs two variables, got {x!r} twice")
        self._binary[x].setdefault(y, []).append(predicate)
        reverse = predicate if symmetric else _flipped(predicate)
        self._binary[y].setdefault(x, []).append(reverse)

    def add_constraint(
        self, scope: Sequence[Variable], predicate: Callable[..., bool], name: str = ""
    ) -> None:
        """Require ``predicate(*values)`` over ``scope`` (any length).

        A scope of one variable filters its domain now; of two, it becomes a
        binary constraint (so arc consistency sees it); longer, a general one.
        """
        scope = tuple(scope)
        for var in scope:
            self._check_variable(var)
        if len(set(scope)) != len(scope):
            raise PlygroundError(f"constraint scope {scope!r} repeats a variable")
        if not scope:
            raise PlygroundError("a constraint needs at least one variable")
        if len(scope) == 1:
            var = scope[0]
            self.domains[var] = [v for v in self.domains[var] if predicate(v)]
        elif len(scope) == 2:
            self.add_binary(scope[0], scope[1], predicate)
        else:
            constraint = Constraint(scope, predicate, name)
            self.general.append(constraint)
            for var in scope:
                self._general_of[var].append(constraint)

    def add_all_different(self, scope: Sequence[Variable]) -> None:
        """Require pairwise different values (as binary ``!=`` constraints)."""
        scope = list(scope)
        for i, x in enumerate(scope):
            for y in scope[i + 1 :]:
                self.add_binary(x, y, _different, symmetric=True)

    # -- reading --------------------------------------------------------------
    def neighbours(self, var: Variable) -> list[Variable]:
        """Variables sharing a binary constraint with ``var``."""
        return list(self._binary[var])

    def binary_predicates(self, x: Variable, y: Variable) -> list[BinaryPredicate]:
        """The predicates ``p(x_value, y_value)`` between ``x`` and ``y`` (empty if none)."""
        return self._binary[x].get(y, [])

    def general_constraints(self, var: Variable) -> list[Constraint]:
        """The general constraints whose scope holds ``var``."""
        return self._general_of[var]

    def related(self, var: Variable) -> set[Variable]:
        """Every variable sharing any constraint with ``var`` (its constraint-graph degree)."""
        out = set(self._binary[var])
        for constraint in self._general_of[var]:
            out.update(constraint.scope)
        out.discard(var)
        return out

    def arcs(self) -> list[tuple[Variable, Variable]]:
        """Every directed arc ``(x, y)`` of a binary constraint."""
        return [(x, y) for x in self.variables for y in self._binary[x]]

    def compatible(self, x: Variable, x_value: Value, y: Variable, y_value: Value) -> bool:
        """True when ``x = x_value`` and ``y = y_value`` satisfy every binary constraint."""
        return all(p(x_value, y_value) for p in self._binary[x].get(y, ()))

    def conflicts(self, var: Variable, value: Value, assignment: Mapping[Variable, Value]) -> int:
        """How many constraints ``var = value`` violates against ``assignment``.

        Binary constraints count once per assigned neighbour; a general
        constraint counts when the rest of its scope is assigned.
        """
        count = 0
        binary = self._binary[var]
        for other, other_value in assignment.items():
            if other == var:
                continue
            predicates = binary.get(other)
            if predicates and not all(p(value, other_value) for p in predicates):
                count += 1
        for constraint in self._general_of[var]:
            values = []
            for v in constraint.scope:
                if v == var:
                    values.append(value)
                elif v in assignment:
                    values.append(assignment[v])
                else:
                    break
            else:
                if not constraint.predicate(*values):
                    count += 1
        return count

    def is_solution(self, assignment: Mapping[Variable, Value]) -> bool:
        """True when every variable has a value from its domain and every constraint holds."""
        if set(assignment) != set(self.variables):
            return False
        if any(assignment[v] not in self.domains[v] for v in self.variables):
            return False
        for x in self.variables:
            for y, predicates in self._binary[x].items():
                if not all(p(assignment[x], assignment[y]) for p in predicates):
                    return False
        return all(c.holds(assignment) for c in self.general)

    def __repr__(self) -> str:
        binary = sum(len(n) for n in self._binary.values()) // 2
        return (
            f"<CSP {len(self.variables)} variables, {binary} binary and "
            f"{len(self.general)} general constraints>"
        )


def _different(a: Value, b: Value) -> bool:
    return bool(a != b)


def _flipped(predicate: BinaryPredicate) -> BinaryPredicate:
    def flipped(b: Value, a: Value) -> bool:
        return predicate(a, b)

    return flipped
