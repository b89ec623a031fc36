"""What a tuning run leaves: the best weights as a file, and a confirmation match.

:func:`write_weights` writes the weights a bot loads (``weights=PATH``) with
where they came from; :func:`confirmation` plays them against the starting
weights on fresh openings, stored as a tournament of its own.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from plyground.arena.backends import Backend
from plyground.arena.elo import EloEstimate, elo_from_wdl
from plyground.arena.jobs import Entrant
from plyground.arena.schedule import derive_seed
from plyground.arena.tournament import Tournament, TournamentObserver, TournamentSettings
from plyground.arena.tuning import Member, TuningRun

__all__ = ["confirmation", "write_weights"]


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
        "elo_vs_start": round(rating, 1) if math.isfinite(rating) else None,
        "tunable": [
            {"name": w.name, "default": w.default, "low": w.low, "high": w.high, "help": w.help}
            for w in run.settings.tunable
        ],
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return target
