"""Elo difference from a match score, with a 95% interval.

The logistic Elo model says a player ``d`` points stronger scores
``1 / (1 + 10 ** (-d / 400))`` on average, so a score ``s`` (0..1) means
``d = -400 * log10(1 / s - 1)``. The interval comes from the per-game
scores' standard error (normal approximation, as cutechess and fastchess
report it) in the Wilson form, which also works when every game had the
same result (:func:`score_interval`); each end is mapped to Elo. A score of
0 or 1 has no finite Elo: the estimate is infinite in that direction, its
interval's other end is finite.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "Z95",
    "EloEstimate",
    "elo_from_score",
    "elo_from_wdl",
    "expected_score",
    "score_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def elo_from_score(score: float) -> float:
    """Elo difference for an average score in [0, 1] (``±inf`` at the ends).

    >>> round(elo_from_score(0.75), 1)
    190.8
    """
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score must be between 0 and 1, got {score!r}")
    if score == 0.0:
        return -math.inf
    if score == 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo_difference: float) -> float:
    """The expected score of a player rated ``elo_difference`` above the opponent
    (the inverse of :func:`elo_from_score`).

    >>> round(expected_score(190.8), 3)
    0.75
    """
    return float(1.0 / (1.0 + 10.0 ** (-elo_difference / 400.0)))


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference (first player minus second) with its 95% interval."""

    games: int
    score: float
    """Average score per game, 0..1 (nan with no games)."""
    diff: float
    low: float
    high: float

    def text(self) -> str:
        """``+191 [+35, +345]`` (the 95% interval), ``+inf [>+7]`` (every game won: only a
        bound), ``-`` with no games."""
        if self.games == 0:
            return "-"
        if math.isinf(self.diff):
            bound = self.low if self.diff > 0 else self.high
            return f"{self.diff:+} [{'>' if self.diff > 0 else '<'}{bound:+.0f}]"
        return f"{self.diff:+.0f} [{self.low:+.0f}, {self.high:+.0f}]"

    def to_dict(self) -> dict[str, float | int | None]:
        """JSON-friendly (infinite or undefined values become None)."""

        def finite(value: float) -> float | None:
            return round(value, 2) if math.isfinite(value) else None

        return {
            "games": self.games,
            "score": finite(self.score),
            "elo": finite(self.diff),
            "elo_low": finite(self.low),
            "elo_high": finite(self.high),
        }


def elo_from_wdl(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference implied by wins, draws and losses, with a 95% interval.

    >>> estimate = elo_from_wdl(14, 2, 4)
    >>> round(estimate.diff), round(estimate.low), round(estimate.high)
    (191, 29, 342)
    """
    games = wins + draws + losses
    if games == 0:
        return EloEstimate(0, math.nan, math.nan, -math.inf, math.inf)
    score = (wins + 0.5 * draws) / games
    # the draw rate is shrunk a little (two pseudo-games without a draw), so that
    # a short run of draws does not claim zero variance
    low, high = score_interval(score, draws / (games + 2), games)
    return EloEstimate(
        games, score, elo_from_score(score) + 0.0, elo_from_score(low), elo_from_score(high)
    )


def score_interval(
    score: float, draw_rate: float, games: int, z: float = Z95
) -> tuple[float, float]:
    """The true scores ``mu`` for which ``score`` lies within ``z`` standard errors.

    A game's score has variance ``mu * (1 - mu) - draw_rate / 4`` when the
    true mean is ``mu``; solving ``(score - mu)**2 = z**2 / games * variance``
    for ``mu`` gives the interval. Without draws this is Wilson's interval:
    unlike ``score ± z * se`` it stays inside (0, 1) and is not empty when
    every game had the same result.
    """
    k = z * z / games
    b = 2 * score + k
    disc = max(0.0, k * (4 * score * (1 - score) + k - draw_rate * (1 + k)))
    root = math.sqrt(disc)
    low = (b - root) / (2 * (1 + k))
    high = (b + root) / (2 * (1 + k))
    return max(0.0, min(low, score)), min(1.0, max(high, score))
