"""SPRT: the LLR against hand-computed values, and decisions on simulated results."""

from __future__ import annotations

import math
import random

import pytest

from plyground.arena.stats.ratings import expected_score
from plyground.arena.stats.sprt import Sprt, SprtDecision, llr
from plyground.core.errors import SettingsError


def test_llr_trinomial_by_hand() -> None:
    # 10 losses, 20 draws, 30 wins: mu = 2/3, var = 5/36 (8.333/60).
    # s0 = 0.5, s1 = E(10 Elo) = 0.514387; LLR = 60/2 * ln((var + 1/36) / (var + 0.15228^2)).
    assert llr([10, 20, 30], 0, 10) == pytest.approx(0.83756, abs=1e-4)


def test_llr_pentanomial_by_hand() -> None:
    # Pairs scoring 0, 1/4, 1/2, 3/4, 1: counts 5, 10, 30, 20, 5 (70 pairs);
    # mu = 0.535714, var = 0.0612245; s0 = E(-5) = 0.492805, s1 = E(5) = 0.507195.
    assert llr([5, 10, 30, 20, 5], -5, 5) == pytest.approx(0.57516, abs=1e-4)


def test_llr_is_zero_without_results_and_antisymmetric() -> None:
    assert llr([0, 0, 0], 0, 5) == 0.0
    assert llr([3, 4, 3], -5, 5) == pytest.approx(0.0)
    assert llr([2, 4, 6], -5, 5) == pytest.approx(-llr([6, 4, 2], -5, 5))


def test_bounds_and_settings() -> None:
    test = Sprt(elo0=0, elo1=5, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(19))
    assert test.lower == pytest.approx(-math.log(19))
    with pytest.raises(SettingsError, match="elo0 < elo1"):
        Sprt(elo0=5, elo1=0)
    with pytest.raises(SettingsError, match="alpha"):
        Sprt(alpha=0.7)
    with pytest.raises(SettingsError, match="expected 5 counts"):
        test.state([1, 2, 3])


def test_state_from_scores() -> None:
    test = Sprt(elo0=0, elo1=10, pentanomial=False)
    state = test.state_from_scores([0.0] * 10 + [0.5] * 20 + [1.0] * 30)
    assert state.counts == (10, 20, 30)
    assert state.llr == pytest.approx(llr([10, 20, 30], 0, 10))
    assert state.decision is SprtDecision.CONTINUE
    assert "after 60 games" in state.describe()
    with pytest.raises(SettingsError, match=r"0\.3"):
        test.state_from_scores([0.3])


def _run(
    test: Sprt, true_elo: float, rng: random.Random, draw_rate: float = 0.3
) -> tuple[str, int]:
    """Play simulated colour-swapped pairs until the test decides; returns (decision, pairs)."""
    win = expected_score(true_elo) - draw_rate / 2
    counts = [0] * 5
    for pairs in range(1, 200_000):
        points = 0
        for _ in range(2):
            roll = rng.random()
            points += 2 if roll < win else 1 if roll < win + draw_rate else 0
        counts[points] += 1
        if pairs % 8 == 0:
            state = test.state(counts)
            if state.decision is not SprtDecision.CONTINUE:
                return state.decision.value, pairs
    raise AssertionError("the SPRT never decided")


def test_decides_h1_for_a_clearly_stronger_player() -> None:
    rng = random.Random(1)
    test = Sprt(elo0=0, elo1=20, alpha=0.05, beta=0.05)
    decisions = [_run(test, 60, rng)[0] for _ in range(40)]
    assert decisions.count("H1") >= 39


def test_decides_h0_for_an_equal_or_weaker_player() -> None:
    rng = random.Random(2)
    test = Sprt(elo0=0, elo1=20, alpha=0.05, beta=0.05)
    decisions = [_run(test, -40, rng)[0] for _ in range(40)]
    assert decisions.count("H0") >= 39


def test_error_rates_at_the_hypotheses() -> None:
    # At elo = elo0 the test should accept H1 rarely (about alpha); at elo1, H0 about beta.
    rng = random.Random(3)
    test = Sprt(elo0=0, elo1=40, alpha=0.1, beta=0.1)
    at_h0 = [_run(test, 0, rng)[0] for _ in range(150)]
    at_h1 = [_run(test, 40, rng)[0] for _ in range(150)]
    assert at_h0.count("H1") / 150 < 0.2
    assert at_h1.count("H0") / 150 < 0.2
    # ... and decides faster when the truth is far from both hypotheses.
    far = sum(_run(test, 150, rng)[1] for _ in range(30)) / 30
    near = sum(_run(test, 40, rng)[1] for _ in range(30)) / 30
    assert far < near
