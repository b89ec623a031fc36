"""What the layers above look up for tic-tac-toe (:mod:`plyground.core.profile`)."""

from __future__ import annotations

from plyground.core.profile import GameProfile

__all__ = ["PROFILE"]

PROFILE = GameProfile(
    evaluator="plyground.games.tictactoe.evaluation:make_evaluator",
    strongest_bot="perfect",
    mcts={"value": "outcome", "exploration": 1.0, "playout": "uniform"},
    hint="plyground.bots.perfect:PerfectHints",
    view="plyground.web.views.tictactoe:TicTacToeView",
    openspiel=True,
)
