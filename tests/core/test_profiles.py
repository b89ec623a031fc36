"""Every game's profile (plyground.core.profile): each target names what its entry says,
and what a game leaves out has the documented default."""

from __future__ import annotations

import pytest

from plyground.arena.analysis.analysers import GameAnalyser, analysed_games
from plyground.arena.analysis.hints import hint_games
from plyground.bots import make_bot, strongest_bot
from plyground.bots.evaluators import evaluator_for
from plyground.bots.hints import HintSource
from plyground.core.evaluation import Evaluator
from plyground.core.profile import NO_PROFILE, GameProfile
from plyground.core.registry import load_target
from plyground.games import game_names, game_profile, load_game
from plyground.games.warmups import warm_ups
from plyground.web.views import BoardView, view_for
from plyground.web.views.generic import GenericView


@pytest.mark.parametrize("name", game_names())
def test_every_target_of_a_profile_is_what_its_entry_names(name: str) -> None:
    profile = game_profile(name)
    game = load_game(name)
    assert isinstance(profile, GameProfile) and profile is not NO_PROFILE
    makers: list[str | None] = [profile.evaluator, profile.book]
    makers += [part for compiled in (profile.search, profile.playouts) if compiled
               for part in (compiled.make, compiled.warm_up)]  # fmt: skip
    makers += profile.warm_ups.values()
    for target in filter(None, makers):
        assert callable(load_target(target)), target
    if profile.hint is not None:
        assert issubclass(load_target(profile.hint), HintSource)
    if profile.analyser is not None:
        assert isinstance(load_target(profile.analyser).for_budget(1.0, 2.0), GameAnalyser)
    assert profile.view is not None and issubclass(load_target(profile.view), BoardView)
    assert isinstance(evaluator_for(game), Evaluator)
    if game.capabilities.players == 2 or game.capabilities.chance:  # a puzzle has no bot
        assert make_bot(strongest_bot(name)).supports(game)


def test_the_built_in_games_declare_what_the_tables_held() -> None:
    assert [strongest_bot(n) for n in game_names()] == [
        "alphabeta", "perfect", "morris", "2048", "alphabeta"
    ]  # fmt: skip
    assert hint_games() == ["adjacency", "tictactoe", "morris", "2048"]
    assert analysed_games() == ("adjacency", "2048")
    assert len(warm_ups()) == 9 and all(":" in target for target in warm_ups().values())
    assert [n for n in game_names() if game_profile(n).search] == ["adjacency"]
    assert [n for n in game_names() if game_profile(n).book] == ["adjacency"]
    assert [n for n in game_names() if game_profile(n).playouts] == ["adjacency"]
    spiel = [n for n in game_names() if game_profile(n).openspiel]
    assert spiel == ["adjacency", "tictactoe", "morris", "2048"]


def test_a_game_without_a_profile_gets_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("queens")
    monkeypatch.setattr(type(game), "PROFILE", NO_PROFILE)
    assert type(evaluator_for(game)) is Evaluator
    assert strongest_bot("queens") == "alphabeta"
    assert isinstance(view_for("queens"), GenericView)
    assert "queens" not in hint_games()


def test_a_profile_is_read_only() -> None:
    """A profile is shared by every game of its class: its mappings cannot be changed."""
    given = {"a": "m:f"}
    profile = GameProfile(warm_ups=given)
    given["b"] = "m:g"
    assert dict(profile.warm_ups) == {"a": "m:f"}
    with pytest.raises(TypeError):
        profile.warm_ups["b"] = "m:g"  # type: ignore[index]
