"""Elo ratings from game results: Bradley-Terry maximum likelihood with intervals.

The model (as in Ordo and BayesElo): player *i* has a rating ``r_i`` and scores
against player *j*, in expectation,

    E[s_ij] = 1 / (1 + 10 ** ((r_j - r_i) / 400)).

**Draws** count as half a win and half a loss: a game contributes
``s * log E + (1 - s) * log(1 - E)`` to the log-likelihood with ``s`` in
{1, 1/2, 0}. This is Ordo's treatment. It keeps a draw exactly as informative
as its score says, needs no draw-rate parameter, and makes the maximum
likelihood ratings reproduce each player's total score. (BayesElo instead
fits a separate ``drawelo``; with few games between bots of very different
strength the two agree closely, and this one has no extra parameter to fit.)

**Prior.** A player who won or lost every game has no finite maximum. As in
BayesElo, ``prior`` virtual draws (2 by default) are added between every
pair of players that met; ``prior=0`` gives the plain maximum likelihood (a
PlygroundError names the players when it does not exist).

**Scale.** Ratings are relative: they are shifted so that their mean is 0
(``anchor`` shifts them so one player has a given rating instead).

**Intervals.** The 95% interval of a rating is ``±1.96`` standard errors from
the observed information (the negative Hessian of the log-likelihood at the
maximum), with the sum-to-zero constraint: the covariance is the
pseudo-inverse of the Hessian. **Likelihood of superiority** of *i* over *j*
is ``Phi((r_i - r_j) / sd(r_i - r_j))`` from the same covariance (BayesElo's
``los``), the probability that *i* is the stronger under the model.

Players who never met (directly or through others) cannot be compared; the
ratings of a disconnected field are fitted per connected group, each with
mean 0, and the likelihood of superiority across groups is ``nan``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from plyground.arena.stats.elo import Z95
from plyground.core.errors import PlygroundError

__all__ = [
    "ELO_SCALE",
    "Outcome",
    "RatingTable",
    "fit_ratings",
    "normal_cdf",
]

ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per natural-log unit of odds (about 173.7)."""


@dataclass(frozen=True)
class Outcome:
    """One game between two players: ``score`` is the first player's (1, 0.5 or 0)."""

    first: str
    second: str
    score: float


def normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@dataclass(frozen=True)
class RatingTable:
    """Fitted ratings: per player its rating, 95% half-width, games and score."""

    players: tuple[str, ...]
    ratings: tuple[float, ...]
    margins: tuple[float, ...]
    games: tuple[int, ...]
    scores: tuple[float, ...]
    covariance: tuple[tuple[float, ...], ...]
    groups: tuple[int, ...]
    """The connected group of each player (players of different groups never met)."""

    def rating(self, player: str) -> float:
        """The rating of ``player``."""
        return self.ratings[self._index(player)]

    def margin(self, player: str) -> float:
        """The half-width of the 95% interval of ``player``'s rating."""
        return self.margins[self._index(player)]

    def los(self, first: str, second: str) -> float:
        """The likelihood that ``first`` is stronger than ``second`` (0..1; nan across groups)."""
        i, j = self._index(first), self._index(second)
        if i == j:
            return 0.5
        if self.groups[i] != self.groups[j]:
            return math.nan
        variance = self.covariance[i][i] + self.covariance[j][j] - 2.0 * self.covariance[i][j]
        difference = self.ratings[i] - self.ratings[j]
        if variance <= 0.0:
            return 0.5 if difference == 0 else float(difference > 0)
        return normal_cdf(difference / math.sqrt(variance))

    def ranked(self) -> list[int]:
        """Player indices from the highest rating down (ties by name)."""
        return sorted(range(len(self.players)), key=lambda i: (-self.ratings[i], self.players[i]))

    def _index(self, player: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            known = ", ".join(self.players) or "none"
            raise PlygroundError(f"no rating for {player!r} (rated: {known})") from None


def fit_ratings(
    outcomes: Iterable[Outcome],
    prior: float = 2.0,
    anchor: tuple[str, float] | None = None,
    players: Sequence[str] | None = None,
) -> RatingTable:
    """Maximum likelihood Bradley-Terry ratings (see the module docstring).

    ``players`` fixes the order of the table (default: order of appearance).
    """
    _check_prior(prior)
    outcome_list = list(outcomes)
    names: list[str] = list(players) if players is not None else []
    for outcome in outcome_list:
        for name in (outcome.first, outcome.second):
            if name not in names:
                names.append(name)
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    # wins[i, j]: points i scored against j; played[i, j]: games between them.
    wins = np.zeros((n, n))
    played = np.zeros((n, n))
    for outcome in outcome_list:
        if outcome.first == outcome.second:
            raise PlygroundError(f"a game of {outcome.first!r} against itself cannot be rated")
        i, j = index[outcome.first], index[outcome.second]
        wins[i, j] += outcome.score
        wins[j, i] += 1.0 - outcome.score
        played[i, j] += 1.0
        played[j, i] += 1.0
    games = played.sum(axis=1)
    scores = wins.sum(axis=1)
    met = played > 0
    wins_prior = wins + 0.5 * prior * met
    played_prior = played + prior * met

    groups = _groups(met)
    _check_bounded(prior, wins, groups, names)
    ratings = np.zeros(n)
    for group in set(groups):
        members = [i for i in range(n) if groups[i] == group]
        if len(members) > 1:
            sub = np.ix_(members, members)
            ratings[members] = _newton(wins_prior[sub], played_prior[sub])
    hessian = _information(ratings, played_prior)
    covariance = np.zeros((n, n))
    for group in set(groups):
        members = [i for i in range(n) if groups[i] == group]
        if len(members) > 1:
            sub = np.ix_(members, members)
            covariance[sub] = np.linalg.pinv(hessian[sub], hermitian=True)
    ratings_elo = ratings * ELO_SCALE
    covariance_elo = covariance * ELO_SCALE**2
    if anchor is not None:
        name, value = anchor
        if name not in index:
            raise PlygroundError(f"anchor {name!r} played no game (players: {', '.join(names)})")
        a = index[name]
        same = [i for i in range(n) if groups[i] == groups[a]]
        ratings_elo[same] += value - ratings_elo[a]
        # Relative to the anchor: var(r_i - r_a).
        diag = np.diag(covariance_elo).copy()
        for i in same:
            covariance_elo[i, i] = diag[i] + diag[a] - 2 * covariance_elo[i, a]
    margins = Z95 * np.sqrt(np.clip(np.diag(covariance_elo), 0.0, None))
    return RatingTable(
        players=tuple(names),
        ratings=tuple(float(r) for r in ratings_elo),
        margins=tuple(float(m) for m in margins),
        games=tuple(int(g) for g in games),
        scores=tuple(float(s) for s in scores),
        covariance=tuple(tuple(float(c) for c in row) for row in covariance_elo),
        groups=tuple(groups),
    )


def _check_prior(prior: float) -> None:
    """PlygroundError unless ``prior`` is a finite count of virtual draws, 0 or more."""
    if not (math.isfinite(prior) and prior >= 0):
        raise PlygroundError(f"the prior must be 0 or more virtual draws, got {prior}")


def _check_bounded(prior: float, wins: np.ndarray, groups: list[int], names: list[str]) -> None:
    """PlygroundError unless every rating has a finite maximum. A prior's virtual draws
    ensure one; without a prior, each player must reach every other of its group through
    "scored a point against" (Zermelo's condition). Else some players scored no point
    against the rest of their group, whose lead over them grows without end; the error
    names both."""
    if prior > 0:
        return
    n = len(names)
    reach = (wins > 0) | np.eye(n, dtype=bool)
    while True:  # the transitive closure
        wider = reach | ((reach.astype(np.int64) @ reach.astype(np.int64)) > 0)
        if (wider == reach).all():
            break
        reach = wider
    for i in range(n):
        group = [j for j in range(n) if groups[j] == groups[i]]
        rest = [names[j] for j in group if not reach[i, j]]
        if rest:  # those i reaches scored no point against the rest of the group
            behind = [names[j] for j in group if reach[i, j]]
            raise PlygroundError(
                "with no prior the ratings have no finite maximum: "
                f"{', '.join(behind)} scored no point against {', '.join(rest)}; "
                "give a prior above 0 (the default is 2)"
            )


def _groups(met: np.ndarray) -> list[int]:
    """Connected components of the "played each other" graph, numbered 0, 1, ..."""
    n = met.shape[0]
    group = [-1] * n
    count = 0
    for start in range(n):
        if group[start] >= 0:
            continue
        stack = [start]
        group[start] = count
        while stack:
            i = stack.pop()
            for j in np.nonzero(met[i])[0]:
                if group[j] < 0:
                    group[j] = count
                    stack.append(int(j))
        count += 1
    return group


def _probabilities(ratings: np.ndarray) -> np.ndarray:
    """p[i, j] = P(i beats j) for ratings in natural-log units."""
    probabilities: np.ndarray = 1.0 / (1.0 + np.exp(ratings[None, :] - ratings[:, None]))
    return probabilities


def _information(ratings: np.ndarray, played: np.ndarray) -> np.ndarray:
    """The negative Hessian of the log-likelihood (a weighted graph Laplacian)."""
    p = _probabilities(ratings)
    weights = played * p * (1.0 - p)
    information: np.ndarray = np.diag(weights.sum(axis=1)) - weights
    return information


def _newton(wins: np.ndarray, played: np.ndarray) -> np.ndarray:
    """Maximise the likelihood of one connected group; ratings in log-odds units, mean 0.

    Newton's method on the concave log-likelihood, with step halving. Without
    a prior the maximum may be at infinity (a perfect score): the iteration
    then stops at a large finite rating once the gain in likelihood vanishes.
    """
    n = wins.shape[0]
    ratings = np.zeros(n)

    def loglik(r: np.ndarray) -> float:
        p = np.clip(_probabilities(r), 1e-300, 1.0)
        return float((wins * np.log(p)).sum())

    current = loglik(ratings)
    for _ in range(200):
        p = _probabilities(ratings)
        gradient = (wins - played * p).sum(axis=1)
        hessian = _information(ratings, played) + np.full((n, n), 1.0 / n)
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:  # numerically singular: keep the last step's ratings
            break
        step -= step.mean()
        scale = 1.0
        while scale > 1e-6:
            trial = ratings + scale * step
            value = loglik(trial)
            if value >= current - 1e-12:
                break
            scale /= 2.0
        else:
            break
        ratings = trial - trial.mean()
        gained = value - current
        current = value
        if np.max(np.abs(scale * step)) < 1e-10 or (0 <= gained < 1e-13 and scale < 1):
            break
    return ratings
