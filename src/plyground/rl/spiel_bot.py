"""OpenSpiel's MCTS as a plyground bot, so it plays plyground's bots through the arena.

Its player spec names this class, as any bot in a module is named
(docs/your-first-bot.md)::

    plyground match --game "adjacency(size=6,rounds=4)" \\
        "plyground.rl.spiel_bot:SpielMCTSBot:simulations=400" alphabeta

Each move builds the OpenSpiel state over the plyground state (the games of
:mod:`plyground.rl.openspiel`) and asks ``open_spiel.python.algorithms.mcts``
for its action, with random rollouts at the leaves. OpenSpiel's search counts
simulations, not seconds: the bot runs its ``simulations`` whatever the clock,
so give it a ``time`` setting (and a match time) its simulations fit.
"""

from __future__ import annotations

import time
from typing import ClassVar

import numpy as np

from plyground.bots.base import SEED_SETTING, TIME_SETTING, Bot, Decision, InfoCallback
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import Setting
from plyground.rl.extra import require

__all__ = ["SpielMCTSBot"]


class SpielMCTSBot(Bot):
    """OpenSpiel's MCTS (UCT with random rollouts, MCTS-Solver backups)."""

    NAME = "openspiel-mcts"
    DESCRIPTION = "OpenSpiel's MCTS: UCT with random rollouts (plyground[rl])"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("simulations", int, 400, "MCTS simulations per move", minimum=1),
        Setting("rollouts", int, 1, "random rollouts per leaf", minimum=1),
        Setting("uct_c", float, 2.0, "UCT exploration constant", minimum=0.0),
        SEED_SETTING,
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        require("pyspiel", "OpenSpiel")
        self._random = np.random.RandomState(self._settings["seed"])

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        from open_spiel.python.algorithms import mcts

        from plyground.rl.openspiel import SpielState, spiel_game

        start = time.perf_counter()
        game = spiel_game(state.game)
        bot = mcts.MCTSBot(
            game,
            uct_c=self._settings["uct_c"],
            max_simulations=self._settings["simulations"],
            evaluator=mcts.RandomRolloutEvaluator(self._settings["rollouts"], self._random),
            random_state=self._random,
        )
        root = bot.mcts_search(SpielState(game, state))
        best = root.best_child()
        move = game.encoding.move(best.action)
        info = SearchInfo(
            depth=1,
            score=best.total_reward / max(best.explore_count, 1),
            nodes=self._settings["simulations"],
            pv=(state.move_text(move),),
            elapsed=time.perf_counter() - start,
        )
        if on_info:
            on_info(info)
        return Decision(move, info)

    def supports(self, game: Game) -> bool:
        """Two-player games registered with OpenSpiel (their profile gives ``openspiel``)."""
        return game.capabilities.players == 2 and game.PROFILE.openspiel
