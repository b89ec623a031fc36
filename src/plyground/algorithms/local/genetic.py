"""A generational genetic algorithm with elitism and tournament selection.

Contract: **maximises** ``problem.fitness``. The first population is the
``seeds`` given (for example a known good candidate) topped up with random
candidates to ``population`` members. Each generation then

1. keeps the ``elite`` best members unchanged (with their known fitness,
   so they are not evaluated again),
2. fills the rest with children: two parents, each the fittest of
   ``tournament`` members drawn at random; with probability
   ``crossover_rate`` the child is ``problem.crossover(a, b)``, else a copy
   of ``a``; with probability ``mutation_rate`` it is then
   ``problem.mutate``-d,
3. evaluates the children.

Tournament selection needs no fitness scaling (fitness may be negative) and
its size sets the selection pressure. It stops when the budget (clock or
``max_evaluations``) is spent or after ``max_generations``; one of these must
be finite. The result holds the best candidate ever evaluated, and
``iterations`` counts the completed generations.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from plyground.algorithms.local.problem import (
    Budget,
    BudgetExhaustedError,
    C,
    EvolutionProblem,
    LocalResult,
    check_breeding,
)
from plyground.core.limits import Clock

__all__ = ["evolve"]


def evolve(
    problem: EvolutionProblem[C],
    rng: Random,
    clock: Clock,
    *,
    population: int = 24,
    elite: int = 2,
    tournament: int = 3,
    crossover_rate: float = 0.9,
    mutation_rate: float = 0.5,
    seeds: Sequence[C] = (),
    max_evaluations: int | None = None,
    max_generations: int | None = None,
) -> LocalResult[C]:
    """Run the genetic algorithm (see the module docstring).

    ``stats`` of the result: ``generations`` (completed) and ``diversity``
    (distinct members in the last complete population, as a fraction).
    """
    if population < 2:
        raise ValueError(f"population must be at least 2, got {population!r}")
    if not 0 <= elite < population:
        raise ValueError(f"elite must be 0 to population - 1, got {elite!r}")
    check_breeding(tournament, crossover_rate, mutation_rate)
    budget: Budget[C] = Budget(problem.fitness, clock, max_evaluations)
    if not budget.bounded and max_generations is None:
        raise ValueError("the genetic algorithm needs a time limit, max_evaluations or generations")
    generations = 0
    stats = {"generations": 0.0, "diversity": 1.0}
    stop = "budget"
    try:
        scored = [(budget.evaluate(m), m) for m in seeds[:population]]
        while len(scored) < population:  # a random candidate may cost as much as its fitness
            budget.check()
            member = problem.random_candidate(rng)
            scored.append((budget.evaluate(member), member))
        while max_generations is None or generations < max_generations:
            scored.sort(key=lambda pair: pair[0], reverse=True)
            stats["diversity"] = len({m for _, m in scored}) / population
            children = scored[:elite]
            while len(children) < population:
                first = _select(scored, tournament, rng)
                second = _select(scored, tournament, rng)
                child = (
                    problem.crossover(first, second, rng)
                    if rng.random() < crossover_rate
                    else first
                )
                if rng.random() < mutation_rate:
                    child = problem.mutate(child, rng)
                children.append((budget.evaluate(child), child))
            scored = children
            generations += 1
            stats["generations"] = generations
        stop = "generations"
    except BudgetExhaustedError:
        pass
    return budget.result(iterations=generations, stop=stop, stats=stats)


def _select(scored: list[tuple[float, C]], size: int, rng: Random) -> C:
    """Tournament selection: the fittest of ``size`` members drawn with replacement."""
    best_value, best = scored[rng.randrange(len(scored))]
    for _ in range(size - 1):
        value, member = scored[rng.randrange(len(scored))]
        if value > best_value:
            best_value, best = value, member
    return best
