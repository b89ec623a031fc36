"""Fitness in a one-player game (2048): each member's mean score over seeded games.

A one-player tuning run (:class:`~plyground.arena.tuning.run.TuningRun` with
:attr:`~plyground.arena.tuning.settings.TuneSettings.solo`) has no opponents.
In generation ``n`` every member plays the same ``games`` seeds, drawn from
the run's seed and ``n`` (common random numbers: a member's luck with the
tiles is the others' luck too, until their moves differ), and new seeds each
generation, so a member kept for several generations is judged on more
games rather than on the same ones again. A game's key is
``g{n:03d}/{member}/s{k:03d}``; only its outcome is stored
(:class:`~plyground.arena.records.solo_game.SoloGame`).

Fitness is the mean score with its 95% margin (1.96 standard errors), the
median and the games counted.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import quote

from plyground.arena.records.solo_game import SoloGame
from plyground.arena.runs.jobs import SoloJob
from plyground.arena.tournaments.schedule import derive_seed
from plyground.arena.tuning.settings import Member, TuneSettings

__all__ = [
    "MEASURE",
    "by_player",
    "game_seeds",
    "generation_seeds",
    "score_figures",
    "solo_fitness",
    "solo_job",
    "solo_jobs",
]

MEASURE = "mean"
"""The fitness key of a one-player run: the mean score."""

_SEED_BITS = 31


def game_seeds(count: int, *parts: object) -> list[int]:
    """``count`` game seeds derived from ``parts`` (the same parts, the same seeds)."""
    return [derive_seed(*parts, k) % (1 << _SEED_BITS) for k in range(count)]


def generation_seeds(settings: TuneSettings, number: int) -> list[int]:
    """The seeds every member of generation ``number`` plays."""
    return game_seeds(settings.games, "solo", settings.seed, number)


def solo_job(settings: TuneSettings, key: str, player: str, spec: str, seed: int) -> SoloJob:
    """One game of ``spec`` (named ``player``) on ``seed``, played as ``settings`` say."""
    return SoloJob(key, settings.game_spec, player, spec, seed, settings.run, settings.max_moves)


def solo_jobs(settings: TuneSettings, number: int, members: Sequence[Member]) -> list[SoloJob]:
    """The games of generation ``number``: each member on each of the generation's seeds."""
    seeds = generation_seeds(settings, number)
    return [
        solo_job(
            settings,
            f"g{number:03d}/{quote(member.id, safe='')}/s{k:03d}",
            member.id,
            settings.member_spec(member.weights),
            seed,
        )
        for member in members
        for k, seed in enumerate(seeds)
    ]


def score_figures(scores: Sequence[float]) -> dict[str, float]:
    """Mean, its 95% margin (0 for one game), median and count of ``scores``."""
    if not scores:
        return {MEASURE: 0.0, "margin": 0.0, "median": 0.0, "games": 0}
    margin = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return {
        MEASURE: round(statistics.fmean(scores), 3),
        "margin": round(margin, 3),
        "median": round(statistics.median(scores), 3),
        "games": len(scores),
    }


def solo_fitness(
    games: Iterable[SoloGame], members: Sequence[Member]
) -> Mapping[str, Mapping[str, float]]:
    """Each member's :func:`score_figures` over its games among ``games``."""
    scores: dict[str, list[float]] = {m.id: [] for m in members}
    for game in games:
        if game.player in scores:
            scores[game.player].append(game.score)
    return {member_id: score_figures(values) for member_id, values in scores.items()}


def by_player(games: Iterable[SoloGame]) -> dict[str, dict[str, float]]:
    """Per player (in order of first appearance): :func:`score_figures` of its scores, its
    best score, and the share of its games that ended by the rules (not the move cap)."""
    played: dict[str, list[SoloGame]] = {}
    for game in games:
        played.setdefault(game.player, []).append(game)
    return {
        player: {
            **score_figures([g.score for g in mine]),
            "best": max(g.score for g in mine),
            "finished": sum(g.finished for g in mine) / len(mine),
        }
        for player, mine in played.items()
    }
