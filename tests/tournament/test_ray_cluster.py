"""A real Ray cluster (a head and a second node on 127.0.0.1, token authentication on),
used through ``--address`` as docs/tournaments.md says: the same games as the pool, played
on both nodes."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from ray_cluster import LocalRayCluster, ray_executable

from cli_support import RunCli
from plyground.arena.records.record import GameRecord
from plyground.arena.storage.store import RecordStore

pytest.importorskip("ray")

pytestmark = [pytest.mark.ray, pytest.mark.slow]

WHERE = Path(__file__).with_name("ray_where.py")
"""The script that notes the node each game ran on (run with the cluster's environment)."""

TOURNAMENT = [
    "tournament",
    "greedy",
    "random",
    "g2=greedy",
    "--game",
    "adjacency(size=5)",
    "--rounds",
    "2",
    "--openings",
    "2",
    "--seed",
    "5",
    "--time",
    "2",
    "--quiet",
    "--name",
    "t",
]
SPREAD = [
    "tournament",
    "ab=alphabeta:depth=6,engine=reference,time=60",
    "greedy",
    "--game",
    "adjacency(size=6)",
    "--rounds",
    "8",
    "--pairs",
    "2",
    "--seed",
    "5",
    "--time",
    "60",
    "--quiet",
    "--name",
    "t",
]
"""Four games of a second or more each (a fixed depth, and the bot's own 5 s clock lifted to
60 s so a loaded machine cannot cut a search short: the same games on any machine):
long enough that Ray gives the second node some, as it would real games. Much quicker
games (TOURNAMENT's) all ran on one node, one after another on the worker Ray leased first."""
TUNE = [
    "tune",
    "alphabeta:depth=2,engine=reference",
    "--game",
    "adjacency(size=5,rounds=3)",
    "--population",
    "4",
    "--keep",
    "2",
    "--generations",
    "1",
    "--opponents",
    "2",
    "--seed",
    "3",
    "--confirm",
    "0",
    "--quiet",
    "--name",
    "run",
]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRayCluster]:
    ray = ray_executable()
    if ray is None:
        pytest.skip("the ray command is not installed")
    running = LocalRayCluster(ray, tmp_path_factory.mktemp("ray-cluster"))
    try:
        running.start()
        yield running
    finally:
        running.stop()
        assert running.stray_pids() == [], "a Ray process outlived the cluster"


def _games(db: Path, name: str) -> dict[str, tuple[list[object], str]]:
    with RecordStore(db) as store:
        return {
            str(g.key): ([m.move for m in g.record.moves], g.record.result)
            for g in store.games(name)
        }


def _plyground(env: dict[str, str], args: list[str]) -> subprocess.CompletedProcess[str]:
    """``plyground ARGS`` as a subprocess with ``env`` (the cluster's, or one without a token)."""
    command = [sys.executable, "-m", "plyground", *args]
    return subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=300, check=False
    )


def _on(cluster: LocalRayCluster) -> list[str]:
    return ["--backend", "ray", "--address", cluster.address]


def test_both_nodes_joined_with_token_authentication(cluster: LocalRayCluster) -> None:
    assert cluster.node_count() == 2


def test_a_tournament_through_address_plays_the_pool_games(
    cluster: LocalRayCluster, run_cli: RunCli, tmp_path: Path
) -> None:
    ray_db, pool_db = tmp_path / "ray.sqlite3", tmp_path / "pool.sqlite3"
    on_ray = _plyground(cluster.env, [*TOURNAMENT, "--db", str(ray_db), *_on(cluster)])
    assert on_ray.returncode == 0, on_ray.stderr[-3000:]
    pool = run_cli([*TOURNAMENT, "--db", str(pool_db), "--concurrency", "2"])
    assert pool.returncode == 0, pool.stderr
    ray_games = _games(ray_db, "t")
    assert len(ray_games) == 6
    assert ray_games == _games(pool_db, "t")


def test_the_games_run_on_both_nodes(
    cluster: LocalRayCluster, run_cli: RunCli, tmp_path: Path
) -> None:
    """The tournament's games, performed on the cluster by the Ray backend, each noting the
    node that played it (ray_where.py): both nodes play games, and they are the pool's."""
    db = tmp_path / "pool.sqlite3"
    pool = run_cli([*SPREAD, "--db", str(db), "--concurrency", "2"])
    assert pool.returncode == 0, pool.stderr
    where = subprocess.run(
        [sys.executable, str(WHERE), cluster.address, str(db), "t"],
        capture_output=True,
        text=True,
        env=cluster.env,
        timeout=300,
        check=False,
    )
    assert where.returncode == 0, where.stderr[-3000:]
    found = json.loads(where.stdout.strip().splitlines()[-1])
    assert len(found["alive"]) == 2
    assert {node for node, _ in found["games"].values()} == set(found["alive"])
    played = {}
    for key, (_, payload) in found["games"].items():
        record = GameRecord.from_dict(payload)
        played[key] = ([m.move for m in record.moves], record.result)
    assert played == _games(db, "t")


def test_a_tuning_generation_through_address_matches_the_pool(
    cluster: LocalRayCluster, run_cli: RunCli, tmp_path: Path
) -> None:
    results = {}
    for name, options in (
        ("ray", _on(cluster)),
        ("pool", ["--concurrency", "2"]),
    ):
        db = tmp_path / f"{name}.sqlite3"
        args = [*TUNE, "--db", str(db), "--output", str(tmp_path / f"{name}.json"), *options]
        result = _plyground(cluster.env, args) if name == "ray" else run_cli(args)
        assert result.returncode == 0, result.stderr[-3000:]
        with RecordStore(db) as store:
            generations = [(g.population, g.fitness) for g in store.generations("run")]
        results[name] = (generations, _games(db, "run"))
    assert len(results["ray"][1]) == 16
    assert results["ray"] == results["pool"]


def test_a_driver_without_the_token_is_told_the_cause_and_the_fix(
    cluster: LocalRayCluster, tmp_path: Path
) -> None:
    args = [*TOURNAMENT, "--db", str(tmp_path / "t.sqlite3"), *_on(cluster)]
    result = _plyground(cluster.env_without_token(), args)
    assert result.returncode == 2
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("plyground tournament: error: the Ray cluster at")
    assert "InvalidAuthToken" in last and "RAY_AUTH_MODE=token" in last
    assert "Traceback" not in result.stderr
    with RecordStore(tmp_path / "t.sqlite3") as store:  # nothing for a --resume to pick
        assert store.tournaments() == []
