"""What the layers above look up for Nine Men's Morris (:mod:`plyground.core.profile`).

Its compiled search is its own bot's (``morris``, :mod:`plyground.bots.morris`),
not the ``alphabeta`` bot's.
"""

from __future__ import annotations

from plyground.core.profile import GameProfile

__all__ = ["PROFILE"]

PROFILE = GameProfile(
    evaluator="plyground.games.morris.evaluation:make_evaluator",
    warm_ups={"morris search": "plyground.games.morris.engine:warm_up"},
    strongest_bot="morris",
    mcts={"value": "outcome", "exploration": 1.0, "playout": "guided"},
    hint="plyground.bots.morris:MorrisHints",
    view="plyground.web.views.morris:MorrisView",
    openspiel=True,
)
