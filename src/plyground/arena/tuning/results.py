"""What a tuning run leaves: the best weights as a file, and a confirmation match.

:func:`write_weights` writes the weights a bot loads (``weights=PATH``) with
where they came from; :func:`confirmation` plays them against the starting
weights on fresh openings, stored as a tournament of its own. In a
one-player game :func:`solo_confirmation` plays both weight sets on the
same fresh seeds and compares their scores seed by seed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from plyground.arena.records.solo_game import SoloGame
from plyground.arena.runs.backends import Backend
from plyground.arena.runs.jobs import Entrant
from plyground.arena.stats.elo import EloEstimate, elo_from_wdl
from plyground.arena.tournaments.schedule import derive_seed
from plyground.arena.tournaments.tournament import (
    Tournament,
    TournamentObserver,
    TournamentSettings,
)
from plyground.arena.tuning.run import Member, TuningRun
from plyground.arena.tuning.solo_fitness import MEASURE, game_seeds, score_figures, solo_job
from plyground.core.files import write_whole

__all__ = ["SoloComparison", "confirmation", "solo_confirmation", "write_weights"]


def confirmation(
    run: TuningRun,
    member: Member,
    pairs: int,
    backend: Backend,
    observer: TournamentObserver | None = None,
) -> tuple[Tournament, EloEstimate]:
    """Play (or resume, or find stored) ``pairs`` colour-swapped pairs of the tuned
    weights (``tuned``) against the starting ones (``start``), on openings drawn
    with a seed of their own, and return the tournament and the tuned side's Elo."""
    s = run.settings
    name = f"{run.id}-confirm-{member.id}-{pairs}"
    settings = TournamentSettings(
        entrants=(Entrant("tuned", s.member_spec(member.weights)), Entrant("start", s.bot)),
        game=s.game,
        pairs=pairs,
        openings=s.openings,
        seed=derive_seed("confirm", s.seed) % (1 << 31),
        run=s.run,
    )
    known = {t.id for t in run.store.tournaments()}
    if name in known:
        tournament = Tournament.resume(run.store, name)
    else:
        tournament = Tournament.create(run.store, settings, name)
    tournament.play(backend, observer)
    wins = draws = losses = 0
    for record in tournament.records():
        seat = 0 if record.players[0].name == "tuned" else 1
        score = record.score(seat)
        wins += score == 1.0
        draws += score == 0.5
        losses += score == 0.0
    return tournament, elo_from_wdl(wins, draws, losses)


@dataclass(frozen=True)
class SoloComparison:
    """Tuned against starting weights on the same seeded one-player games: each side's
    :func:`~plyground.arena.tuning.solo_fitness.score_figures`, and the mean difference of their
    scores seed by seed with its 95% margin."""

    tournament_id: str
    tuned: Mapping[str, float]
    start: Mapping[str, float]
    difference: float
    margin: float


def solo_confirmation(
    run: TuningRun,
    member: Member,
    games: int,
    backend: Backend,
    on_game: Callable[[int, int], None] | None = None,
) -> SoloComparison:
    """Play (or resume, or find stored) ``member``'s weights (``tuned``) and the starting
    ones (``start``) on ``games`` seeds of their own, stored as a tournament of kind
    ``solo-confirmation``; ``on_game(done, total)`` hears each stored game."""
    s = run.settings
    store = run.store
    name = f"{run.id}-confirm-{member.id}-{games}"
    if name not in {t.id for t in store.tournaments()}:
        settings = {"run": run.id, "member": member.to_dict(), "games": games}
        store.create_tournament(name, "solo-confirmation", settings, 2 * games)
    sides = (("tuned", s.member_spec(member.weights)), ("start", s.bot))
    jobs = [
        solo_job(s, f"{side}/s{k:03d}", side, spec, seed)
        for k, seed in enumerate(game_seeds(games, "confirm", s.seed))
        for side, spec in sides
    ]
    stored = store.stored_keys(name)
    done = len(stored)
    results = backend.results(iter([job for job in jobs if job.key not in stored]))
    try:
        for _job, payload in results:
            if store.add_solo_game(name, SoloGame.from_dict(payload)):
                done += 1
            if on_game is not None:
                on_game(done, len(jobs))
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    store.finish_tournament(name)
    by_side: dict[str, dict[str, float]] = {"tuned": {}, "start": {}}
    for game in store.solo_games(name):
        side, seed_key = game.key.split("/")
        by_side[side][seed_key] = game.score
    tuned, start = by_side["tuned"], by_side["start"]
    differences = score_figures([tuned[k] - start[k] for k in sorted(tuned) if k in start])
    return SoloComparison(
        name,
        score_figures(list(tuned.values())),
        score_figures(list(start.values())),
        differences[MEASURE],
        differences["margin"],
    )


def write_weights(path: str | Path, run: TuningRun, member: Member, rating: float) -> Path:
    """Write ``member``'s weights as a file the bot loads (``weights=PATH``), with
    where they came from."""
    target = Path(path)
    data = {
        "weights": dict(member.weights),
        "bot": run.settings.bot,
        "game": run.settings.game_spec,
        "run": run.id,
        "member": member.id,
        "mean_score" if run.settings.solo else "elo_vs_start": (
            round(rating, 1) if math.isfinite(rating) else None
        ),
        "tunable": [
            {"name": w.name, "default": w.default, "low": w.low, "high": w.high, "help": w.help}
            for w in run.settings.tunable
        ],
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    write_whole(target, json.dumps(data, indent=2) + "\n")
    return target
