"""Matches: two players over N games with paired colours, and their summary.

Each opening is played twice with the seats swapped, so neither side gains
from moving first or from a lucky start. Openings are the initial state
(``plies=0``) or a few random plies from a seeded generator. Every record
carries tags ``pair``, ``seat_a`` (the seat side A sat in), ``opening`` and
``match_game``; :func:`match_result` reads them back, so a summary can also be
made from stored records.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from plyground.arena.play.openings import make_openings
from plyground.arena.play.referee import GameObserver
from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.player import Player
from plyground.arena.records.record import GameRecord
from plyground.arena.stats.elo import EloEstimate, elo_from_wdl
from plyground.arena.stats.summary import PlayerStats
from plyground.core.errors import SettingsError
from plyground.core.game import Game
from plyground.core.limits import MOVE_SECONDS

__all__ = ["MatchResult", "SideSummary", "match_result", "play_match"]

_MATCH_OPTIONS = RunOptions(time=MOVE_SECONDS, memory_mb=None)
"""How a match plays by default: 5 s per move, engines uncapped."""


class SideSummary(PlayerStats):
    """One side's results over a match (from that side's point of view), named by its
    label: a :class:`~plyground.arena.stats.summary.PlayerStats` with the match's figures."""

    @property
    def label(self) -> str:
        """The side's label (its spec, unless the match was given labels)."""
        return self.name

    @property
    def average_margin(self) -> float:
        """Average final value for this side (marks ahead, in the adjacency game)."""
        return sum(self.margins) / len(self.margins) if self.margins else math.nan

    def to_dict(self) -> dict[str, Any]:
        def number(value: float) -> float | None:
            return round(value, 4) if math.isfinite(value) else None

        return {
            "label": self.label,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": number(self.score),
            "average_margin": number(self.average_margin),
            "rule_breaks": dict(self.rule_breaks),
            "moves": self.moves,
            "average_depth": number(self.average_depth),
            "average_time": number(self.average_time),
        }


@dataclass
class MatchResult:
    """A match's records, each side's summary, and side A's Elo difference over B."""

    records: list[GameRecord]
    sides: tuple[SideSummary, SideSummary]
    elo: EloEstimate

    def to_dict(self) -> dict[str, Any]:
        """The summary (without the records) as JSON-friendly data."""
        return {"sides": [side.to_dict() for side in self.sides], "elo": self.elo.to_dict()}


def match_result(records: Sequence[GameRecord], labels: tuple[str, str]) -> MatchResult:
    """Each side's results from match records (tag ``seat_a`` says where A sat)."""
    sides = (SideSummary(labels[0]), SideSummary(labels[1]))
    for record in records:
        seat_a = int(record.tags.get("seat_a", "0"))
        sides[0].add_game(record, seat_a)
        sides[1].add_game(record, 1 - seat_a)
    a = sides[0]
    return MatchResult(list(records), sides, elo_from_wdl(a.wins, a.draws, a.losses))


def play_match(
    game: Game,
    players: tuple[Player | str, Player | str],
    games: int,
    *,
    run: RunOptions = _MATCH_OPTIONS,
    seed: int | None = None,
    openings: int = 0,
    labels: tuple[str, str] | None = None,
    observer: GameObserver | None = None,
    on_game: Callable[[int, GameRecord], None] | None = None,
    tags: dict[str, str] | None = None,
    close: bool = True,
) -> MatchResult:
    """Play ``games`` games between side A (``players[0]``) and side B with paired colours.

    Games ``2i`` and ``2i+1`` share opening ``i`` (``openings`` random plies,
    0 for the initial state); A takes seat 0 in the first, seat 1 in the
    second. ``run`` says how games are played (by default 5 s per move);
    ``seed`` fixes the openings and the referee's penalty moves.
    ``on_game(index, record)`` hears each finished game. The players are
    closed at the end unless ``close`` is False. A player given as text
    (``"alphabeta:time=0.2"``, ``"engine:./mybot"``) is made by :meth:`RunOptions.player`.
    """
    seats = (
        run.player(players[0]) if isinstance(players[0], str) else players[0],
        run.player(players[1]) if isinstance(players[1], str) else players[1],
    )
    if games < 1:
        raise SettingsError(f"a match needs at least 1 game, got {games}")
    if game.capabilities.players != 2:
        raise SettingsError(f"a match needs a two-player game; {game.spec!r} is not one")
    rng = random.Random(seed)
    starts = make_openings(game, (games + 1) // 2, openings, rng)
    referee = run.referee(game, observer, seed=rng.randrange(1 << 32))
    labels = labels or (seats[0].info.spec or seats[0].info.name, seats[1].info.spec)
    records: list[GameRecord] = []
    try:
        for index in range(games):
            pair, swapped = divmod(index, 2)
            seated = (seats[1], seats[0]) if swapped else seats
            start = starts[pair]
            record = referee.play(
                seated,
                start,
                tags={
                    **(tags or {}),
                    "pair": str(pair),
                    "seat_a": str(swapped),
                    "opening": start.text(),
                    "match_game": str(index),
                },
            )
            records.append(record)
            if on_game is not None:
                on_game(index, record)
    finally:
        if close:
            for player in seats:
                player.close()
    return match_result(records, labels)
