"""Local search: hill climbing, simulated annealing and a genetic algorithm.

The algorithms maximise the fitness of an abstract problem
(:class:`LocalProblem`, :class:`EvolutionProblem`) within a clock and an
optional evaluation cap; they never import a game. :class:`PlanProblem`
turns choosing a move in any two-player game into such a problem
(rolling-horizon planning).
"""

from plyground.algorithms.local.annealing import anneal, temperature
from plyground.algorithms.local.genetic import evolve
from plyground.algorithms.local.hillclimb import VARIANTS, hill_climb
from plyground.algorithms.local.planning import OPPONENT_MODELS, Plan, PlanProblem, SimulatedLine
from plyground.algorithms.local.problem import (
    Budget,
    BudgetExhaustedError,
    EvolutionProblem,
    LocalProblem,
    LocalResult,
)

__all__ = [
    "OPPONENT_MODELS",
    "VARIANTS",
    "Budget",
    "BudgetExhaustedError",
    "EvolutionProblem",
    "LocalProblem",
    "LocalResult",
    "Plan",
    "PlanProblem",
    "SimulatedLine",
    "anneal",
    "evolve",
    "hill_climb",
    "temperature",
]
