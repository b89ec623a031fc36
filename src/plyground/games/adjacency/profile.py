"""What the layers above look up for the adjacency game (:mod:`plyground.core.profile`)."""

from __future__ import annotations

from plyground.core.profile import Compiled, GameProfile

__all__ = ["PROFILE"]

PROFILE = GameProfile(
    evaluator="plyground.games.adjacency.evaluation:make_evaluator",
    search_evaluator="plyground.games.adjacency.evaluation:make_search_evaluator",
    book="plyground.games.adjacency.book:book_moves",
    search=Compiled(
        "plyground.games.adjacency.engine:make_engine", "plyground.games.adjacency.engine:warm_up"
    ),
    playouts=Compiled(
        "plyground.games.adjacency.playout:AdjacencyPlayouts",
        "plyground.games.adjacency.playout:warm_up",
    ),
    warm_ups={
        "adjacency kernels": "plyground.games.adjacency.kernels:warm_up",
        "adjacency search": "plyground.games.adjacency.engine:warm_up",
        "adjacency playouts": "plyground.games.adjacency.playout:warm_up",
        "adjacency exact": "plyground.games.adjacency.solver:warm_up",
    },
    strongest_bot="alphabeta",
    # measured in docs/mcts.md; the cutoff applies only with the evaluator's value
    mcts={"value": "evaluator", "cutoff": 0, "exploration": 0.3, "playout": "guided"},
    hint="plyground.arena.adjacency_analysis.hints:AnalysisHints",
    analyser="plyground.arena.adjacency_analysis.game_analyser:AdjacencyAnalyser",
    view="plyground.web.views.adjacency:AdjacencyView",
    openspiel=True,
)
