"""Rating maths against hand-computed cases and the likelihood equations."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.arena.stats.elo import elo_from_score, expected_score
from plyground.arena.stats.ratings import (
    ELO_SCALE,
    Outcome,
    fit_ratings,
    normal_cdf,
)
from plyground.core.errors import PlygroundError

THREE_TO_ONE = 400 * math.log10(3)  # 190.85: the Elo difference of a 75% score


def games(first: str, second: str, wins: int, draws: int, losses: int) -> list[Outcome]:
    return (
        [Outcome(first, second, 1.0)] * wins
        + [Outcome(first, second, 0.5)] * draws
        + [Outcome(first, second, 0.0)] * losses
    )


def test_expected_score_and_its_inverse() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(THREE_TO_ONE) == pytest.approx(0.75)
    assert elo_from_score(0.75) == pytest.approx(THREE_TO_ONE)


def test_two_players_three_to_one_by_hand() -> None:
    # A scores 3 of 4 against B: the maximum likelihood difference makes E = 3/4.
    table = fit_ratings(games("A", "B", 3, 0, 1), prior=0)
    assert table.rating("A") == pytest.approx(THREE_TO_ONE / 2, abs=1e-6)
    assert table.rating("B") == pytest.approx(-THREE_TO_ONE / 2, abs=1e-6)
    # Information of the difference: n p (1 - p) = 4 * 3/4 * 1/4 = 3/4 (log-odds units);
    # each rating is half the difference: variance (4/3) / 4 = 1/3.
    margin = 1.959963984540054 * math.sqrt(1 / 3) * ELO_SCALE
    assert table.margin("A") == pytest.approx(margin, rel=1e-6)
    # LOS = Phi(d / sd(d)) with d = ln 3, sd(d) = sqrt(4/3).
    assert table.los("A", "B") == pytest.approx(normal_cdf(math.log(3) / math.sqrt(4 / 3)))
    assert table.los("A", "B") + table.los("B", "A") == pytest.approx(1.0)
    assert table.los("A", "B") == pytest.approx(0.8293, abs=1e-4)


def test_draws_count_as_half_a_win() -> None:
    # 2 wins, 2 draws, 0 losses is a 3/4 score: the same ratings as 3 wins, 1 loss.
    with_draws = fit_ratings(games("A", "B", 2, 2, 0), prior=0)
    assert with_draws.rating("A") - with_draws.rating("B") == pytest.approx(THREE_TO_ONE)
    even = fit_ratings(games("A", "B", 1, 2, 1), prior=0)
    assert even.rating("A") == pytest.approx(0.0, abs=1e-9)


def test_prior_adds_virtual_draws() -> None:
    # Two wins and no loss has no finite maximum; two virtual draws make it 3 of 4.
    table = fit_ratings(games("A", "B", 2, 0, 0), prior=2)
    assert table.rating("A") - table.rating("B") == pytest.approx(THREE_TO_ONE)


def test_chain_of_three_players_by_hand() -> None:
    # A-B and B-C both 3:1, A and C never met: a tree, so each edge is fitted alone.
    outcomes = games("A", "B", 3, 0, 1) + games("B", "C", 3, 0, 1)
    table = fit_ratings(outcomes, prior=0)
    assert table.rating("A") == pytest.approx(THREE_TO_ONE, abs=1e-6)
    assert table.rating("B") == pytest.approx(0.0, abs=1e-6)
    assert table.rating("C") == pytest.approx(-THREE_TO_ONE, abs=1e-6)
    assert [table.players[i] for i in table.ranked()] == ["A", "B", "C"]
    assert table.games == (4, 8, 4)
    assert table.scores == (3.0, 4.0, 1.0)


def test_anchor_shifts_ratings() -> None:
    table = fit_ratings(games("A", "B", 3, 0, 1), prior=0, anchor=("B", 1500.0))
    assert table.rating("B") == pytest.approx(1500.0)
    assert table.rating("A") == pytest.approx(1500.0 + THREE_TO_ONE)
    assert table.margin("B") == 0.0
    with pytest.raises(PlygroundError, match="'Z'"):
        fit_ratings(games("A", "B", 1, 0, 1), anchor=("Z", 0.0))


def test_disconnected_groups_are_not_compared() -> None:
    outcomes = games("A", "B", 3, 0, 1) + games("C", "D", 1, 0, 3)
    table = fit_ratings(outcomes, prior=0)
    assert table.rating("A") == pytest.approx(THREE_TO_ONE / 2)
    assert table.rating("C") == pytest.approx(-THREE_TO_ONE / 2)
    assert math.isnan(table.los("A", "C"))
    assert table.groups[0] == table.groups[1] != table.groups[2]


def test_a_player_without_games_is_listed_unrated() -> None:
    table = fit_ratings(games("A", "B", 1, 0, 1), players=["A", "B", "idle"])
    assert table.players == ("A", "B", "idle")
    assert table.rating("idle") == 0.0 and table.games[2] == 0
    with pytest.raises(PlygroundError, match="'nobody'"):
        table.rating("nobody")


def test_self_play_is_refused() -> None:
    with pytest.raises(PlygroundError, match="itself"):
        fit_ratings([Outcome("A", "A", 1.0)])


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("ABCD"), st.sampled_from("ABCD"), st.sampled_from([0, 0.5, 1])),
        min_size=1,
        max_size=40,
    )
)
def test_maximum_likelihood_reproduces_each_score(results: list[tuple[str, str, float]]) -> None:
    # The likelihood equations: at the maximum (with a prior of virtual draws),
    # each player's expected score equals its actual score plus its virtual points.
    outcomes = [Outcome(a, b, s) for a, b, s in results if a != b]
    if not outcomes:
        return
    prior = 2.0
    table = fit_ratings(outcomes, prior=prior)
    pairs = {frozenset((o.first, o.second)) for o in outcomes}
    for name in table.players:
        expected = 0.0
        actual = 0.0
        for o in outcomes:
            if name in (o.first, o.second):
                other = o.second if name == o.first else o.first
                difference = table.rating(name) - table.rating(other)
                expected += expected_score(difference)
                actual += o.score if name == o.first else 1 - o.score
        for pair in pairs:
            if name in pair:
                (other,) = pair - {name}
                difference = table.rating(name) - table.rating(other)
                expected += prior * expected_score(difference)
                actual += prior / 2
        assert expected == pytest.approx(actual, abs=1e-6)


@pytest.mark.parametrize(
    ("outcomes", "behind", "ahead"),
    [
        ([Outcome("a", "b", 1.0)] * 2, "b", "a"),
        # an order: a beat b and c, b beat c (a draw between a and c would close the loop)
        ([Outcome("a", "b", 1.0), Outcome("b", "c", 1.0), Outcome("a", "c", 1.0)], "b, c", "a"),
        ([Outcome("a", "b", 0.5), Outcome("c", "a", 1.0), Outcome("c", "b", 1.0)], "a, b", "c"),
    ],
)
def test_no_prior_and_no_finite_maximum_names_who_scored_nothing(
    outcomes: list[Outcome], behind: str, ahead: str
) -> None:
    # prior=0 ('plyground report --prior 0') was numpy's LinAlgError, then ratings near
    # +-3465 that meant nothing: the ratings of these fields run off to infinity
    message = f"no finite maximum: {behind} scored no point against {ahead}; give a prior"
    with pytest.raises(PlygroundError, match=message):
        fit_ratings(outcomes, prior=0.0)
    assert all(math.isfinite(r) for r in fit_ratings(outcomes).ratings)  # the default prior


@pytest.mark.parametrize("prior", [-1.0, math.nan, math.inf])
def test_a_prior_must_be_a_finite_count_of_draws(prior: float) -> None:
    with pytest.raises(PlygroundError, match="the prior must be 0 or more virtual draws"):
        fit_ratings([Outcome("a", "b", 0.5)], prior=prior)
