"""Matches: paired colours, openings, summaries, Elo."""

from __future__ import annotations

import math

import pytest

from plyground import load_game
from plyground.arena import make_openings, make_player, play_match
from plyground.arena.play.run_options import RunOptions
from plyground.arena.stats.elo import elo_from_score, elo_from_wdl, score_interval
from plyground.arena.tournaments.match import match_result
from plyground.core import SettingsError

GAME = "adjacency(size=5,rounds=3)"


def match(games: int = 4, openings: int = 2, seed: int = 1):  # type: ignore[no-untyped-def]
    players = (make_player("random:seed=1"), make_player("greedy:seed=2"))
    return play_match(
        load_game(GAME), players, games, run=RunOptions(time=0.5), seed=seed, openings=openings
    )


def test_games_come_in_pairs_with_colours_swapped() -> None:
    result = match(games=6)
    records = result.records
    assert [r.tags["seat_a"] for r in records] == ["0", "1"] * 3
    assert [r.tags["pair"] for r in records] == ["0", "0", "1", "1", "2", "2"]
    for first, second in zip(records[::2], records[1::2], strict=True):
        assert first.start == second.start == first.tags["opening"]
        assert first.players == second.players[::-1]
    assert len({r.start for r in records}) == 3
    initial = load_game(GAME).initial_state().text()
    assert all(r.start != initial for r in records)
    for record in records:
        record.replay()


def test_a_match_is_reproducible_from_its_seed() -> None:
    def moves(seed: int) -> list[list[str]]:
        return [[m.move for m in r.moves] for r in match(seed=seed).records]

    assert moves(9) == moves(9)
    assert moves(9) != moves(10)


def test_the_summary_counts_from_each_side() -> None:
    result = match(games=4, openings=0)
    a, b = result.sides
    assert a.games == b.games == 4
    assert (a.wins, a.draws, a.losses) == (b.losses, b.draws, b.wins)
    assert a.average_margin == pytest.approx(-b.average_margin)
    assert b.average_depth == 1.0
    assert a.moves == b.moves == 12
    assert result.elo.games == 4
    data = result.to_dict()
    assert data["sides"][0]["wins"] == a.wins
    assert match_result(result.records, ("a", "b")).sides[1].wins == b.wins


def test_openings_avoid_the_end_and_repeat_only_when_they_must() -> None:
    import random

    game = load_game("adjacency(size=4,rounds=1)")
    openings = make_openings(game, 3, 1, random.Random(1))
    assert all(not s.is_terminal() for s in openings)
    assert make_openings(game, 2, 0, random.Random(1)) == [game.initial_state()] * 2


def test_bad_match_settings() -> None:
    with pytest.raises(SettingsError, match="at least 1 game"):
        play_match(load_game(GAME), (make_player("random"), make_player("random")), 0)


def test_elo_from_scores() -> None:
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_from_score(1.0) == math.inf
    even = elo_from_wdl(10, 0, 10)
    assert even.diff == 0 and even.low == pytest.approx(-even.high)
    sweep = elo_from_wdl(20, 0, 0)
    assert sweep.diff == math.inf and 0 < sweep.low < math.inf
    low, high = score_interval(0.75, 0.1, 20)
    assert 0 < low < 0.75 < high < 1
    narrow = elo_from_wdl(140, 20, 40)
    wide = elo_from_wdl(14, 2, 4)
    assert narrow.high - narrow.low < wide.high - wide.low
    assert elo_from_wdl(0, 0, 0).text() == "-"
