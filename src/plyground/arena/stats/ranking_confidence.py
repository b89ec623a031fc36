"""How much a ranking means: each two neighbours, how sure the games are of their order.

For every two players next to each other in the standings,
:func:`neighbours` gives the likelihood of superiority (LOS) of the upper
one, from the ratings' fit (:meth:`~plyground.arena.stats.ratings.RatingTable.los`);
below :data:`SURE` the two are **tied**: the games do not tell them apart.
For a tie it estimates how many more colour-swapped pairs between the two
would make it :data:`SURE`, if they went on scoring as they did: the LOS is
``Phi(d / s)`` for a rating difference ``d`` with standard error ``s``, and
``s`` shrinks as one over the square root of the games, so the games must
grow by ``(z / z_now)^2`` where ``z = Phi^-1(SURE)`` and ``z_now =
Phi^-1(LOS)``. It is a rough guide (their games against others count in the
fit too), not a promise; with equal results (LOS 50%) no number of games
can be given.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from statistics import NormalDist

from plyground.arena.stats.summary import Summary

__all__ = ["SURE", "Neighbours", "neighbours"]

SURE = 0.95
"""The likelihood of superiority from which a ranking of two players is trusted."""


@dataclass(frozen=True)
class Neighbours:
    """Two players next to each other in the standings, the upper one first."""

    upper: str
    lower: str
    los: float
    """The likelihood that ``upper`` is stronger (nan when they are not compared)."""
    more_pairs: int | None
    """About how many more pairs between them would make the order sure; 0 when it is,
    None when no number can be given (equal results, or never compared)."""

    @property
    def tied(self) -> bool:
        """Not :data:`SURE` of their order."""
        return not self.los >= SURE

    def verdict(self) -> str:
        """``in order``, or why not: ``tied; about 24 more pairs between them would tell
        (95%), if they scored as they did``."""
        if math.isnan(self.los):
            return "not compared: no games connect them"
        if not self.tied:
            return "in order"
        if self.more_pairs is None:
            return "tied: equal results, more games may tell"
        return (
            f"tied; about {self.more_pairs} more pairs between them would tell "
            f"({100 * SURE:.0f}%), if they scored as they did"
        )

    def text(self) -> str:
        """``ada over cy: 71% sure, tied; about 24 more pairs ...``: the whole line."""
        sure = "" if math.isnan(self.los) else f" {100 * self.los:.0f}% sure,"
        return f"{self.upper} over {self.lower}:{sure} {self.verdict()}"


def neighbours(summary: Summary) -> list[Neighbours]:
    """Each two neighbours of the standings (players with games), upper first."""
    ranked = [s.name for s in summary.standings() if s.games > 0]
    result = []
    for upper, lower in itertools.pairwise(ranked):
        los = summary.ratings.los(upper, lower)
        pairs = summary.meetings.get((upper, lower), 0) / 2
        result.append(Neighbours(upper, lower, los, _more_pairs(los, pairs)))
    return result


def _more_pairs(los: float, pairs: float) -> int | None:
    if math.isnan(los) or los <= 0.5:
        return None
    if los >= SURE:
        return 0
    now = NormalDist().inv_cdf(los)
    needed = NormalDist().inv_cdf(SURE)
    return max(1, math.ceil(max(pairs, 1.0) * ((needed / now) ** 2 - 1)))
