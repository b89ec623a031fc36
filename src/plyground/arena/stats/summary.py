"""What a set of games says: cross-table, scores, ratings, rule breaks, search figures.

:func:`summarise` turns game records into a :class:`Summary`, which the text
report, the HTML page and the live tournament display all read. Only
two-player games count towards the cross-table and ratings; a player is
known by the name in its :class:`~plyground.arena.records.record.PlayerInfo`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from plyground.arena.records.record import GameRecord, RuleBreak

if TYPE_CHECKING:
    from plyground.arena.stats.ratings import RatingTable

__all__ = ["PlayerStats", "Summary", "summarise"]


@dataclass
class PlayerStats:
    """One player's figures over the games counted (:meth:`add_game`): results, rule
    breaks, time per move (every move of the player's seat) and search depth (its
    own moves that carried search information)."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    rule_breaks: Counter[str] = field(default_factory=Counter)
    first_rule_breaks: dict[str, RuleBreak] = field(default_factory=dict)
    """The first rule break of each kind (by kind's name), for its detail."""
    moves: int = 0
    move_time: float = 0.0
    searched_moves: int = 0
    depth_total: float = 0.0
    margins: list[float] = field(default_factory=list)
    times_by_ply: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    specs: set[str] = field(default_factory=set)

    def add_game(self, record: GameRecord, seat: int) -> None:
        """Count ``record`` (a two-player game) for the player in ``seat``."""
        if record.players[seat].spec:
            self.specs.add(record.players[seat].spec)
        score = record.score(seat)
        self.games += 1
        self.points += score
        if score == 1.0:
            self.wins += 1
        elif score == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        if len(record.returns) > seat:
            self.margins.append(record.returns[seat])
        for rule_break in record.rule_breaks:
            if rule_break.player == seat:
                self.rule_breaks[rule_break.kind.value] += 1
                self.first_rule_breaks.setdefault(rule_break.kind.value, rule_break)
        own_ply = 0
        for move in record.moves:
            if move.player != seat:
                continue
            own_ply += 1
            self.moves += 1
            self.move_time += move.elapsed
            self.times_by_ply[own_ply].append(move.elapsed)
            if move.info is not None and move.rule_break is None:
                self.searched_moves += 1
                self.depth_total += move.info.depth

    @property
    def score(self) -> float:
        """Points per game (0..1); nan before any game."""
        return self.points / self.games if self.games else float("nan")

    @property
    def average_time(self) -> float:
        """Mean seconds per move (nan without moves)."""
        return self.move_time / self.moves if self.moves else float("nan")

    @property
    def average_depth(self) -> float:
        """Mean search depth per move with search info (nan without any)."""
        return self.depth_total / self.searched_moves if self.searched_moves else float("nan")


@dataclass
class Summary:
    """Figures for a set of two-player games between named players."""

    players: list[str]
    stats: dict[str, PlayerStats]
    points: dict[tuple[str, str], float]
    """``points[a, b]``: what ``a`` scored against ``b``."""
    meetings: dict[tuple[str, str], int]
    """``meetings[a, b]``: games between ``a`` and ``b`` (symmetric)."""
    ratings: RatingTable
    games: int

    def pair_score(self, first: str, second: str) -> float:
        """``first``'s points per game against ``second`` (nan if they never met)."""
        count = self.meetings.get((first, second), 0)
        return self.points.get((first, second), 0.0) / count if count else float("nan")

    def standings(self) -> list[PlayerStats]:
        """Players by rating, then points."""
        ranked = self.ratings.ranked()
        position = {self.ratings.players[i]: n for n, i in enumerate(ranked)}
        return sorted(
            self.stats.values(),
            key=lambda s: (position.get(s.name, len(position)), -s.points, s.name),
        )


def summarise(
    records: Iterable[GameRecord], players: Sequence[str] | None = None, prior: float = 2.0
) -> Summary:
    """Summarise two-player games (others are skipped).

    ``players`` fixes the order of the table and who is listed even without
    games; by default players appear in the order they are first seen.
    """
    # imported here: the ratings' fit loads numpy, which a match's summary of each side
    # (a PlayerStats, from this module) never needs
    from plyground.arena.stats.ratings import Outcome, fit_ratings

    names: list[str] = list(players) if players is not None else []
    stats: dict[str, PlayerStats] = {name: PlayerStats(name) for name in names}
    points: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    outcomes: list[Outcome] = []
    count = 0
    for record in records:
        if len(record.players) != 2:
            continue
        seat_names = [p.name for p in record.players]
        if seat_names[0] == seat_names[1]:
            continue
        count += 1
        for seat, name in enumerate(seat_names):
            if name not in stats:
                names.append(name)
                stats[name] = PlayerStats(name)
            stats[name].add_game(record, seat)
        first, second = seat_names
        points[first, second] += record.score(0)
        points[second, first] += record.score(1)
        meetings[first, second] += 1
        meetings[second, first] += 1
        outcomes.append(Outcome(first, second, record.score(0)))
    ratings = fit_ratings(outcomes, prior=prior, players=names)
    return Summary(
        players=names,
        stats=stats,
        points=dict(points),
        meetings=dict(meetings),
        ratings=ratings,
        games=count,
    )
