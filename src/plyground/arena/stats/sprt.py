"""Sequential probability ratio test: "is A stronger than B by at least x Elo?"

The test weighs H0: ``elo = elo0`` against H1: ``elo = elo1`` (logistic Elo,
``elo0 < elo1``) after every observation and stops as soon as the
log-likelihood ratio (LLR) leaves ``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``:
above, H1 is accepted (A is about ``elo1`` stronger or more, with false-positive
rate ``alpha``); below, H0 (with false-negative rate ``beta``).

**Observations.** The tournament, ``report --sprt`` and ``plyground sprt
--ptnml`` count colour-swapped *pairs* (pentanomial: a pair scores 0, 1/2, 1,
3/2 or 2 points, normalised to 0, 1/4, 1/2, 3/4, 1). Paired games from one
opening are correlated; counting pairs measures the variance that really is
there. ``plyground sprt --wdl`` counts single games (trinomial: 0, 1/2, 1).

**The LLR** is the generalised SPRT with the maximum likelihood distribution
under each hypothesis (Michel Van den Bergh's GSPRT, as fishtest, OpenBench
and fastchess use it): with ``f`` the observed frequencies of the categories
``x`` and ``p_h`` the distribution nearest to ``f`` (least ``KL(f || p)``)
whose mean is the expected score ``s_h`` of hypothesis ``h``,

    LLR = n * sum_k f_k * log(p_1k / p_0k),   p_hk = f_k / (1 + lambda_h * (x_k - s_h)),

where ``lambda_h`` makes the mean of ``p_h`` equal ``s_h`` (found by bisection).

**Regularisation.** Before the frequencies are taken, every category gets a
prior pseudo-count of :data:`PRIOR_PER_OUTCOME`. A handful of pairs that all
split 1-1 has an observed variance of zero, which would make any difference
of means infinitely significant; the prior keeps the variance honest for
small samples and fades as observations accumulate. On top of that, no
verdict is given before :data:`MIN_GAMES` games (for pairs: half as many pairs).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from plyground.arena.records.record import GameRecord
from plyground.arena.stats.elo import Z95, EloEstimate, elo_from_score, expected_score
from plyground.core.errors import SettingsError

__all__ = [
    "DEFAULT_ALPHA",
    "DEFAULT_BETA",
    "MIN_GAMES",
    "PRIOR_PER_OUTCOME",
    "EvenPairs",
    "Sprt",
    "SprtDecision",
    "SprtState",
    "even_pairs",
    "llr",
    "paired_scores",
    "score_estimate",
]

DEFAULT_ALPHA = 0.05
"""The false-positive rate of a test unless told otherwise (every command's default)."""
DEFAULT_BETA = 0.05
"""The false-negative rate of a test unless told otherwise (every command's default)."""
PRIOR_PER_OUTCOME = 0.5
"""Pseudo-count added to each category before the frequencies are taken."""
MIN_GAMES = 20
"""No verdict before this many games (10 pairs)."""

_BISECTIONS = 200


class SprtDecision(StrEnum):
    """Where a test stands."""

    H0 = "H0"
    """Accepted: not ``elo1`` stronger (the strength difference is near ``elo0`` or below)."""
    H1 = "H1"
    """Accepted: at least ``elo1`` stronger (near ``elo1`` or above)."""
    CONTINUE = "continue"
    """Not decided yet: play more games."""


def _values(categories: int) -> list[float]:
    if categories < 2:
        raise SettingsError(f"an SPRT needs at least two categories, got {categories}")
    return [k / (categories - 1) for k in range(categories)]


def _frequencies(counts: Sequence[float]) -> list[float]:
    """The regularised frequencies: each count plus the prior, normalised."""
    total = sum(counts) + PRIOR_PER_OUTCOME * len(counts)
    return [(c + PRIOR_PER_OUTCOME) / total for c in counts]


def _tilt(frequencies: Sequence[float], values: Sequence[float], mean: float) -> float:
    """``lambda`` such that ``f_k / (1 + lambda (x_k - mean))`` has mean ``mean``.

    ``g(lambda) = sum f_k (x_k - mean) / (1 + lambda (x_k - mean))`` falls from
    +inf to -inf over the lambdas that keep every weight positive, so bisection finds
    its root. Every frequency is positive (the prior) and ``mean`` lies strictly
    between the smallest and largest value.
    """
    low = -1.0 / (max(values) - mean)
    high = 1.0 / (mean - min(values))
    for _ in range(_BISECTIONS):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        g = sum(
            f * (x - mean) / (1.0 + middle * (x - mean))
            for f, x in zip(frequencies, values, strict=True)
        )
        if g > 0:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 over H0 for category ``counts``.

    ``counts[k]`` is how many observations scored ``k / (len(counts) - 1)``
    (3 categories: loss, draw, win; 5: a pair's 0, 1/2, 1, 3/2, 2 points).
    """
    values = _values(len(counts))
    if any(c < 0 for c in counts):
        raise SettingsError(f"counts cannot be negative, got {list(counts)!r}")
    observations = sum(counts)
    if observations == 0:
        return 0.0
    frequencies = _frequencies(counts)
    total = 0.0
    for elo, sign in ((elo1, -1.0), (elo0, 1.0)):
        mean = expected_score(elo)
        tilt = _tilt(frequencies, values, mean)
        # log(p_1k / p_0k) = log(1 + lambda_0 (x_k - s0)) - log(1 + lambda_1 (x_k - s1))
        total += sign * sum(
            f * math.log1p(tilt * (x - mean)) for f, x in zip(frequencies, values, strict=True)
        )
    return observations * total


def score_estimate(counts: Sequence[int], games_per_observation: int) -> EloEstimate:
    """The Elo difference the counts imply, with a 95% interval: the observed mean
    score, and a normal interval from the regularised variance per observation."""
    values = _values(len(counts))
    observations = sum(counts)
    games = observations * games_per_observation
    if observations == 0:
        return EloEstimate(0, math.nan, math.nan, -math.inf, math.inf)
    score = sum(c * x for c, x in zip(counts, values, strict=True)) / observations
    frequencies = _frequencies(counts)
    mean = sum(f * x for f, x in zip(frequencies, values, strict=True))
    variance = sum(f * (x - mean) ** 2 for f, x in zip(frequencies, values, strict=True))
    margin = Z95 * math.sqrt(variance / observations)
    low, high = max(0.0, score - margin), min(1.0, score + margin)
    return EloEstimate(
        games, score, elo_from_score(score) + 0.0, elo_from_score(low), elo_from_score(high)
    )


@dataclass(frozen=True)
class SprtState:
    """The test after some results: counts, LLR, bounds, Elo estimate and the decision."""

    test: Sprt
    counts: tuple[int, ...]
    llr: float
    decision: SprtDecision
    estimate: EloEstimate

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR."""
        return self.test.lower

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR."""
        return self.test.upper

    @property
    def observations(self) -> int:
        """Pairs (pentanomial) or games (trinomial) counted."""
        return sum(self.counts)

    @property
    def unit(self) -> str:
        """``pairs`` or ``games``."""
        return "pairs" if len(self.counts) == 5 else "games"

    def at_limit(self, limit: int | None) -> bool:
        """Undecided with the most observations to play (``limit``) reached."""
        undecided = self.decision is SprtDecision.CONTINUE
        return undecided and limit is not None and self.observations >= limit

    def outcome(self, limit: int | None = None) -> str:
        """The verdict word (``H0``, ``H1``, ``continue``), or, with the most pairs to play
        (``limit``) reached undecided, ``no decision (the limit)``."""
        return "no decision (the limit)" if self.at_limit(limit) else self.decision.value

    def describe(self, limit: int | None = None) -> str:
        """One line: ``LLR 1.23 (-2.94, 2.94) after 40 pairs: continue``."""
        return (
            f"LLR {self.llr:.2f} ({self.lower:.2f}, {self.upper:.2f}) "
            f"after {self.observations} {self.unit}: {self.outcome(limit)}"
        )

    def sentence(self, first: str = "new", second: str = "old", limit: int | None = None) -> str:
        """What the verdict means, in words."""
        elo1 = f"{self.test.elo1:g}"
        if self.decision is SprtDecision.H1:
            return f"{first} is {elo1} Elo stronger than {second}, or more"
        if self.decision is SprtDecision.H0:
            return f"{first} is not {elo1} Elo stronger than {second}"
        done = f"no decision after {self.observations} {self.unit}"
        if self.at_limit(limit):
            return f"{done} (the limit)"
        if self.observations < self.test.minimum and not (self.lower < self.llr < self.upper):
            return f"{done}: the test decides after {self.test.minimum} {self.unit} at the earliest"
        return f"{done}: play more"

    def even_note(self, even: EvenPairs | None = None) -> str | None:
        """For pairs, when most scored 1 of 2: what that says. ``even`` tells the splits (a
        win each: the colour decided) from the pairs of two draws (the players could not
        be told apart); counts alone cannot, and then the note says only what they show.
        None when at most half the pairs scored 1 of 2."""
        if self.unit != "pairs" or self.observations == 0:
            return None
        level, total = self.counts[2], self.observations
        if 2 * level <= total:
            return None
        advice = "use more rounds, or accuracy against exact values (plyground analyse)"
        every = level == total
        if even is None:
            return (
                f"{'every pair' if every else f'{level} of {total} pairs'} scored 1 of 2 "
                f"(a win each, or two draws: the counts do not say which); {advice}"
            )
        if even.split == level:
            what = "every pair split" if every else f"{level} of {total} pairs split"
            return (
                f"{what} (a win each): at this setting the colour decides "
                f"{'' if every else 'most '}games; {advice}"
            )
        if even.drawn == level:
            what = "every pair was" if every else f"{level} of {total} pairs were"
            return f"{what} two draws: at this setting the two play alike; {advice}"
        return (
            f"{level} of {total} pairs scored 1 of 2: {even.split} split (a win each, the "
            f"colour decided) and {even.drawn} {'was' if even.drawn == 1 else 'were'} two "
            f"draws; {advice}"
        )

    def lines(
        self,
        first: str = "new",
        second: str = "old",
        limit: int | None = None,
        even: EvenPairs | None = None,
    ) -> list[str]:
        """The whole account: LLR and bounds, counts and Elo, the sentence, any note
        (``even``: how the pairs that scored 1 of 2 came about, when known)."""
        counts = "-".join(str(c) for c in self.counts)
        model = "pentanomial" if self.unit == "pairs" else "W-D-L"
        if self.unit == "games":
            counts = "-".join(str(c) for c in reversed(self.counts))  # wins first
        lines = [
            self.describe(limit),
            f"{model} {counts}; Elo {self.estimate.text()} (95%)",
            self.sentence(first, second, limit),
        ]
        note = self.even_note(even)
        if note is not None:
            lines.append(note)
        return lines


@dataclass(frozen=True)
class Sprt:
    """The settings of one test: ``elo0``, ``elo1``, error rates, and the count model."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = DEFAULT_ALPHA
    beta: float = DEFAULT_BETA
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

    def text(self) -> str:
        """``[0, 20] alpha=0.05 beta=0.05 (pentanomial)``: the test's settings."""
        model = "pentanomial" if self.pentanomial else "trinomial"
        return f"[{self.elo0:g}, {self.elo1:g}] alpha={self.alpha:g} beta={self.beta:g} ({model})"

    @property
    def minimum(self) -> int:
        """Observations before any verdict (:data:`MIN_GAMES` games)."""
        return MIN_GAMES // 2 if self.pentanomial else MIN_GAMES

    def state(self, counts: Sequence[int]) -> SprtState:
        """The test's state after results counted in ``counts`` (3 or 5 categories)."""
        expected = 5 if self.pentanomial else 3
        if len(counts) != expected:
            raise SettingsError(f"expected {expected} counts, got {list(counts)!r}")
        value = llr(counts, self.elo0, self.elo1)
        decision = SprtDecision.CONTINUE
        if sum(counts) >= self.minimum:
            if value >= self.upper:
                decision = SprtDecision.H1
            elif value <= self.lower:
                decision = SprtDecision.H0
        estimate = score_estimate(counts, 2 if self.pentanomial else 1)
        return SprtState(self, tuple(int(c) for c in counts), value, decision, estimate)

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


@dataclass(frozen=True)
class EvenPairs:
    """How the pairs that scored 1 point of 2 came about: ``split``, a win each (each
    player won with the same colour); ``drawn``, two draws."""

    split: int
    drawn: int


def paired_scores(records: Iterable[GameRecord], first: str, second: str) -> list[float]:
    """The points ``first`` scored in each complete colour-swapped pair against ``second``
    (0 to 2), pairs known by their schedule key (``.../p3/g0`` and ``.../p3/g1``) within
    their tournament; games of other players or without a partner are left out."""
    return [sum(scores) for scores in _pair_games(records, first, second)]


def even_pairs(records: Iterable[GameRecord], first: str, second: str) -> EvenPairs:
    """Of the complete pairs of ``first`` against ``second`` that scored 1 of 2, how many
    split and how many were two draws."""
    even = [sorted(s) for s in _pair_games(records, first, second) if sum(s) == 1]
    return EvenPairs(sum(s == [0.0, 1.0] for s in even), sum(s == [0.5, 0.5] for s in even))


def _pair_games(records: Iterable[GameRecord], first: str, second: str) -> list[list[float]]:
    """``first``'s score in each game of each complete pair against ``second``."""
    pairs: dict[tuple[str, str], list[float]] = {}
    for record in records:
        names = [p.name for p in record.players]
        key = record.tags.get("key", "")
        if sorted(names) != sorted((first, second)) or "/" not in key:
            continue
        pair = (record.tags.get("tournament", ""), key.rsplit("/", 1)[0])
        pairs.setdefault(pair, []).append(record.score(names.index(first)))
    return [scores for scores in pairs.values() if len(scores) == 2]
