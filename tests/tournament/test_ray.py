"""The Ray backend on a local Ray instance (2 CPUs): the same games as the process pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from plyground.arena.backends import ProcessPool, RayBackend, make_backend
from plyground.arena.run_options import RunOptions
from plyground.arena.store import RecordStore
from plyground.arena.tournament import Tournament, TournamentSettings, parse_entrant
from plyground.cli.main import build_parser

pytest.importorskip("ray")

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
    for name, backend in (("pool", lambda: ProcessPool(2)), ("ray", lambda: RayBackend(2))):
        with RecordStore(tmp_path / f"{name}.sqlite3") as store, backend() as running:
            tournament = Tournament.create(store, settings, name="same")
            assert tournament.play(running) == 12
            assert store.tournament("same").finished
            results[name] = {
                r.tags["key"]: ([m.move for m in r.moves], r.result, r.start, r.players)
                for r in tournament.records()
            }
    assert len(results["ray"]) == 12
    assert results["ray"] == results["pool"]


def test_without_concurrency_ray_fills_the_cluster_and_the_pool_plays_one() -> None:
    """``--concurrency`` left out: Ray keeps a game in flight per CPU of the cluster (a
    private instance here: this machine's), the process pool plays one game at a time."""
    import ray

    args = build_parser().parse_args(["tournament", "greedy", "random", "--backend", "ray"])
    assert args.concurrency is None
    with make_backend(args.backend, args.concurrency, args.address) as on_ray:
        cpus = int(ray.cluster_resources()["CPU"])
        assert isinstance(on_ray, RayBackend)
        assert on_ray.concurrency == cpus
    with make_backend("pool", args.concurrency) as pool:
        assert isinstance(pool, ProcessPool)
        assert pool.concurrency == 1
