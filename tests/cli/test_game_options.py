"""The game options of ``play`` and ``match`` (plyground.cli.options): ``--game`` and a flag
for each setting a built-in game declares, merged into the game's spec once."""

from __future__ import annotations

import argparse

import pytest

from plyground.cli.options import add_game_options, game_from_args, game_setting_flags
from plyground.core.errors import SettingsError
from plyground.games import game_class, game_names


def parse(*args: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_game_options(parser)
    return parser.parse_args(list(args))


def test_every_setting_of_every_built_in_game_is_a_flag() -> None:
    declared = {s.name for name in game_names() for s in game_class(name).SETTINGS}
    assert set(game_setting_flags()) == declared == {"size", "rounds", "first", "repetition"}
    assert [game for game, _ in game_setting_flags()["size"]] == ["adjacency", "queens"]


@pytest.mark.parametrize(
    ("args", "spec"),
    [
        ((), "adjacency(size=8,rounds=8,first=X)"),
        (("--size", "6", "--first", "O"), "adjacency(size=6,rounds=8,first=O)"),
        (("--game", "adjacency(rounds=4)", "--size", "5"), "adjacency(size=5,rounds=4,first=X)"),
        (("--game", "queens", "--size", "5"), "queens(size=5)"),
        (("--game", "morris", "--repetition"), "morris(repetition=True)"),
        (("--game", "morris"), "morris(repetition=False)"),
    ],
)
def test_the_flags_set_the_named_game(args: tuple[str, ...], spec: str) -> None:
    assert game_from_args(parse(*args)).spec == spec


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("--game", "adjacency(size=6)", "--size", "5"), "--size given twice"),
        (("--game", "tictactoe", "--size", "4"), "size"),
        (("--size", "nine"), "size"),
    ],
)
def test_a_flag_the_game_cannot_take_is_refused(args: tuple[str, ...], problem: str) -> None:
    with pytest.raises(SettingsError, match=problem):
        game_from_args(parse(*args))
