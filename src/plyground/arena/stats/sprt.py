"""Sequential probability ratio test: "is A stronger than B by at least x Elo?"

The test weighs H0: ``elo = elo0`` against H1: ``elo = elo1`` (logistic Elo,
``elo0 < elo1``) after every result and stops as soon as the log-likelihood
ratio (LLR) leaves ``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``:
above, H1 is accepted (A is at least ``elo1`` stronger, with false-positive
rate ``alpha``); below, H0 (with false-negative rate ``beta``).

The LLR is the generalised SPRT approximation used by fishtest and
cutechess (Michel Van den Bergh's): with ``n`` independent observations of
mean ``mu`` and variance ``var``, and expected scores ``s0``, ``s1`` of the
two hypotheses,

    LLR = n / 2 * log((var + (mu - s0)^2) / (var + (mu - s1)^2)).

Two ways to count observations:

* **trinomial**: each game is an observation (loss, draw, win: 0, 1/2, 1);
* **pentanomial**: each colour-swapped *pair* of games is an observation
  (0, 1/4, 1/2, 3/4, 1 of the pair's two points). Paired games with one
  opening are correlated; counting pairs measures the variance that really
  is there, and is the right choice for the paired games tournaments play.

As in fishtest, empty categories get a tiny count (``1e-3``) so that the
variance is never zero.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from plyground.arena.stats.ratings import expected_score
from plyground.core.errors import SettingsError

__all__ = ["Sprt", "SprtDecision", "SprtState", "llr"]

_REGULARISE = 1e-3


class SprtDecision(StrEnum):
    """Where a test stands."""

    H0 = "H0"
    """Accepted: not ``elo1`` stronger (the strength difference is near ``elo0`` or below)."""
    H1 = "H1"
    """Accepted: at least ``elo1`` stronger (near ``elo1`` or above)."""
    CONTINUE = "continue"
    """Not decided yet: play more games."""


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 over H0 for category ``counts``.

    ``counts[k]`` is how many observations scored ``k / (len(counts) - 1)``
    (3 categories: loss, draw, win; 5: a pair's 0, 1/2, 1, 3/2, 2 points).
    """
    if len(counts) < 2:
        raise SettingsError(f"an SPRT needs at least two categories, got {list(counts)!r}")
    if sum(counts) == 0:
        return 0.0
    regular = [c if c > 0 else _REGULARISE for c in counts]
    total = sum(regular)
    last = len(regular) - 1
    values = [k / last for k in range(len(regular))]
    mu = sum(v * c for v, c in zip(values, regular, strict=True)) / total
    var = sum(c * (v - mu) ** 2 for v, c in zip(values, regular, strict=True)) / total
    s0, s1 = expected_score(elo0), expected_score(elo1)
    observations = sum(counts)
    return 0.5 * observations * math.log((var + (mu - s0) ** 2) / (var + (mu - s1) ** 2))


@dataclass(frozen=True)
class SprtState:
    """The test after some results: counts, LLR, bounds and the decision."""

    counts: tuple[int, ...]
    llr: float
    lower: float
    upper: float
    decision: SprtDecision

    def describe(self) -> str:
        """One line: ``LLR 1.23 (-2.94, 2.94) after 40 pairs: continue``."""
        unit = "pairs" if len(self.counts) == 5 else "games"
        return (
            f"LLR {self.llr:.2f} ({self.lower:.2f}, {self.upper:.2f}) "
            f"after {sum(self.counts)} {unit}: {self.decision.value}"
        )


@dataclass(frozen=True)
class Sprt:
    """The settings of one test: ``elo0``, ``elo1``, error rates, and the count model."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    pentanomial: bool = True

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SettingsError(f"SPRT needs elo0 < elo1, got elo0={self.elo0} elo1={self.elo1}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise SettingsError(f"SPRT {name} must be between 0 and 0.5, got {value!r}")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR."""
        return math.log((1.0 - self.beta) / self.alpha)

    def state(self, counts: Sequence[int]) -> SprtState:
        """The test's state after results counted in ``counts`` (3 or 5 categories)."""
        expected = 5 if self.pentanomial else 3
        if len(counts) != expected:
            raise SettingsError(f"expected {expected} counts, got {list(counts)!r}")
        value = llr(counts, self.elo0, self.elo1)
        if value >= self.upper:
            decision = SprtDecision.H1
        elif value <= self.lower:
            decision = SprtDecision.H0
        else:
            decision = SprtDecision.CONTINUE
        return SprtState(tuple(counts), value, self.lower, self.upper, decision)

    def state_from_scores(self, scores: Sequence[float]) -> SprtState:
        """The state from per-observation scores: game scores (0, 0.5, 1) for the
        trinomial model, pair points (0, 0.5, ..., 2) for the pentanomial one."""
        categories = 5 if self.pentanomial else 3
        step = 0.5
        counts = [0] * categories
        for score in scores:
            k = round(score / step)
            if not 0 <= k < categories or abs(k * step - score) > 1e-9:
                raise SettingsError(f"score {score!r} does not fit the SPRT's categories")
            counts[k] += 1
        return self.state(counts)
