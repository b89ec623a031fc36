"""``plyground solve adjacency --start --store FILE`` as a user runs it: real SQLite files,
a real run killed with SIGKILL mid-solve and then continued, and bad input."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from solve_support import kill_once_stored, kill_when, one_error_line

from cli_support import RunCli
from plyground.games.adjacency.rules import AdjacencyGame
from plyground.games.adjacency.solver import ExactSolver
from process_support import children, wait_gone
from read_only_support import read_only

SMALL = "adjacency(size=4,rounds=4)"
KILLED = "adjacency(size=5,rounds=7)"  # 9 subproblems of about a second each
Solved = tuple[Path, subprocess.CompletedProcess[str]]
"""A store where a solve finished, and what the solve printed."""


def _solve(
    run_cli: RunCli, store: Path, game: str, *more: str, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", game, *more]
    return run_cli(args, timeout=timeout)


def _stored(store: Path) -> int:
    """Subproblems in the store (0 while the store is being set up)."""
    if not store.exists():
        return 0
    with sqlite3.connect(store) as db:
        try:
            return int(db.execute("SELECT count(*) FROM subproblems").fetchone()[0])
        except sqlite3.OperationalError:  # no table yet
            return 0


def _direct(game: str) -> tuple[int, str]:
    size, rounds = (int(part.split("=")[1]) for part in game[10:-1].split(","))
    result = ExactSolver(1 << 18).solve(AdjacencyGame(size=size, rounds=rounds).initial_state())
    return result.value, " ".join(result.best)


@pytest.fixture(scope="module")
def small_solved(tmp_path_factory: pytest.TempPathFactory, run_cli: RunCli) -> Solved:
    """A store where ``--concurrency 2`` solved SMALL's start, and what that run printed:
    solved once for the tests that read a finished store (each works on a copy)."""
    store = tmp_path_factory.mktemp("small") / "small.sqlite3"
    first = _solve(run_cli, store, SMALL, "--concurrency", "2")
    assert first.returncode == 0, first.stderr
    return store, first


def _copy(solved: Solved, folder: Path) -> Path:
    return Path(shutil.copy(solved[0], folder / solved[0].name))


def test_a_solve_prints_the_value_and_a_finished_store_answers_without_solving(
    run_cli: RunCli,
    small_solved: Solved,
    tmp_path: Path,
) -> None:
    store, first = _copy(small_solved, tmp_path), small_solved[1]
    value, best = _direct(SMALL)
    assert f"value: {value:+d} " in first.stdout
    assert f"best first moves: {best}\n" in first.stdout
    assert "4 subproblems (root moves up to symmetry), 0 stored" in first.stdout
    assert first.stdout.count("[") == 4  # one progress line per subproblem
    assert _stored(store) == 4
    again = _solve(run_cli, store, SMALL, "--json")
    assert again.returncode == 0, again.stderr
    assert f'"value": {value}' in again.stdout
    shown = _solve(run_cli, store, SMALL)
    assert "4 stored" in shown.stdout and "[" not in shown.stdout  # nothing solved again
    assert shown.stdout.splitlines()[1:] == first.stdout.splitlines()[5:]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find the worker")
def test_a_run_killed_with_sigkill_loses_only_work_in_flight_and_continues(
    run_cli: RunCli, tmp_path: Path
) -> None:
    store = tmp_path / "killed.sqlite3"
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", KILLED]
    kill_once_stored([*args, "--concurrency", "1"], lambda: _stored(store), 1)
    kept = _stored(store)
    assert 1 <= kept < 9
    resumed = run_cli([*args, "--concurrency", "2"], timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"9 subproblems (root moves up to symmetry), {kept} stored" in resumed.stdout
    assert resumed.stdout.count("[") == 9 - kept
    value, best = _direct(KILLED)
    assert f"value: {value:+d} " in resumed.stdout
    assert f"best first moves: {best}\n" in resumed.stdout
    assert _stored(store) == 9


def test_a_store_made_for_another_setting_is_refused(
    run_cli: RunCli,
    small_solved: Solved,
    tmp_path: Path,
) -> None:
    store = _copy(small_solved, tmp_path)
    before = store.read_bytes()
    other = _solve(run_cli, store, "adjacency(size=4,rounds=3)")
    one_error_line(other, str(store), "adjacency(size=4,rounds=4,first=X)", "another --store")
    assert _stored(store) == 4
    assert store.read_bytes() == before


def test_bad_store_paths_get_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    missing_dir = tmp_path / "no" / "such" / "dir.sqlite3"
    missing = f"the directory {str(missing_dir.parent)!r} does not exist"
    one_error_line(_solve(run_cli, missing_dir, SMALL), str(missing_dir), missing)
    assert not missing_dir.parent.exists()
    one_error_line(_solve(run_cli, tmp_path, SMALL), "is a directory")
    other_db = tmp_path / "records.sqlite3"
    with sqlite3.connect(other_db) as db:
        db.execute("CREATE TABLE games (id INTEGER)")
    one_error_line(_solve(run_cli, other_db, SMALL), "not a solve store")
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all\n" * 100)
    one_error_line(_solve(run_cli, text, SMALL), "not a SQLite database")
    assert text.read_text() == "not a database at all\n" * 100
    no_store = run_cli(["solve", "adjacency", "--start"])
    one_error_line(no_store, "--store")
    not_adjacency = _solve(run_cli, tmp_path / "t.sqlite3", "tictactoe")
    one_error_line(not_adjacency, "adjacency")
    assert not (tmp_path / "t.sqlite3").exists()
    # a book that cannot be written is found before the solve, not after it
    book = tmp_path / "missing" / "book.json"
    no_book_dir = _solve(run_cli, tmp_path / "b.sqlite3", SMALL, "--book", str(book))
    one_error_line(no_book_dir, "--book", "does not exist")
    assert not (tmp_path / "b.sqlite3").exists()


def test_a_read_only_directory_gets_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    with read_only(locked):
        result = _solve(run_cli, locked / "s.sqlite3", SMALL)
    one_error_line(result, "cannot open the database", "read-only directory")
    assert not list(locked.iterdir())


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find the worker")
def test_a_worker_deep_in_a_long_subproblem_dies_with_its_killed_driver(tmp_path: Path) -> None:
    """The 8-round 8x8 start's subproblems take hours: the worker is inside the compiled
    search, where no Python signal handler runs, when its driver is killed."""
    store = tmp_path / "long.sqlite3"
    args = ["solve", "adjacency", "--start", "--store", str(store), "--table", "65536"]

    def searching(driver: subprocess.Popen[bytes]) -> bool:  # loaded, and searching
        workers = children(driver.pid)
        return bool(workers) and _cpu_seconds(workers[0]) >= 3.0

    workers = kill_when(args, searching, "the worker never got searching")
    try:
        assert wait_gone(workers[:1], 10) == [], "the worker went on solving for a killed driver"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(workers[0], signal.SIGKILL)  # when the test fails: leave nothing behind
    assert _stored(store) == 0


@pytest.mark.ray
@pytest.mark.slow
def test_the_ray_backend_solves_the_same_start(
    run_cli: RunCli,
    small_solved: Solved,
    tmp_path: Path,
) -> None:
    pytest.importorskip("ray")
    store = tmp_path / "ray.sqlite3"
    # Ray's start-up alone takes minutes on a loaded 2-core machine.
    ray = _solve(
        run_cli, store, SMALL, "--backend", "ray", "--concurrency", "2", "--json", timeout=600
    )
    assert ray.returncode == 0, ray.stderr
    pool = _solve(run_cli, _copy(small_solved, tmp_path), SMALL, "--json")  # the pool's solve
    answers = [json.loads(run.stdout) for run in (ray, pool)]
    assert [(a["value"], a["best"], a["moves"]) for a in answers] == [
        (answers[1]["value"], answers[1]["best"], answers[1]["moves"])
    ] * 2
    assert _stored(store) == 4
