"""Constraint satisfaction: any finite-domain CSP, no game knowledge.

Build a :class:`CSP` (variables, domains, binary and general constraints),
then solve it by :func:`backtracking_search` (MRV and degree ordering,
least-constraining value, forward checking or maintaining arc consistency),
reduce it by :func:`ac3`, or repair toward a solution by
:func:`min_conflicts`. Every solver reports :class:`CSPStats`.
"""

from plyground.algorithms.csp.backtracking import (
    INFERENCES,
    VALUE_ORDERS,
    VARIABLE_ORDERS,
    BacktrackingSolver,
    ac3,
    backtracking_search,
)
from plyground.algorithms.csp.min_conflicts import INITIAL_ASSIGNMENTS, min_conflicts
from plyground.algorithms.csp.problem import CSP, Constraint
from plyground.algorithms.csp.result import (
    SOLVED,
    STOPPED,
    UNSATISFIABLE,
    CSPResult,
    CSPStats,
)

__all__ = [
    "CSP",
    "INFERENCES",
    "INITIAL_ASSIGNMENTS",
    "SOLVED",
    "STOPPED",
    "UNSATISFIABLE",
    "VALUE_ORDERS",
    "VARIABLE_ORDERS",
    "BacktrackingSolver",
    "CSPResult",
    "CSPStats",
    "Constraint",
    "ac3",
    "backtracking_search",
    "min_conflicts",
]
