"""Genetic operators for real-valued vectors in a box, and one generational step.

A :class:`RealBox` is the search space of a tuner: each coordinate ``i``
lies in ``[lows[i], highs[i]]``. Its operators are the usual ones for real
genes:

* :meth:`RealBox.random_candidate`: uniform in the box;
* :meth:`RealBox.crossover`: blend crossover BLX-alpha (Eshelman and
  Schaffer, 1993): each child coordinate is drawn uniformly from the parents'
  interval widened by ``blend`` times its length on each side, so children
  can leave the parents' hull and the population does not shrink to its
  middle;
* :meth:`RealBox.mutate`: Gaussian mutation of each coordinate with
  probability ``gene_rate`` (default ``1 / dimension``, at least one
  coordinate always changes), standard deviation ``scale`` times the
  coordinate's range;

and every result is reflected back into the box. Candidates are tuples of
floats (immutable, hashable), so :class:`RealBox` also supplies the genetic
operators of the local-search problems (``random_candidate``,
``crossover``, ``mutate``) for a fitness that is a function of one candidate.

:func:`next_generation` is the step of a generational GA whose fitness is
*relative* (members play each other, so a population is scored as a whole):
keep the ``keep`` best of a ranked population unchanged, and breed the rest
from those kept, each parent the better of ``tournament`` drawn at random.
This is the seed's scheme (docs/course.md: 50 sets, keep 10, breed 40).

Everything random is drawn from the ``rng`` given, so a seed fixes the result.

>>> from random import Random
>>> box = RealBox((0.0, -1.0), (4.0, 1.0))
>>> rng = Random(7)
>>> parents = [box.random_candidate(rng) for _ in range(4)]
>>> children = next_generation(parents, box, rng, size=6, keep=2)
>>> [child.origin for child in children]
['kept', 'kept', 'bred', 'bred', 'bred', 'bred']
>>> all(box.contains(child.candidate) for child in children)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Generic, Protocol, TypeVar

from plyground.algorithms.local.problem import check_breeding

__all__ = ["Breeder", "Child", "RealBox", "next_generation"]

Vector = tuple[float, ...]

C = TypeVar("C")


@dataclass(frozen=True)
class RealBox:
    """A box of real vectors and its genetic operators (see the module docstring)."""

    lows: Vector
    highs: Vector
    blend: float = 0.5
    """BLX-alpha's alpha: how far beyond the parents a child coordinate may fall."""
    scale: float = 0.1
    """Mutation step: the standard deviation as a fraction of each coordinate's range."""
    gene_rate: float | None = None
    """Probability that mutation changes each coordinate (None: 1 / dimension)."""

    def __post_init__(self) -> None:
        if len(self.lows) != len(self.highs) or not self.lows:
            raise ValueError(f"bounds must be two non-empty vectors of one length, got {self!r}")
        for low, high in zip(self.lows, self.highs, strict=True):
            if not (math.isfinite(low) and math.isfinite(high) and low < high):
                raise ValueError(f"each range must be finite with low < high, got [{low}, {high}]")
        if not (math.isfinite(self.blend) and self.blend >= 0):
            raise ValueError(f"blend must be a finite number, 0 or more, got {self.blend!r}")
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise ValueError(f"mutation scale must be a finite number above 0, got {self.scale!r}")
        if self.gene_rate is not None and not 0 < self.gene_rate <= 1:
            raise ValueError(f"gene rate must be in (0, 1], got {self.gene_rate!r}")

    @property
    def dimension(self) -> int:
        """How many coordinates a vector has."""
        return len(self.lows)

    def contains(self, vector: Sequence[float]) -> bool:
        """True if ``vector`` has the right length and lies in the box."""
        return len(vector) == self.dimension and all(
            low <= x <= high for x, low, high in zip(vector, self.lows, self.highs, strict=True)
        )

    def reflect(self, vector: Sequence[float]) -> Vector:
        """``vector`` folded back into the box at its faces (a mirror, not a clamp,
        so values do not pile up on the bounds)."""
        result = []
        for x, low, high in zip(vector, self.lows, self.highs, strict=True):
            width = high - low
            offset = (x - low) % (2 * width)
            result.append(low + (offset if offset <= width else 2 * width - offset))
        return tuple(result)

    def random_candidate(self, rng: Random) -> Vector:
        """A vector drawn uniformly from the box."""
        return tuple(
            rng.uniform(low, high) for low, high in zip(self.lows, self.highs, strict=True)
        )

    def crossover(self, first: Vector, second: Vector, rng: Random) -> Vector:
        """BLX-alpha: each coordinate uniform in the parents' interval widened by ``blend``."""
        child = []
        for a, b in zip(first, second, strict=True):
            low, high = min(a, b), max(a, b)
            spread = self.blend * (high - low)
            child.append(rng.uniform(low - spread, high + spread))
        return self.reflect(child)

    def mutate(self, vector: Vector, rng: Random) -> Vector:
        """Gaussian steps on some coordinates (at least one), reflected into the box."""
        rate = self.gene_rate if self.gene_rate is not None else 1.0 / self.dimension
        chosen = [i for i in range(self.dimension) if rng.random() < rate]
        if not chosen:
            chosen = [rng.randrange(self.dimension)]
        result = list(vector)
        for i in chosen:
            result[i] += rng.gauss(0.0, self.scale * (self.highs[i] - self.lows[i]))
        return self.reflect(result)


class Breeder(Protocol[C]):
    """The genetic operators :func:`next_generation` needs (a :class:`RealBox` has them)."""

    def crossover(self, first: C, second: C, rng: Random) -> C:
        """A child mixing two parents."""
        ...

    def mutate(self, candidate: C, rng: Random) -> C:
        """A variation of ``candidate``."""
        ...


@dataclass(frozen=True)
class Child(Generic[C]):
    """A member of the next generation and where it came from.

    ``origin`` is ``kept`` (an unchanged member, ``parents`` holds its rank)
    or ``bred`` (``parents`` holds the ranks of its one or two parents in the
    ranked population given to :func:`next_generation`)."""

    candidate: C
    origin: str
    parents: tuple[int, ...]


def next_generation(
    ranked: Sequence[C],
    breeder: Breeder[C],
    rng: Random,
    *,
    size: int,
    keep: int,
    tournament: int = 2,
    crossover_rate: float = 0.9,
    mutation_rate: float = 0.8,
) -> list[Child[C]]:
    """The next population of ``size``: the ``keep`` best of ``ranked`` (best first)
    unchanged, then ``size - keep`` children bred from those kept.

    Each child takes two parents, each the best of ``tournament`` kept members
    drawn at random (with replacement); with probability ``crossover_rate`` it
    is their crossover, else a copy of the first; with probability
    ``mutation_rate`` it is then mutated. A copy that is not mutated would
    only repeat its parent, so a child that is neither crossed nor mutated is
    mutated anyway.
    """
    if not 1 <= keep <= len(ranked):
        raise ValueError(f"keep must be 1 to the population's {len(ranked)}, got {keep!r}")
    if size < keep:
        raise ValueError(f"the next population ({size}) cannot be smaller than keep ({keep})")
    check_breeding(tournament, crossover_rate, mutation_rate)
    children: list[Child[C]] = [Child(ranked[i], "kept", (i,)) for i in range(keep)]
    while len(children) < size:
        first = min(rng.randrange(keep) for _ in range(tournament))
        second = min(rng.randrange(keep) for _ in range(tournament))
        crossed = rng.random() < crossover_rate
        candidate = (
            breeder.crossover(ranked[first], ranked[second], rng) if crossed else ranked[first]
        )
        if rng.random() < mutation_rate or not crossed:
            candidate = breeder.mutate(candidate, rng)
        parents = (first, second) if crossed else (first,)
        children.append(Child(candidate, "bred", parents))
    return children
