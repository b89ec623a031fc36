"""How much a ranking means: neighbours' likelihood of superiority, ties, pairs to tell."""

from __future__ import annotations

import math
from statistics import NormalDist

from tournament_helpers import played_record

from plyground.arena.stats.ranking_confidence import SURE, Neighbours, neighbours
from plyground.arena.stats.summary import summarise


def test_more_pairs_follow_the_square_of_the_z_ratio() -> None:
    z = NormalDist().inv_cdf
    for los, pairs in ((0.75, 4), (0.6, 10), (0.9, 1)):
        expected = math.ceil(pairs * ((z(SURE) / z(los)) ** 2 - 1))
        got = neighbours_of(los, pairs)
        assert got == expected, (los, pairs)


def neighbours_of(los: float, pairs: int) -> int | None:
    from plyground.arena.stats.ranking_confidence import _more_pairs

    return _more_pairs(los, pairs)


def test_the_verdicts_say_in_order_tied_or_not_compared() -> None:
    assert Neighbours("a", "b", 0.97, 0).verdict() == "in order"
    tied = Neighbours("a", "b", 0.75, 20)
    assert tied.tied and tied.text() == (
        "a over b: 75% sure, tied; about 20 more pairs between them would tell (95%), "
        "if they scored as they did"
    )
    assert Neighbours("a", "b", 0.5, None).verdict() == "tied: equal results, more games may tell"
    assert Neighbours("a", "b", math.nan, None).verdict().startswith("not compared")


def test_a_strong_bot_is_in_order_and_two_random_ones_are_tied() -> None:
    records = [
        played_record(*bots, seed=seed, names=names)
        for seed in range(12)
        for bots, names in (
            (("greedy", "random"), ("strong", "weak")),
            (("random", "greedy"), ("weak", "strong")),
        )
    ]
    records += [
        played_record("random", "random", seed=100 + seed, names=names)
        for seed in range(2)
        for names in (("weak", "weaker"), ("weaker", "weak"))
    ]
    found = {(n.upper, n.lower): n for n in neighbours(summarise(records))}
    top = found["strong", "weak"]
    assert not top.tied and top.more_pairs == 0 and top.los >= SURE
    bottom = next(n for key, n in found.items() if "weaker" in key)
    assert bottom.tied and bottom.los < SURE
