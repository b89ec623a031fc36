"""Simulated annealing with a geometric schedule fitted to the budget.

Contract: **maximises** ``problem.fitness``. From ``start`` (or a random
candidate) it proposes one random neighbour at a time and accepts it when it
is no worse, or else with the Boltzmann probability ``exp(delta / T)``
(``delta < 0`` is the loss of fitness). The temperature falls geometrically
from ``t_start`` to ``t_end`` as the budget is spent::

    T = t_start * (t_end / t_start) ** progress

where ``progress`` (0 to 1) is the larger of the fraction of time and the
fraction of ``max_evaluations`` used. Tying the schedule to the budget
rather than to a fixed step count means the search always finishes cold,
whatever the time limit and however fast the machine: early on it wanders
across valleys, at the end it is a plain hill climber.

It stops only when the budget (clock or ``max_evaluations``, one of which
must be finite) is spent, and returns the best candidate ever evaluated,
which need not be the one it was standing on at the end.
"""

from __future__ import annotations

import math
from random import Random

from plyground.algorithms.local.problem import (
    Budget,
    BudgetExhaustedError,
    C,
    LocalProblem,
    LocalResult,
)
from plyground.core.limits import Clock

__all__ = ["anneal", "temperature"]


def temperature(t_start: float, t_end: float, progress: float) -> float:
    """The geometric schedule: ``t_start`` at progress 0, ``t_end`` at progress 1.

    >>> temperature(2.0, 0.02, 0.0), temperature(2.0, 0.02, 0.5), temperature(2.0, 0.02, 1.0)
    (2.0, 0.2, 0.02)
    """
    return float(t_start * (t_end / t_start) ** progress)


def anneal(
    problem: LocalProblem[C],
    rng: Random,
    clock: Clock,
    *,
    start: C | None = None,
    max_evaluations: int | None = None,
    t_start: float = 2.0,
    t_end: float = 0.05,
) -> LocalResult[C]:
    """Simulated annealing (see the module docstring); temperatures in fitness units.

    ``stats`` of the result: ``accepted`` (moves taken), ``worse`` (of them,
    downhill ones) and ``temperature`` (the last one used).
    """
    if not (0 < t_end <= t_start and math.isfinite(t_start)):
        raise ValueError(
            f"temperatures must satisfy 0 < t_end <= t_start, got t_start={t_start!r}, "
            f"t_end={t_end!r}"
        )
    budget: Budget[C] = Budget(problem.fitness, clock, max_evaluations)
    if not budget.bounded:
        raise ValueError("simulated annealing needs a time limit or max_evaluations")
    current = start if start is not None else problem.random_candidate(rng)
    stats = {"accepted": 0.0, "worse": 0.0, "temperature": t_start}
    proposals = 0
    try:
        value = budget.evaluate(current)
        while True:
            heat = temperature(t_start, t_end, budget.progress())
            stats["temperature"] = heat
            candidate = problem.random_neighbour(current, rng)
            candidate_value = budget.evaluate(candidate)
            proposals += 1
            delta = candidate_value - value
            if delta >= 0 or rng.random() < math.exp(delta / heat):
                if delta < 0:
                    stats["worse"] += 1
                stats["accepted"] += 1
                current, value = candidate, candidate_value
    except BudgetExhaustedError:
        pass
    return budget.result(iterations=proposals, stop="budget", stats=stats)
