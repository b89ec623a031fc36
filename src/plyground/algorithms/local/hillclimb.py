"""Hill climbing in the four variants an AI course names.

Every variant **maximises** ``problem.fitness``, starting from ``start`` (or
a random candidate) and looking at the whole neighbourhood of the current
candidate at each step:

* ``steepest``: move to the best neighbour while it is strictly better;
  stop at a peak (no better neighbour). Ties between equally good best
  neighbours are broken at random.
* ``sideways``: as ``steepest``, but when the best neighbour is only as good
  as the current candidate, move to it anyway, at most ``max_sideways``
  times in a row (a plateau walk); an uphill move resets the count.
* ``stochastic``: move to a neighbour chosen uniformly at random among the
  strictly better ones; stop when there is none.
* ``restart``: steepest-ascent climbs, the first from ``start``, each later
  one from a fresh random candidate, until the budget is spent.

The first three stop at their peak (``stop == "peak"``) or when the budget
(clock or ``max_evaluations``) runs out (``stop == "budget"``); ``restart``
stops only on the budget, so it needs a finite clock or an evaluation cap.
The result holds the best candidate ever evaluated.
"""

from __future__ import annotations

from random import Random

from plyground.algorithms.local.problem import (
    Budget,
    BudgetExhaustedError,
    C,
    LocalProblem,
    LocalResult,
)
from plyground.core.limits import Clock

__all__ = ["VARIANTS", "hill_climb"]


VARIANTS = ("steepest", "sideways", "restart", "stochastic")
"""The hill-climbing variants, by name."""


def hill_climb(
    problem: LocalProblem[C],
    rng: Random,
    clock: Clock,
    *,
    variant: str = "steepest",
    start: C | None = None,
    max_evaluations: int | None = None,
    max_sideways: int = 10,
) -> LocalResult[C]:
    """Climb ``problem`` in one of :data:`VARIANTS` (see the module docstring).

    ``stats`` of the result: ``restarts`` (climbs begun after the first),
    ``uphill`` and ``sideways`` (moves of each kind), ``peaks`` (climbs
    that reached a peak).
    """
    if variant not in VARIANTS:
        raise ValueError(
            f"unknown hill-climbing variant {variant!r} (known: {', '.join(VARIANTS)})"
        )
    if max_sideways < 0:
        raise ValueError(f"max_sideways must be at least 0, got {max_sideways!r}")
    budget: Budget[C] = Budget(problem.fitness, clock, max_evaluations)
    if variant == "restart" and not budget.bounded:
        raise ValueError("random-restart hill climbing needs a time limit or max_evaluations")
    stats = {"restarts": 0.0, "uphill": 0.0, "sideways": 0.0, "peaks": 0.0}
    current = start if start is not None else problem.random_candidate(rng)
    stop = "peak"
    try:
        while True:
            _climb(
                problem,
                budget,
                rng,
                current,
                variant=variant,
                max_sideways=max_sideways,
                stats=stats,
            )
            stats["peaks"] += 1
            if variant != "restart":
                break
            budget.check()
            stats["restarts"] += 1
            current = problem.random_candidate(rng)
    except BudgetExhaustedError:
        stop = "budget"
    moves = int(stats["uphill"] + stats["sideways"])
    return budget.result(iterations=moves, stop=stop, stats=stats)


def _climb(
    problem: LocalProblem[C],
    budget: Budget[C],
    rng: Random,
    current: C,
    *,
    variant: str,
    max_sideways: int,
    stats: dict[str, float],
) -> None:
    """One climb from ``current`` to a peak (or until BudgetExhaustedError)."""
    value = budget.evaluate(current)
    sideways_left = max_sideways
    while True:
        scored = [(budget.evaluate(n), n) for n in problem.neighbours(current)]
        if not scored:
            return
        if variant == "stochastic":
            uphill = [(f, n) for f, n in scored if f > value]
            if not uphill:
                return
            value, current = rng.choice(uphill)
            stats["uphill"] += 1
            continue
        best_value = max(f for f, _ in scored)
        if best_value > value:
            sideways_left = max_sideways
            stats["uphill"] += 1
        elif variant == "sideways" and best_value == value and sideways_left > 0:
            sideways_left -= 1
            stats["sideways"] += 1
        else:
            return
        value, current = best_value, rng.choice([n for f, n in scored if f == best_value])
