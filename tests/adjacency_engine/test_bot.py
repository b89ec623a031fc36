"""The ``alphabeta`` bot on the compiled engine and on the reference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plyground.bots import make_bot
from plyground.bots.alphabeta import AlphaBetaBot
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game


def test_auto_uses_the_compiled_engine_and_reports_each_depth() -> None:
    game = load_game("adjacency(size=6,rounds=6)")
    bot = make_bot("alphabeta(depth=4,time=5,book=false)")  # the start is in the book
    assert isinstance(bot, AlphaBetaBot)
    bot.new_game(game)
    assert bot.engine_name == "accelerated"
    heard: list[SearchInfo] = []
    decision = bot.choose(game.initial_state(), on_info=heard.append)
    assert [info.depth for info in heard] == [1, 2, 3, 4]
    assert decision.info == heard[-1]
    assert decision.info.pv[0] == game.initial_state().move_text(decision.move)
    assert decision.info.elapsed > 0
    assert game.PROFILE.search is not None  # the adjacency profile names its compiled search


def test_reference_and_compiled_agree_at_a_fixed_depth(tmp_path: Path) -> None:
    weights = tmp_path / "weights.json"
    weights.write_text(json.dumps({"gain": 1.5, "threat": 0.75, "exposure": 0.5, "tempo": 0.25}))
    game = load_game("adjacency(size=5,rounds=5)")
    state = game.initial_state().with_moves(["c3", "d3"])
    scores = []
    for engine in ("auto", "reference"):
        bot = make_bot(f"alphabeta(depth=3,engine={engine},weights={weights})")
        # Compare without forward pruning (the reference has none).
        if engine == "auto":
            bot = make_bot(f"alphabeta(depth=3,weights={weights},features=-lmr-quiescence)")
        bot.new_game(game)
        scores.append(bot.choose(state).info.score)
    assert scores[0] == scores[1]


def test_reference_engine_setting() -> None:
    game = load_game("adjacency(size=4,rounds=2)")
    bot = make_bot("alphabeta(engine=reference,time=1)")
    assert isinstance(bot, AlphaBetaBot)
    decision = bot.choose(game.initial_state(), Limit(time=1))
    assert bot.engine_name == "reference"
    assert decision.move in game.initial_state().legal_moves()


def test_features_need_the_compiled_engine() -> None:
    game = load_game("adjacency(size=4,rounds=2)")
    bot = make_bot("alphabeta(engine=reference,features=-lmr)")
    with pytest.raises(SettingsError, match="features"):
        bot.choose(game.initial_state())
    with pytest.raises(SettingsError, match="bad search features"):
        make_bot("alphabeta(features=lmr)").new_game(game)
    with pytest.raises(SettingsError, match="engine"):
        make_bot("alphabeta(engine=fast)")


def test_plays_a_whole_game_within_the_limit() -> None:
    game = load_game("adjacency(size=5,rounds=4)")
    bot = make_bot("alphabeta(time=0.05)")
    bot.new_game(game)
    state = game.initial_state()
    while not state.is_terminal():
        decision = bot.choose(state)
        assert decision.info.depth >= 1
        state = state.play(decision.move)
