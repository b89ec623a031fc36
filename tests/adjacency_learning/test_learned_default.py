"""Which evaluation a bot gets: the weight ``learned`` names one; the default follows
LEARNED_BY_DEFAULT; the compiled search with the learned tables equals the reference."""

from __future__ import annotations

import numpy as np
import pytest

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.bots import make_bot
from plyground.bots.evaluators import evaluator_for
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.engine import AdjacencyEngine
from plyground.games.adjacency.evaluation import (
    LEARNED_BY_DEFAULT,
    AdjacencyEvaluator,
    default_weights,
)
from plyground.games.adjacency.features import SearchFeatures
from plyground.games.adjacency.pattern_file import SHIPPED, shipped_path, shipped_weights
from plyground.games.adjacency.patterns import PatternEvaluator


def test_the_weight_learned_names_the_evaluation() -> None:
    game = load_game("adjacency(size=8,rounds=28)")
    assert isinstance(evaluator_for(game, {"learned": 1.0}), PatternEvaluator)
    hand = evaluator_for(game, {"learned": 0.0})
    assert isinstance(hand, AdjacencyEvaluator)
    assert hand.weights == default_weights(game)
    assert isinstance(evaluator_for(game, {"gain": 1.0}), AdjacencyEvaluator)


@pytest.mark.parametrize("rounds", [8, 10, 12, 20, 28])
def test_the_default_is_the_learned_one_only_where_it_measured_stronger(rounds: int) -> None:
    """For the tree searches; the planners and the tuner keep the hand-written one."""
    game = load_game(f"adjacency(size=8,rounds={rounds})")
    expected = PatternEvaluator if rounds in LEARNED_BY_DEFAULT else AdjacencyEvaluator
    assert type(evaluator_for(game, search=True)) is expected
    assert type(evaluator_for(game)) is AdjacencyEvaluator
    small = load_game("adjacency(size=6,rounds=8)")
    assert type(evaluator_for(small, search=True)) is AdjacencyEvaluator


def test_wrong_uses_of_the_learned_weight_are_refused_with_a_sentence() -> None:
    with pytest.raises(SettingsError, match="is for 8x8 boards"):
        evaluator_for(load_game("adjacency(size=6,rounds=8)"), {"learned": 1.0})
    with pytest.raises(SettingsError, match="takes no hand-written weights"):
        evaluator_for(load_game("adjacency(size=8,rounds=8)"), {"learned": 1.0, "gain": 2.0})
    with pytest.raises(SettingsError, match=r"is 1 .* or 0"):
        evaluator_for(load_game("adjacency(size=8,rounds=8)"), {"learned": 2.0})


def test_the_compiled_search_with_the_learned_tables_equals_the_reference() -> None:
    game = load_game("adjacency(size=8,rounds=12)")
    state = game.initial_state()
    for move in (20, 30, 41, 12, 22):
        state = state.play(move)
    weights = shipped_weights()
    exact = SearchFeatures.exact().with_text("-endgame")
    for depth in (1, 2, 3):
        compiled = AdjacencyEngine(None, 1 << 12, exact, patterns=weights)
        reference = AlphaBeta(PatternEvaluator(weights))
        assert (
            compiled.search(state, Limit(depth=depth)).info.score
            == reference.search(state, Limit(depth=depth)).info.score
        )


def test_a_bot_plays_with_the_learned_evaluation() -> None:
    game = load_game("adjacency(size=8,rounds=10)")
    state = game.initial_state()
    for spec in ("alphabeta:depth=3,book=false,weights=learned:1", "alphabeta:depth=3,book=false"):
        bot = make_bot(spec)
        bot.new_game(game)
        decision = bot.choose(state)
        assert decision.move in state.legal_moves()
        assert decision.info.depth == 3
        engine = bot._searcher(game)  # the compiled search, evaluating with the tables
        assert isinstance(engine, AdjacencyEngine)
        assert engine.patterns is not None


def test_28_rounds_read_their_own_shipped_weights() -> None:
    """28 rounds ship weights of their own (stages labelled by depth-6 searches of the
    28-round games); the other lengths share the one file."""
    long_game = evaluator_for(load_game("adjacency(size=8,rounds=28)"), {"learned": 1.0})
    assert isinstance(long_game, PatternEvaluator)
    assert long_game.weights is shipped_weights(28)
    assert shipped_path(28).name == "pattern_weights_r28.json"
    assert shipped_path(12) == SHIPPED
    shared = shipped_weights()
    assert any(
        not np.array_equal(own["globals"], common["globals"])
        for own, common in zip(shipped_weights(28).stages, shared.stages, strict=True)
    )
