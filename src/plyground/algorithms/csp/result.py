"""What a CSP solver reports: the solution (if any), how it ended, and statistics."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from plyground.algorithms.csp.problem import Value, Variable

__all__ = ["SOLVED", "STOPPED", "UNSATISFIABLE", "CSPResult", "CSPStats"]

SOLVED = "solved"
"""A solution was found."""
UNSATISFIABLE = "unsatisfiable"
"""The search space was exhausted: the problem has no (further) solution."""
STOPPED = "stopped"
"""A limit (time, nodes, steps) ran out first; nothing is known about the rest."""


@dataclass
class CSPStats:
    """Counters a solver keeps while it works.

    * ``nodes``: assignments made (``var := value`` that passed the checks);
    * ``backtracks``: assignments undone because no solution lay below them;
    * ``checks``: value pairs (or general-constraint tuples) tested;
    * ``prunings``: domain values removed by inference (forward checking, AC-3);
    * ``steps``: min-conflicts repairs (one variable changed per step);
    * ``elapsed``: wall-clock seconds.
    """

    nodes: int = 0
    backtracks: int = 0
    checks: int = 0
    prunings: int = 0
    steps: int = 0
    elapsed: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict."""
        return asdict(self)


@dataclass
class CSPResult:
    """A solver's answer: ``solution`` is a complete assignment when ``status == SOLVED``."""

    status: str
    solution: dict[Variable, Value] | None = None
    stats: CSPStats = field(default_factory=CSPStats)

    @property
    def solved(self) -> bool:
        """True when a solution was found."""
        return self.status == SOLVED
