"""What the local searches optimise, and the budget they share.

The searches in this package (hill climbing, simulated annealing, the genetic
algorithm) know nothing of games: they see an optimisation problem through
the :class:`LocalProblem` protocol (and :class:`EvolutionProblem` for the
genetic algorithm) and **maximise** its ``fitness``. A :class:`Budget` counts
fitness evaluations, watches the :class:`~plyground.core.Clock`, remembers
the best candidate ever evaluated, and raises :class:`BudgetExhaustedError` when
the search must stop, so each algorithm's loop stays readable.

A tiny problem (bit strings, fitness = number of ones) shows the protocol:

>>> import random
>>> from plyground.core import Clock
>>> from plyground.algorithms.local import hill_climb
>>> class OneMax:
...     def random_candidate(self, rng):
...         return tuple(rng.randrange(2) for _ in range(8))
...     def neighbours(self, c):
...         return [c[:i] + (1 - c[i],) + c[i + 1:] for i in range(len(c))]
...     def random_neighbour(self, c, rng):
...         i = rng.randrange(len(c))
...         return c[:i] + (1 - c[i],) + c[i + 1:]
...     def fitness(self, c):
...         return float(sum(c))
>>> result = hill_climb(OneMax(), random.Random(1), Clock(None), variant="steepest")
>>> result.best, result.fitness, result.stop
((1, 1, 1, 1, 1, 1, 1, 1), 8.0, 'peak')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Generic, Protocol, TypeVar

from plyground.core.limits import Clock

__all__ = [
    "Budget",
    "BudgetExhaustedError",
    "C",
    "EvolutionProblem",
    "LocalProblem",
    "LocalResult",
    "check_breeding",
]

C = TypeVar("C", bound=Hashable)
"""A candidate solution: immutable and hashable (the searches remember the ones they met);
every local search here is generic in it."""


class LocalProblem(Protocol[C]):
    """A maximisation problem over candidates of type ``C``.

    Candidates are immutable values (tuples, for example). ``fitness`` must be
    a pure function of the candidate; larger is better.
    """

    def random_candidate(self, rng: Random) -> C:
        """A candidate drawn at random (a restart point, a first population)."""
        ...

    def neighbours(self, candidate: C) -> Sequence[C]:
        """Every neighbour of ``candidate`` (for the hill climbers)."""
        ...

    def random_neighbour(self, candidate: C, rng: Random) -> C:
        """One neighbour of ``candidate`` drawn at random (for annealing)."""
        ...

    def fitness(self, candidate: C) -> float:
        """The value to maximise."""
        ...


class EvolutionProblem(LocalProblem[C], Protocol[C]):
    """A :class:`LocalProblem` with the genetic operators."""

    def crossover(self, first: C, second: C, rng: Random) -> C:
        """A child mixing two parents."""
        ...

    def mutate(self, candidate: C, rng: Random) -> C:
        """A small random change of ``candidate``."""
        ...


def check_breeding(tournament: int, crossover_rate: float, mutation_rate: float) -> None:
    """Refuse breeding settings no genetic step can use (a :class:`ValueError` naming the
    setting): a tournament of fewer than one member, a rate outside 0 to 1."""
    if tournament < 1:
        raise ValueError(f"tournament must be at least 1, got {tournament!r}")
    for name, rate in (("crossover_rate", crossover_rate), ("mutation_rate", mutation_rate)):
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"{name} must be 0 to 1, got {rate!r}")


class BudgetExhaustedError(Exception):
    """Raised by :meth:`Budget.evaluate` when the search must stop."""


@dataclass(frozen=True)
class LocalResult(Generic[C]):
    """What a local search found.

    ``best`` is the best candidate evaluated (ties: the first found);
    ``iterations`` counts the algorithm's steps (moves made by a climber,
    proposals by annealing, generations by the genetic algorithm); ``stop``
    says why it ended: ``"budget"`` (clock or evaluations), ``"peak"`` (a
    climber found no better neighbour) or ``"generations"``.
    """

    best: C
    fitness: float
    evaluations: int
    iterations: int
    elapsed: float
    stop: str
    stats: dict[str, float] = field(default_factory=dict)


class Budget(Generic[C]):
    """Counts fitness evaluations against a clock and an optional cap.

    The first evaluation is always allowed, so every search has a best
    candidate; after that, :meth:`evaluate` raises :class:`BudgetExhaustedError`
    once the clock has expired or ``max_evaluations`` were made.
    """

    def __init__(
        self, fitness: Callable[[C], float], clock: Clock, max_evaluations: int | None = None
    ) -> None:
        if max_evaluations is not None and max_evaluations < 1:
            raise ValueError(f"max_evaluations must be at least 1, got {max_evaluations!r}")
        self._fitness = fitness
        self.clock = clock
        self.max_evaluations = max_evaluations
        self.evaluations = 0
        self.best: C | None = None
        self.best_fitness = -math.inf
        self._span = clock.deadline - clock.start

    @property
    def bounded(self) -> bool:
        """True when the clock or the evaluation cap will stop a search."""
        return self.max_evaluations is not None or math.isfinite(self._span)

    def check(self) -> None:
        """Raise BudgetExhaustedError when spent (never before the first evaluation): for
        work that comes before an evaluation and costs time of its own, such as making a
        candidate."""
        if self.evaluations and (
            (self.max_evaluations is not None and self.evaluations >= self.max_evaluations)
            or self.clock.expired()
        ):
            raise BudgetExhaustedError

    def evaluate(self, candidate: C) -> float:
        """The fitness of ``candidate``, counted; raises BudgetExhaustedError when spent."""
        self.check()
        value = self._fitness(candidate)
        self.evaluations += 1
        if value > self.best_fitness or self.best is None:
            self.best, self.best_fitness = candidate, value
        return value

    def progress(self) -> float:
        """How much of the budget is spent, 0 to 1 (the larger of time and evaluations)."""
        spent = 0.0
        if self.max_evaluations is not None:
            spent = self.evaluations / self.max_evaluations
        if math.isfinite(self._span):
            spent = max(spent, self.clock.elapsed() / self._span if self._span > 0 else 1.0)
        return min(1.0, spent)

    def result(
        self, iterations: int, stop: str, stats: dict[str, float] | None = None
    ) -> LocalResult[C]:
        """The search's answer: the best candidate evaluated and the counts."""
        if self.best is None:
            raise ValueError("no candidate was evaluated")
        return LocalResult(
            best=self.best,
            fitness=self.best_fitness,
            evaluations=self.evaluations,
            iterations=iterations,
            elapsed=self.clock.elapsed(),
            stop=stop,
            stats=dict(stats or {}),
        )
