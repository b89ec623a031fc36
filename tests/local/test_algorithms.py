"""The game-agnostic local searches on small problems with known optima."""

from __future__ import annotations

import doctest
import itertools
import math
from random import Random
from types import ModuleType

import pytest
from local_problems import Fan, OneMax, Staircase, TwoPeaks

from clock_support import SteppedClock
from plyground.algorithms.local import (
    VARIANTS,
    Budget,
    BudgetExhaustedError,
    anneal,
    evolve,
    hill_climb,
    temperature,
)
from plyground.algorithms.local import annealing as annealing_module
from plyground.algorithms.local import problem as problem_module
from plyground.core import Clock

UNBOUNDED = Clock(None)


# -- hill climbing -------------------------------------------------------------
@pytest.mark.parametrize("variant", ["steepest", "sideways", "stochastic"])
def test_climbers_reach_the_single_peak_of_onemax(variant: str) -> None:
    result = hill_climb(OneMax(16), Random(3), UNBOUNDED, variant=variant)
    assert result.best == (1,) * 16
    assert result.fitness == 16.0
    assert result.stop == "peak"


def test_steepest_ascent_takes_the_best_neighbour_each_step() -> None:
    # From all zeros every flip gains one, so steepest ascent needs exactly 16
    # moves, each after scanning all 16 neighbours (plus the start and the
    # final scan at the peak).
    problem = OneMax(16)
    result = hill_climb(problem, Random(0), UNBOUNDED, variant="steepest", start=(0,) * 16)
    assert result.iterations == 16
    assert result.evaluations == problem.calls == 1 + 16 * 17


def test_steepest_ascent_stops_at_a_local_peak() -> None:
    result = hill_climb(TwoPeaks(), Random(0), UNBOUNDED, variant="steepest", start=5)
    assert result.best == TwoPeaks.LOCAL
    assert result.stop == "peak"


def test_random_restart_escapes_the_local_peak() -> None:
    result = hill_climb(
        TwoPeaks(), Random(0), UNBOUNDED, variant="restart", start=5, max_evaluations=2000
    )
    assert result.best == TwoPeaks.GLOBAL
    assert result.stop == "budget"
    assert result.stats["restarts"] >= 1
    assert result.evaluations == 2000


def test_sideways_moves_cross_a_plateau_that_stops_steepest_ascent() -> None:
    steepest = hill_climb(Staircase(), Random(0), UNBOUNDED, variant="steepest")
    assert steepest.best == 5
    crossing = hill_climb(Staircase(), Random(0), UNBOUNDED, variant="sideways", max_sideways=7)
    assert crossing.best == 30
    assert crossing.stats["sideways"] == 7
    too_few = hill_climb(Staircase(), Random(0), UNBOUNDED, variant="sideways", max_sideways=3)
    assert too_few.best == 5
    assert too_few.stats["sideways"] == 3


def test_stochastic_picks_any_uphill_neighbour_while_steepest_picks_the_best() -> None:
    steepest = {
        hill_climb(Fan(), Random(seed), UNBOUNDED, variant="steepest").best for seed in range(20)
    }
    stochastic = {
        hill_climb(Fan(), Random(seed), UNBOUNDED, variant="stochastic").best for seed in range(20)
    }
    assert steepest == {15}
    assert len(stochastic) >= 3
    assert stochastic <= {11, 12, 13, 14, 15}


def test_unknown_variant_and_unbounded_restart_are_refused() -> None:
    with pytest.raises(ValueError, match="'uphill'"):
        hill_climb(OneMax(4), Random(0), UNBOUNDED, variant="uphill")
    with pytest.raises(ValueError, match="needs a time limit"):
        hill_climb(OneMax(4), Random(0), UNBOUNDED, variant="restart")
    assert VARIANTS == ("steepest", "sideways", "restart", "stochastic")


# -- simulated annealing -------------------------------------------------------
def test_temperature_falls_geometrically_from_start_to_end() -> None:
    values = [temperature(4.0, 0.04, p / 10) for p in range(11)]
    assert values[0] == pytest.approx(4.0)
    assert values[-1] == pytest.approx(0.04)
    ratios = [b / a for a, b in itertools.pairwise(values)]
    assert all(r == pytest.approx(ratios[0]) for r in ratios)


def test_annealing_finds_the_global_peak_a_climber_misses() -> None:
    result = anneal(
        TwoPeaks(), Random(1), UNBOUNDED, start=5, max_evaluations=20000, t_start=30.0, t_end=0.1
    )
    assert result.best == TwoPeaks.GLOBAL
    assert result.evaluations == 20000
    assert result.stats["worse"] > 0


def test_annealing_when_frozen_never_accepts_a_worse_move() -> None:
    result = anneal(
        OneMax(20), Random(2), UNBOUNDED, max_evaluations=3000, t_start=1e-9, t_end=1e-9
    )
    assert result.stats["worse"] == 0
    assert result.fitness == 20.0


def test_annealing_needs_a_bound_and_sane_temperatures() -> None:
    with pytest.raises(ValueError, match="needs a time limit"):
        anneal(OneMax(4), Random(0), UNBOUNDED)
    with pytest.raises(ValueError, match="t_end"):
        anneal(OneMax(4), Random(0), UNBOUNDED, max_evaluations=10, t_start=0.1, t_end=1.0)


# -- genetic algorithm ---------------------------------------------------------
def test_genetic_algorithm_solves_onemax() -> None:
    result = evolve(OneMax(24), Random(5), UNBOUNDED, population=30, max_generations=200)
    assert result.fitness == 24.0
    assert result.stop == "generations"
    assert result.iterations == 200


def test_genetic_algorithm_keeps_its_seed_and_counts_evaluations() -> None:
    best = (1,) * 12
    result = evolve(
        OneMax(12), Random(0), UNBOUNDED, population=10, seeds=(best,), elite=1, max_generations=3
    )
    assert result.best == best
    # the first population, then 9 new children per generation (the elite is not re-evaluated)
    assert result.evaluations == 10 + 3 * 9


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"population": 1}, "population"),
        ({"elite": 24}, "elite"),
        ({"tournament": 0}, "tournament"),
        ({"mutation_rate": 1.5}, "mutation_rate"),
    ],
)
def test_genetic_algorithm_refuses_bad_parameters(settings: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evolve(OneMax(4), Random(0), UNBOUNDED, max_generations=1, **settings)  # type: ignore[arg-type]


# -- budgets, clocks and determinism -------------------------------------------
def _run(name: str, seed: int) -> tuple[object, float, int]:
    rng = Random(seed)
    problem = TwoPeaks()
    if name == "anneal":
        result = anneal(problem, rng, UNBOUNDED, max_evaluations=500, t_start=20.0)
    elif name == "evolve":
        result = evolve(OneMax(30), rng, UNBOUNDED, max_evaluations=500)  # type: ignore[assignment]
    else:
        result = hill_climb(problem, rng, UNBOUNDED, variant=name, max_evaluations=500)
    return result.best, result.fitness, result.evaluations


@pytest.mark.parametrize("name", [*VARIANTS, "anneal", "evolve"])
def test_same_seed_same_search(name: str) -> None:
    assert _run(name, 11) == _run(name, 11)


@pytest.mark.parametrize("name", ["restart", "anneal", "evolve"])
def test_evaluation_cap_is_exact(name: str) -> None:
    assert _run(name, 4)[2] == 500


@pytest.mark.parametrize("name", ["restart", "anneal", "evolve"])
def test_an_expired_clock_still_gives_one_evaluated_answer(name: str) -> None:
    problem = OneMax(10)
    clock = Clock(0.0)
    if name == "anneal":
        result = anneal(problem, Random(0), clock)
    elif name == "evolve":
        result = evolve(problem, Random(0), clock)
    else:
        result = hill_climb(problem, Random(0), clock, variant="restart")
    assert result.evaluations == 1
    assert result.stop == "budget"
    assert result.fitness == sum(result.best)


@pytest.mark.parametrize("name", ["restart", "anneal", "evolve"])
def test_a_search_stops_on_its_clock(name: str) -> None:
    # No evaluation cap: only the clock can end these searches. The bound is generous.
    problem = OneMax(200)
    clock = Clock(0.05)
    if name == "anneal":
        result = anneal(problem, Random(0), clock)
    elif name == "evolve":
        result = evolve(problem, Random(0), clock)
    else:
        result = hill_climb(problem, Random(0), clock, variant="restart")
    assert result.stop == "budget"
    assert result.elapsed < 2.0


class SlowToDraw(OneMax):
    """OneMax whose random candidates take 5 ms of ``clock`` each to make (as a plan's
    replies do)."""

    def __init__(self, length: int, clock: SteppedClock) -> None:
        super().__init__(length)
        self.clock = clock

    def random_candidate(self, rng: Random) -> tuple[int, ...]:
        self.clock.now += 0.005
        return super().random_candidate(rng)


def test_drawing_the_first_population_stops_on_the_clock() -> None:
    # 24 members would take 120 ms to draw: the clock (20 ms) ends the drawing.
    clock = SteppedClock(0.02)
    result = evolve(SlowToDraw(10, clock), Random(0), clock, population=24)
    assert result.stop == "budget"
    assert result.elapsed < 0.02 + 0.015, result


def test_budget_tracks_the_best_and_progress() -> None:
    budget: Budget[int] = Budget(float, UNBOUNDED, max_evaluations=4)
    assert not math.isnan(budget.progress())
    for value in (3, 7, 5, 7):
        budget.evaluate(value)
    assert budget.best == 7
    assert budget.progress() == 1.0
    with pytest.raises(BudgetExhaustedError):
        budget.evaluate(9)
    with pytest.raises(ValueError, match="max_evaluations"):
        Budget(float, UNBOUNDED, max_evaluations=0)


@pytest.mark.parametrize("module", [problem_module, annealing_module])
def test_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried > 0
    assert failures == 0
