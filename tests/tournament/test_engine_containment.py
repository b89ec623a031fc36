"""Engines that outlive their referee, or hide from it, as a user meets them
(issue 17, items 1, 2 and 4): real drivers, real engines, real signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from tournament_helpers import RunCli, engine_spec

from plyground.arena.storage.store import RecordStore
from process_support import descendants, processes_with, wait_gone

SMALL = ["--game", "adjacency(size=4)", "--rounds", "2", "--openings", "0"]


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_driver_leaves_no_worker_and_no_engine(
    cli_env: dict[str, str], tmp_path: Path, signum: int
) -> None:
    token = f"tok-{uuid.uuid4().hex}"
    args = [
        "tournament",
        f"bad={engine_spec('hang', token)}",
        "random",
        "greedy",
        *SMALL,
        "--pairs",
        "2",
        "--time",
        "1",
        "--concurrency",
        "2",
        "--quiet",
        "--db",
        str(tmp_path / "t.sqlite3"),
    ]
    log = tmp_path / "driver.log"
    with log.open("w") as output:
        driver = subprocess.Popen(
            [sys.executable, "-m", "plyground", *args], env=cli_env, stdout=output, stderr=output
        )
    deadline = time.monotonic() + 120
    seen: set[int] = set()

    def engines() -> list[int]:  # the driver's own command line holds the token too
        return [pid for pid in processes_with(token) if pid != driver.pid]

    started: list[int] = []
    while time.monotonic() < deadline and not started and driver.poll() is None:
        time.sleep(0.05)
        started = engines()  # once seen, not asked again: a timed-out engine is replaced
    assert started, f"the hanging engine never started: {log.read_text()}"
    time.sleep(0.6)  # the worker now waits for the engine's answer
    seen.update(descendants(driver.pid))
    assert driver.poll() is None, "the tournament ended before it could be killed"
    os.kill(driver.pid, signum)
    driver.wait(timeout=30)
    assert seen, "no worker processes were seen"
    assert wait_gone(sorted(seen)) == [], "a worker or an engine outlived the driver"
    assert wait_gone(processes_with(token)) == [], "an engine outlived the driver"


def test_an_engine_child_in_its_own_session_does_not_hold_up_the_referee(
    run_cli: RunCli, tmp_path: Path
) -> None:
    token = f"tok-{uuid.uuid4().hex}"
    games = tmp_path / "games.jsonl"
    args = ["match", engine_spec("setsid", token), "random", *SMALL, "--games", "2"]
    result = run_cli(  # before the keeper this took the child's 600 s (the timeout fails it)
        [*args, "--time", "1", "--json", str(games)], timeout=90
    )
    assert result.returncode == 0, result.stderr
    assert len(games.read_text().splitlines()) == 2
    assert wait_gone(processes_with(token)) == [], "the engine's escaped child lives on"


def test_long_info_lines_are_skipped_and_long_other_lines_quoted_from_the_start(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = tmp_path / "l.sqlite3"
    players = [f"longinfo={engine_spec('longinfo')}", f"longline={engine_spec('longline')}"]
    result = run_cli(["tournament", *players, *SMALL, "--time", "1", "--quiet", "--db", str(db)])
    assert result.returncode == 0, result.stderr
    with RecordStore(db) as store:
        records = [g.record for g in store.games(store.tournaments()[0].id)]
    breaks = [b for record in records for b in record.rule_breaks]
    by_name = {record.players[b.player].name for record in records for b in record.rule_breaks}
    assert by_name == {"longline"}, breaks
    assert all(b.kind.value == "garbage" for b in breaks)
    assert all("'thinking zzz" in b.detail and "64 KiB" in b.detail for b in breaks), breaks
