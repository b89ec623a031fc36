"""Small optimisation problems with known optima, for the local-search tests."""

from __future__ import annotations

from random import Random

Bits = tuple[int, ...]


class OneMax:
    """Bit strings; fitness = number of ones. One peak (all ones), no plateaus."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.calls = 0

    def random_candidate(self, rng: Random) -> Bits:
        return tuple(rng.randrange(2) for _ in range(self.length))

    def neighbours(self, candidate: Bits) -> list[Bits]:
        return [self._flip(candidate, i) for i in range(self.length)]

    def random_neighbour(self, candidate: Bits, rng: Random) -> Bits:
        return self._flip(candidate, rng.randrange(self.length))

    def fitness(self, candidate: Bits) -> float:
        self.calls += 1
        return float(sum(candidate))

    def crossover(self, first: Bits, second: Bits, rng: Random) -> Bits:
        cut = rng.randrange(1, self.length)
        return first[:cut] + second[cut:]

    def mutate(self, candidate: Bits, rng: Random) -> Bits:
        return self.random_neighbour(candidate, rng)

    @staticmethod
    def _flip(candidate: Bits, index: int) -> Bits:
        return (*candidate[:index], 1 - candidate[index], *candidate[index + 1 :])


class TwoPeaks:
    """Integers 0..100 with neighbours x-1 and x+1.

    Fitness rises to a local peak at 20 (height 20), falls to 0 at 40, then
    rises to the global peak at 80 (height 60). A climber started left of 40
    stops at 20; the optimum is 80.
    """

    LOCAL, GLOBAL = 20, 80

    def random_candidate(self, rng: Random) -> int:
        return rng.randrange(101)

    def neighbours(self, candidate: int) -> list[int]:
        return [x for x in (candidate - 1, candidate + 1) if 0 <= x <= 100]

    def random_neighbour(self, candidate: int, rng: Random) -> int:
        return rng.choice(self.neighbours(candidate))

    def fitness(self, candidate: int) -> float:
        x = candidate
        if x <= 20:
            return float(x)
        if x <= 40:
            return float(40 - x)
        if x <= 80:
            return 1.5 * (x - 40)
        return 60.0 - 1.5 * (x - 80)


class Staircase:
    """Integers 0..30, one neighbour x+1; fitness climbs to 5, is flat to 12, then climbs.

    Steepest ascent from 0 stops at 5 (the plateau's start); sideways moves
    cross the plateau (7 steps) and reach the optimum 30.
    """

    def random_candidate(self, rng: Random) -> int:
        return 0

    def neighbours(self, candidate: int) -> list[int]:
        return [candidate + 1] if candidate < 30 else []

    def random_neighbour(self, candidate: int, rng: Random) -> int:
        return min(candidate + 1, 30)

    def fitness(self, candidate: int) -> float:
        return float(min(candidate, 5) + max(0, candidate - 12))


class Fan:
    """A start (0) with five uphill neighbours 1..5; each k leads on to its own peak 10 + k.

    Steepest ascent always takes 5 and ends on 15; a stochastic climber may
    take any branch, and its best is 10 + its first choice.
    """

    def random_candidate(self, rng: Random) -> int:
        return 0

    def neighbours(self, candidate: int) -> list[int]:
        if candidate == 0:
            return [1, 2, 3, 4, 5]
        if candidate <= 5:
            return [0, 10 + candidate]
        return [candidate - 10]

    def random_neighbour(self, candidate: int, rng: Random) -> int:
        return rng.choice(self.neighbours(candidate))

    def fitness(self, candidate: int) -> float:
        return float(candidate)
