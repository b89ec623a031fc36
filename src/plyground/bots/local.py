"""The local-search bots: ``hillclimb``, ``annealing`` and ``genetic``.

Each chooses a move by rolling-horizon planning
(:class:`~plyground.algorithms.local.PlanProblem`): it searches plans of its
next ``horizon`` moves against modelled opponent replies, scored by the
game's evaluation (``evaluator_for``), plays the first move of the best plan
found, and plans afresh next turn. Every search starts from (or, for the
genetic algorithm, is seeded with) the greedy plan, so it can only improve on
it. docs/local-search.md explains the choices.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from plyground.algorithms.local import (
    OPPONENT_MODELS,
    VARIANTS,
    LocalResult,
    Plan,
    PlanProblem,
    anneal,
    evolve,
    hill_climb,
)
from plyground.bots.base import SEED_SETTING, TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.core.evaluation import Evaluator
from plyground.core.game import Game, State
from plyground.core.limits import MOVE_SECONDS, Clock, Limit, SearchInfo
from plyground.core.search_results import line_texts
from plyground.core.settings import Setting, SettingOrder

__all__ = ["AnnealingBot", "GeneticBot", "HillClimbBot", "PlanningBot"]

_HORIZON = Setting(
    "horizon", int, 2, "plan length: the bot's own moves planned ahead", minimum=1, maximum=64
)
_OPPONENT = Setting(
    "opponent",
    str,
    "evaluate",
    "opponent model: order (the evaluation's first move) or evaluate (best by evaluation)",
    choices=OPPONENT_MODELS,
)
_WEIGHTS = Setting(
    "weights", str, None, "JSON file of evaluation weights, or inline gain:2.5;threat:1"
)


class PlanningBot(Bot):
    """A rolling-horizon planner; subclasses choose the optimiser (:meth:`optimise`).

    ``Limit.nodes`` caps the fitness evaluations and ``Limit.depth`` the
    plan length; the clock (the smaller of ``time`` and the limit's) always
    applies. The reported :class:`SearchInfo` has ``depth`` = plan length,
    ``score`` = best fitness, ``nodes`` = fitness evaluations, ``pv`` = the
    simulated line (plan moves and modelled replies) and the optimiser's
    counts in ``extra``.
    """

    COMMON_SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        SEED_SETTING,
        _HORIZON,
        _OPPONENT,
        _WEIGHTS,
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._weights = load_weights(self._settings["weights"])
        self._evaluator: Evaluator | None = None
        self._game: Game | None = None

    def check_game(self, game: Game) -> None:
        """Also SettingsError when ``weights`` are not the game's evaluation's."""
        super().check_game(game)
        self._evaluator_for(game)

    def _evaluator_for(self, game: Game) -> Evaluator:
        if self._evaluator is None or self._game != game:
            self._evaluator = evaluator_for(game, self._weights)
            self._game = game
        return self._evaluator

    @abstractmethod
    def optimise(
        self, problem: PlanProblem, clock: Clock, max_evaluations: int | None
    ) -> LocalResult[Plan]:
        """Search ``problem`` within the budget; the bot's ``rng`` supplies randomness."""

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        self.check_game(state.game)
        limit = self.time_limit(limit)
        # Depth is a plan's horizon, not a budget: with neither time nor nodes, the default time.
        unbounded = limit.time is None and limit.nodes is None
        clock = Clock.for_move(MOVE_SECONDS if unbounded else limit.time)
        horizon = self._settings["horizon"]
        if limit.depth is not None:
            horizon = min(horizon, limit.depth)
        problem = PlanProblem(
            state, self._evaluator_for(state.game), horizon, self._settings["opponent"]
        )
        result = self.optimise(problem, clock, limit.nodes)
        extra: dict[str, object] = {"iterations": result.iterations, "stop": result.stop}
        extra.update(
            {k: int(v) if float(v).is_integer() else round(v, 4) for k, v in result.stats.items()}
        )
        info = SearchInfo(
            depth=len(problem.simulate(result.best).effective),
            score=result.fitness,
            nodes=result.evaluations,
            pv=tuple(line_texts(state, problem.line(result.best))),
            elapsed=clock.elapsed(),
            extra=extra,
        )
        if on_info is not None:
            on_info(info)
        return Decision(problem.first_move(result.best), info)


class HillClimbBot(PlanningBot):
    """Hill climbing over plans, in the variant its ``variant`` setting names."""

    NAME = "hillclimb"
    DESCRIPTION = (
        "hill climbing over plans of its next moves (steepest/sideways/restart/stochastic)"
    )
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        *PlanningBot.COMMON_SETTINGS,
        Setting("variant", str, "restart", "hill-climbing variant", choices=VARIANTS),
        Setting("sideways", int, 10, "most sideways moves in a row (variant=sideways)", minimum=0),
    )

    def optimise(
        self, problem: PlanProblem, clock: Clock, max_evaluations: int | None
    ) -> LocalResult[Plan]:
        return hill_climb(
            problem,
            self.rng,
            clock,
            variant=self._settings["variant"],
            start=problem.greedy_plan(),
            max_evaluations=max_evaluations,
            max_sideways=self._settings["sideways"],
        )


class AnnealingBot(PlanningBot):
    """Simulated annealing over plans, cooling geometrically over the move's time."""

    NAME = "annealing"
    DESCRIPTION = "simulated annealing over plans of its next moves"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        *PlanningBot.COMMON_SETTINGS,
        Setting(
            "t_start",
            float,
            2.0,
            "starting temperature, in evaluation units (marks here)",
            minimum=1e-6,
        ),
        Setting("t_end", float, 0.05, "final temperature, in evaluation units", minimum=1e-6),
    )
    ORDERS: ClassVar[tuple[SettingOrder, ...]] = (SettingOrder("t_end", "t_start"),)

    def optimise(
        self, problem: PlanProblem, clock: Clock, max_evaluations: int | None
    ) -> LocalResult[Plan]:
        return anneal(
            problem,
            self.rng,
            clock,
            start=problem.greedy_plan(),
            max_evaluations=max_evaluations,
            t_start=self._settings["t_start"],
            t_end=self._settings["t_end"],
        )


class GeneticBot(PlanningBot):
    """A genetic algorithm over plans, its first population seeded with the greedy plan."""

    NAME = "genetic"
    DESCRIPTION = "genetic algorithm over plans of its next moves"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        *PlanningBot.COMMON_SETTINGS,
        Setting("population", int, 24, "plans per generation", minimum=2, maximum=10_000),
        Setting("elite", int, 2, "best plans kept unchanged each generation", minimum=0),
        Setting("tournament", int, 3, "tournament size of selection", minimum=1),
        Setting("crossover", float, 0.9, "crossover probability", minimum=0.0, maximum=1.0),
        Setting("mutation", float, 0.5, "mutation probability", minimum=0.0, maximum=1.0),
    )
    ORDERS: ClassVar[tuple[SettingOrder, ...]] = (SettingOrder("elite", "population", strict=True),)

    def optimise(
        self, problem: PlanProblem, clock: Clock, max_evaluations: int | None
    ) -> LocalResult[Plan]:
        return evolve(
            problem,
            self.rng,
            clock,
            population=self._settings["population"],
            elite=self._settings["elite"],
            tournament=self._settings["tournament"],
            crossover_rate=self._settings["crossover"],
            mutation_rate=self._settings["mutation"],
            seeds=(problem.greedy_plan(),),
            max_evaluations=max_evaluations,
        )
