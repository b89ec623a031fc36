"""Loading games and bots by name; errors list what is known."""

from __future__ import annotations

import pytest

import plyground
from plyground.core import Limit, SearchInfo, UnknownNameError


def test_load_game_and_spec_round_trip() -> None:
    game = plyground.load_game("adjacency(size=6,rounds=10,first=O)")
    assert game.spec == "adjacency(size=6,rounds=10,first=O)"
    assert plyground.load_game(game.spec) == game
    assert "adjacency" in plyground.game_names()
    assert game.capabilities.players == 2
    assert not game.capabilities.chance


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match="unknown game 'chess' \\(known: adjacency"):
        plyground.load_game("chess")
    with pytest.raises(UnknownNameError, match="unknown bot 'deepblue' \\(known: random"):
        plyground.make_bot("deepblue")
    with pytest.raises(LookupError):
        plyground.make_bot("deepblue")


def test_make_bot_with_spec_and_keywords() -> None:
    bot = plyground.make_bot("alphabeta:time=0.5,depth=3", time=0.25)
    assert bot.settings["time"] == 0.25
    assert bot.settings["depth"] == 3
    assert bot.spec.startswith("alphabeta(time=0.25,depth=3")
    with pytest.raises(plyground.SettingsError, match="'depth' must be at least 1"):
        plyground.make_bot("alphabeta", depth=0)
    with pytest.raises(ValueError):
        plyground.make_bot("greedy(speed=3)")


def test_limit_validation_and_cap() -> None:
    assert Limit(time=5).capped(1.0).time == 1.0
    assert Limit(time=0.5).capped(1.0).time == 0.5
    assert Limit().capped(2.0).time == 2.0
    for bad in ({"time": 0}, {"time": float("inf")}, {"depth": 0}, {"nodes": -1}):
        with pytest.raises(ValueError):
            Limit(**bad)  # type: ignore[arg-type]


def test_search_info_round_trip() -> None:
    info = SearchInfo(
        depth=7, score=3.5, nodes=1234, pv=("d5", "e5"), elapsed=0.25, extra={"exact": True}
    )
    assert SearchInfo.from_dict(info.to_dict()) == info
