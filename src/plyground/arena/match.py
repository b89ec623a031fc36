"""Matches: two players over N games with paired colours, and their summary.

Each opening is played twice with the seats swapped, so neither side gains
from moving first or from a lucky start. Openings are the initial state
(``plies=0``) or a few random plies from a seeded generator. Every record
carries tags ``pair``, ``seat_a`` (the seat side A sat in), ``opening`` and
``match_game``; :func:`summarize` reads them back, so a summary can also be
made from stored records.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from plyground.arena.elo import EloEstimate, elo_from_wdl
from plyground.arena.players import Player, make_player
from plyground.arena.record import GameRecord
from plyground.arena.referee import GameObserver, Referee
from plyground.core.errors import SettingsError
from plyground.core.game import CHANCE, Game, State

__all__ = ["MatchResult", "SideSummary", "make_openings", "play_match", "summarize"]

_OPENING_TRIES = 20


def make_openings(game: Game, count: int, plies: int, rng: random.Random) -> list[State]:
    """``count`` start positions, each ``plies`` random plies from the initial state.

    Openings that end the game are drawn again; duplicates are avoided
    while a few draws allow. ``plies=0`` gives the initial state each time.
    """
    if plies < 0:
        raise SettingsError(f"opening plies must not be negative, got {plies}")
    initial = game.initial_state()
    openings: list[State] = []
    seen: set[State] = set()
    for _ in range(count):
        choice = initial
        for _ in range(_OPENING_TRIES):
            state = initial
            for _ in range(plies):
                if state.is_terminal():
                    break
                if state.to_move() == CHANCE:
                    outcomes = list(state.chance_outcomes())
                    move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    move = rng.choice(list(state.legal_moves()))
                state = state.play(move)
            if state.is_terminal():
                continue
            choice = state
            if state not in seen:
                break
        seen.add(choice)
        openings.append(choice)
    return openings


@dataclass
class SideSummary:
    """One side's results over a match (from that side's point of view)."""

    label: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    margin_total: float = 0.0
    rule_breaks: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    depth_total: int = 0
    time_total: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Average points per game (win 1, draw 1/2), nan with no games."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else math.nan

    @property
    def average_margin(self) -> float:
        """Average final value for this side (marks ahead, in the adjacency game)."""
        return self.margin_total / self.games if self.games else math.nan

    @property
    def average_depth(self) -> float:
        """Average reported search depth over this side's own (not penalty) moves."""
        return self.depth_total / self.moves if self.moves else math.nan

    @property
    def average_time(self) -> float:
        """Average seconds per own move."""
        return self.time_total / self.moves if self.moves else math.nan

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


def summarize(records: Sequence[GameRecord], labels: tuple[str, str]) -> MatchResult:
    """Each side's results from match records (tag ``seat_a`` says where A sat)."""
    sides = (SideSummary(labels[0]), SideSummary(labels[1]))
    for record in records:
        seat_a = int(record.tags.get("seat_a", "0"))
        seats = (seat_a, 1 - seat_a)
        for side, seat in zip(sides, seats, strict=True):
            points = record.score(seat)
            if points == 1.0:
                side.wins += 1
            elif points == 0.0:
                side.losses += 1
            else:
                side.draws += 1
            side.margin_total += record.returns[seat]
            for rule_break in record.rule_breaks:
                if rule_break.player == seat:
                    side.rule_breaks[rule_break.kind.value] += 1
            for move in record.moves:
                if move.player == seat and move.rule_break is None:
                    side.moves += 1
                    side.time_total += move.elapsed
                    side.depth_total += move.info.depth if move.info is not None else 0
    a = sides[0]
    return MatchResult(list(records), sides, elo_from_wdl(a.wins, a.draws, a.losses))


def play_match(
    game: Game,
    players: tuple[Player | str, Player | str],
    games: int,
    *,
    time: float = 5.0,
    grace: float = 0.25,
    policy: str = "random-move",
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
    second. ``seed`` fixes the openings and the referee's penalty moves.
    ``on_game(index, record)`` hears each finished game. The players are
    closed at the end unless ``close`` is False. A player given as text
    (``"alphabeta:time=0.2"``, ``"engine:./mybot"``) is made by :func:`make_player`.
    """
    seats = (
        make_player(players[0]) if isinstance(players[0], str) else players[0],
        make_player(players[1]) if isinstance(players[1], str) else players[1],
    )
    if games < 1:
        raise SettingsError(f"a match needs at least 1 game, got {games}")
    if game.capabilities.players != 2:
        raise SettingsError(f"a match needs a two-player game; {game.spec!r} is not one")
    rng = random.Random(seed)
    starts = make_openings(game, (games + 1) // 2, openings, rng)
    referee = Referee(
        game, observer, time=time, grace=grace, policy=policy, seed=rng.randrange(1 << 32)
    )
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
    return summarize(records, labels)
