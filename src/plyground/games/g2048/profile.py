"""What the layers above look up for 2048 (:mod:`plyground.core.profile`).

Its compiled expectimax (:mod:`plyground.games.g2048.engine`) is its own bot's (``2048``,
:mod:`plyground.bots.g2048`), not the ``alphabeta`` bot's. Its n-tuple networks
(:mod:`plyground.games.g2048.ntuple`: the tuples, symmetries and compiled features) are
learned by :mod:`plyground.bots.g2048_td` (``plyground learn 2048``).
"""

from __future__ import annotations

from plyground.core.profile import GameProfile

__all__ = ["PROFILE"]

PROFILE = GameProfile(
    evaluator="plyground.games.g2048.evaluation:make_evaluator",
    warm_ups={
        "2048 kernel": "plyground.games.g2048.kernel:warm_up",
        "2048 search": "plyground.games.g2048.search:warm_up",
    },
    strongest_bot="2048",
    mcts={"value": "returns", "exploration": 1.0, "playout": "uniform"},
    hint="plyground.bots.g2048:G2048Hints",
    analyser="plyground.arena.g2048_analysis.game_analyser:G2048GameAnalyser",
    view="plyground.web.views.g2048:G2048View",
    openspiel=True,
)
