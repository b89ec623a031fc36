"""The ``morris`` bot: the game-agnostic alpha-beta with the seed's Morris evaluation."""

from __future__ import annotations

from typing import ClassVar

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.bots.alphabeta import AlphaBetaBot
from plyground.bots.base import TIME_SETTING, Decision, InfoCallback
from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.settings import Setting
from plyground.games.morris.evaluation import MorrisEvaluator, MorrisWeights, phase_of
from plyground.games.morris.rules import MorrisState

__all__ = ["MorrisBot"]


def _depth(phase: str, default: int) -> Setting:
    return Setting(
        phase,
        int,
        default,
        f"search depth cap in plies in the {phase} phase (the clock still applies)",
        minimum=1,
        maximum=200,
    )


class MorrisBot(AlphaBetaBot):
    """Iterative-deepening alpha-beta (:class:`~plyground.algorithms.search.AlphaBeta`) with
    the seed's weighted relations and a depth cap per phase.

    As in the seed, the weights and the depth depend on the phase (placing,
    moving, flying; see :mod:`plyground.games.morris.evaluation`) of the
    position the bot is to move in: every position of that search is
    weighed with that phase's weights. The search deepens until the phase's
    cap or the clock, whichever comes first. ``weights`` names a JSON file of flat weights
    (``{"moving.mills": 43, ...}``, or ``{"weights": {...}}``); names left
    out keep the seed's values.
    """

    NAME = "morris"
    DESCRIPTION = "Nine Men's Morris: alpha-beta with the seed's weighted relations per phase"
    GAMES: ClassVar[tuple[str, ...] | None] = ("morris",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        _depth("placing", 8),
        _depth("moving", 12),
        _depth("flying", 6),
        Setting("table", int, 1 << 20, "transposition table entries", minimum=1024),
        Setting("weights", str, None, "JSON file of evaluation weights (flat names)"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._morris_weights = MorrisWeights.from_dict(self._weights or {})
        self._by_phase: dict[str, AlphaBeta] = {}

    def new_game(self, game: Game) -> None:
        self._by_phase = {}

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        self.check_game(state.game)
        assert isinstance(state, MorrisState)
        phase = phase_of(state)
        limit = self.time_limit(limit)
        cap = self._settings[phase]
        if limit.depth is None or limit.depth > cap:
            limit = Limit(time=limit.time, depth=cap, nodes=limit.nodes)
        search = self._by_phase.get(phase)
        if search is None:
            # One searcher (and table) per phase: a table's values hold for one weight set.
            evaluator = MorrisEvaluator(self._morris_weights, phase)
            search = self._by_phase[phase] = AlphaBeta(evaluator, self._settings["table"])
        result = search.search(state, limit, on_info)
        return Decision(result.move, result.info)
