"""Scheduling: pairings, colour balance, openings, determinism, keys."""

from __future__ import annotations

from collections import Counter

import pytest

from plyground.arena.tournaments.schedule import (
    TournamentFormat,
    derive_seed,
    game_at_rounds,
    make_schedule,
)
from plyground.core.errors import SettingsError
from plyground.games import load_game

PLAYERS = ["a", "b", "c", "d"]


def test_round_robin_counts_and_colour_balance() -> None:
    schedule = make_schedule(PLAYERS, "adjacency", rounds=[8, 10, 28], pairs=3, opening_plies=2)
    assert len(schedule) == 6 * 3 * 2 * 3
    assert len({g.key for g in schedule}) == len(schedule)
    assert [g.index for g in schedule] == list(range(len(schedule)))
    per_pairing = Counter(g.pairing for g in schedule)
    assert set(per_pairing.values()) == {18}
    first_seat = Counter(g.seats[0] for g in schedule)
    assert set(first_seat.values()) == {27}  # each player takes X in exactly half its games
    for pairing in per_pairing:
        as_x = Counter(g.seats[0] for g in schedule if g.pairing == pairing)
        assert as_x[pairing[0]] == as_x[pairing[1]]


def test_pairs_share_an_opening_with_colours_swapped() -> None:
    schedule = make_schedule(PLAYERS, "adjacency", rounds=[8], pairs=2, opening_plies=3, seed=5)
    by_pair: dict[tuple[object, ...], list[object]] = {}
    for game in schedule:
        by_pair.setdefault((game.pairing, game.pair), []).append(game)
    for games in by_pair.values():
        first, second = games
        assert first.opening == second.opening  # type: ignore[attr-defined]
        assert first.seats == second.seats[::-1]  # type: ignore[attr-defined]
    # every pairing meets the same openings
    openings = {(g.pair, g.opening) for g in schedule}
    assert len(openings) == 2


def test_openings_are_legal_and_the_right_length() -> None:
    schedule = make_schedule(
        ["a", "b"], "adjacency(size=6)", rounds=[3, 4], pairs=4, opening_plies=4
    )
    for game in schedule:
        loaded = load_game(game.game)
        state = loaded.parse_state(game.opening)
        assert not state.is_terminal()
        assert state.text().endswith(f" {2 * loaded.settings['rounds'] - 4}")  # 4 plies played
    assert {g.game for g in schedule} == {
        "adjacency(size=6,rounds=3,first=X)",
        "adjacency(size=6,rounds=4,first=X)",
    }


def test_same_seed_same_schedule_other_seed_other_openings() -> None:
    one = make_schedule(PLAYERS, "adjacency", rounds=[8], pairs=3, opening_plies=4, seed=11)
    two = make_schedule(PLAYERS, "adjacency", rounds=[8], pairs=3, opening_plies=4, seed=11)
    other = make_schedule(PLAYERS, "adjacency", rounds=[8], pairs=3, opening_plies=4, seed=12)
    assert one == two
    assert [g.key for g in one] == [g.key for g in other]
    assert [g.opening for g in one] != [g.opening for g in other]
    assert derive_seed("x", 1) == derive_seed("x", 1) != derive_seed("x", 2)


def test_openings_do_not_depend_on_the_field() -> None:
    small = make_schedule(["a", "b"], "adjacency", rounds=[8], pairs=2, opening_plies=4, seed=3)
    large = make_schedule(PLAYERS, "adjacency", rounds=[8], pairs=2, opening_plies=4, seed=3)
    assert {g.opening for g in small} == {g.opening for g in large}


def test_gauntlet() -> None:
    schedule = make_schedule(PLAYERS, "adjacency", fmt=TournamentFormat.GAUNTLET, pairs=2)
    assert {g.pairing for g in schedule} == {("a", "b"), ("a", "c"), ("a", "d")}
    assert len(schedule) == 3 * 2 * 2
    assert Counter(g.seats[0] for g in schedule)["a"] == 6


def test_keys_name_their_place() -> None:
    (first, second, *_) = make_schedule(["x", "y"], "adjacency", rounds=[10])
    assert first.key == "r10/x/y/p0/g0" and first.seats == ("x", "y")
    assert second.key == "r10/x/y/p0/g1" and second.seats == ("y", "x")
    odd = make_schedule(["engine:./a b", "c/d"], "adjacency", rounds=[8])
    assert odd[0].key == "r8/engine%3A.%2Fa%20b/c%2Fd/p0/g0"
    default = make_schedule(["x", "y"], "adjacency(rounds=5)")
    assert default[0].key == "rdefault/x/y/p0/g0"
    assert default[0].game == "adjacency(size=8,rounds=5,first=X)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["a"]}, "at least two players"),
        ({"players": ["a", "a", "b"]}, "repeated: a"),
        ({"pairs": 0}, "at least 1"),
        ({"opening_plies": -1}, "0 or more"),
        ({"rounds": [8, 8]}, "repeat"),
        ({"rounds": [2], "opening_plies": 4}, "does not leave a game"),
        ({"rounds": [29]}, "rounds must be 1 to 28"),
    ],
)
def test_bad_settings_are_named(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"players": ["a", "b"], "game": "adjacency"}
    arguments.update(kwargs)
    with pytest.raises(SettingsError, match=message):
        make_schedule(**arguments)  # type: ignore[arg-type]


def test_game_at_rounds() -> None:
    assert game_at_rounds("adjacency(size=6)", 3) == "adjacency(size=6,rounds=3,first=X)"
    assert game_at_rounds("adjacency", None) == "adjacency(size=8,rounds=8,first=X)"


def test_more_pairs_keep_the_first_openings() -> None:
    few = make_schedule(["a", "b"], "adjacency", rounds=[8], pairs=2, opening_plies=3, seed=9)
    many = make_schedule(["a", "b"], "adjacency", rounds=[8], pairs=5, opening_plies=3, seed=9)
    assert [g.opening for g in few] == [g.opening for g in many[: len(few)]]


def test_a_book_starts_the_pairs_in_order_cycled() -> None:
    game = load_game("adjacency(size=4,rounds=3)")
    first = game.initial_state().play(game.initial_state().parse_move("c1"))
    second = game.initial_state().play(game.initial_state().parse_move("a4"))
    book = [first.text(), second.text()]
    schedule = make_schedule(["a", "b"], "adjacency(size=4)", rounds=[3], pairs=3, book=book)
    assert [g.opening for g in schedule] == [book[0]] * 2 + [book[1]] * 2 + [book[0]] * 2
    assert [g.swapped for g in schedule[:2]] == [False, True]


@pytest.mark.parametrize(
    ("book", "plies", "message"),
    [
        (["nonsense"], 0, "book position 1 .* is not a position of"),
        ([], 0, None),
        (["A"], 2, "no random opening plies"),
    ],
)
def test_bad_books_are_named(book: list[str], plies: int, message: str | None) -> None:
    game = load_game("adjacency(size=4,rounds=3)")
    over = game.initial_state()
    while not over.is_terminal():
        over = over.play(next(iter(over.legal_moves())))
    cases = [*book, over.text()] if message is None else book
    expected = "book position 1 .* is a finished game" if message is None else message
    with pytest.raises(SettingsError, match=expected):
        make_schedule(["a", "b"], "adjacency(size=4)", rounds=[3], book=cases, opening_plies=plies)
