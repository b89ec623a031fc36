"""The adjacency evaluation's defaults depend on the game's length, as measured."""

from __future__ import annotations

import plyground
from plyground.bots.evaluators import evaluator_for
from plyground.games.adjacency.evaluation import (
    LONG_GAME_WEIGHTS,
    AdjacencyEvaluator,
    AdjacencyWeights,
)


def weights_of(spec: str, weights: dict[str, float] | None = None) -> AdjacencyWeights:
    evaluator = evaluator_for(plyground.load_game(spec), weights)
    assert isinstance(evaluator, AdjacencyEvaluator)
    return evaluator.weights


def test_short_games_keep_the_declared_defaults() -> None:
    for spec in ("adjacency", "adjacency(rounds=14)", "adjacency(size=6,rounds=7)"):
        assert weights_of(spec) == AdjacencyWeights()


def test_games_filling_more_than_half_the_board_use_the_long_game_weights() -> None:
    for spec in ("adjacency(rounds=15)", "adjacency(rounds=28)", "adjacency(size=6,rounds=8)"):
        assert weights_of(spec) == LONG_GAME_WEIGHTS


def test_given_weights_always_win() -> None:
    assert weights_of("adjacency(rounds=28)", {"gain": 3.0}) == AdjacencyWeights(gain=3.0)
