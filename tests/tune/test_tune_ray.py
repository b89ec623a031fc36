"""A tuning run on a local Ray instance: the same run as on the process pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from plyground.arena.runs.backends import ProcessPool, RayBackend
from plyground.arena.storage.store import RecordStore
from plyground.arena.tuning.run import TuneSettings, TuningRun

pytest.importorskip("ray")

pytestmark = pytest.mark.ray


def test_ray_evolves_the_same_weights_as_the_pool(tmp_path: Path) -> None:
    settings = TuneSettings(
        bot="alphabeta:depth=2,engine=reference",
        game="adjacency(size=5,rounds=3)",
        population=4,
        keep=2,
        generations=2,
        opponents=2,
        seed=9,
    )
    results = {}
    for name, backend in (("pool", lambda: ProcessPool(2)), ("ray", lambda: RayBackend(2))):
        with RecordStore(tmp_path / f"{name}.sqlite3") as store, backend() as running:
            run = TuningRun.create(store, settings, "same")
            assert run.evolve(running) is True
            results[name] = (
                [(g.population, g.fitness) for g in store.generations("same")],
                {g.key: [m.move for m in g.record.moves] for g in store.games("same")},
                run.best(),
            )
    assert len(results["ray"][1]) == 2 * settings.games_per_generation()
    assert results["ray"] == results["pool"]
