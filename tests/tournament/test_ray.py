"""The Ray backend on a local Ray instance (this machine's CPUs): the same games as the pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from plyground.arena.play.run_options import RunOptions
from plyground.arena.runs.backends import make_backend
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.tournament import Tournament, TournamentSettings, parse_entrant
from plyground.cli.main import build_parser

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.ray


def test_ray_plays_the_same_tournament_as_the_pool(tmp_path: Path) -> None:
    settings = TournamentSettings(
        entrants=(parse_entrant("greedy"), parse_entrant("random"), parse_entrant("g2=greedy")),
        game="adjacency(size=5)",
        rounds=(2, 3),
        pairs=1,
        openings=2,
        seed=4,
        run=RunOptions(time=2.0),
    )
    results = {}
    # Ray with no concurrency given (as the CLI passes when --concurrency is left out): a
    # game in flight per CPU of the instance; the pool's default is one game at a time
    args = build_parser().parse_args(["tournament", "greedy", "random", "--backend", "ray"])
    assert args.concurrency is None
    for name in ("pool", "ray"):
        with (
            RecordStore(tmp_path / f"{name}.sqlite3") as store,
            make_backend(name, args.concurrency) as running,
        ):
            cpus = int(ray.cluster_resources()["CPU"]) if name == "ray" else 1
            assert running.concurrency == cpus
            tournament = Tournament.create(store, settings, name="same")
            assert tournament.play(running) == 12
            assert store.tournament("same").finished
            results[name] = {
                r.tags["key"]: ([m.move for m in r.moves], r.result, r.start, r.players)
                for r in tournament.records()
            }
    assert len(results["ray"]) == 12
    assert results["ray"] == results["pool"]
