"""The ``alphabeta`` bot: the game-agnostic alpha-beta with the game's evaluation."""

from __future__ import annotations

from typing import ClassVar

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.settings import Setting

__all__ = ["AlphaBetaBot"]


class AlphaBetaBot(Bot):
    """Iterative-deepening negamax alpha-beta with a transposition table.

    Uses the evaluation registered for the game (for adjacency: material,
    tempo, gains and exposure). ``depth`` caps the search depth; the clock
    (``time``) always applies.
    """

    NAME = "alphabeta"
    DESCRIPTION = "alpha-beta: iterative deepening, transposition table, move ordering"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting(
            "depth",
            int,
            None,
            "maximum depth in plies (none: until time runs out)",
            minimum=1,
            maximum=200,
        ),
        Setting("table", int, 1 << 20, "transposition table entries", minimum=1024),
        Setting("weights", str, None, "JSON file of evaluation weights"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._weights = load_weights(self._settings["weights"])
        self._search: AlphaBeta | None = None
        self._game: Game | None = None

    def _searcher(self, game: Game) -> AlphaBeta:
        if self._search is None or self._game != game:
            self._search = AlphaBeta(evaluator_for(game, self._weights), self._settings["table"])
            self._game = game
        return self._search

    def new_game(self, game: Game) -> None:
        self._search = None

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        limit = self.time_limit(limit)
        if self._settings["depth"] is not None and limit.depth is None:
            limit = Limit(time=limit.time, depth=self._settings["depth"], nodes=limit.nodes)
        result = self._searcher(state.game).search(state, limit, on_info)
        return Decision(result.move, result.info)
