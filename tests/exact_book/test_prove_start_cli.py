"""``plyground solve adjacency --start --store FILE --prove`` as a user runs it: the value
proved through leaf tests stored in a real SQLite file, a killed run continued, bad options."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from solve_support import kill_once_stored, one_error_line

from cli_support import RunCli
from plyground.arena.storage.adjacency_solve_store import SolveStore
from plyground.games.adjacency.book import OpeningBook
from plyground.games.adjacency.rules import AdjacencyGame, parse_position
from plyground.games.adjacency.solver import ExactSolver

GAME = "adjacency(size=5,rounds=5)"


def _prove(
    run_cli: RunCli, store: Path, *more: str, game: str = GAME, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", game, "--prove"]
    return run_cli([*args, *more], timeout=timeout)


def _tests_stored(store: Path) -> int:
    if not store.exists():
        return 0
    with sqlite3.connect(store) as db:
        try:
            return int(db.execute("SELECT coalesce(sum(tests), 0) FROM leaves").fetchone()[0])
        except sqlite3.OperationalError:  # no table yet
            return 0


def _exact() -> tuple[int, dict[str, int]]:
    result = ExactSolver(1 << 18).solve(
        AdjacencyGame(size=5, rounds=5).initial_state(), moves=True, line=False
    )
    assert result.moves is not None
    return result.value, result.moves


def test_a_proof_prints_the_value_and_a_finished_store_answers_at_once(
    run_cli: RunCli, tmp_path: Path
) -> None:
    store = tmp_path / "proof.sqlite3"
    value, moves = _exact()
    first = _prove(run_cli, store, "--concurrency", "2", "--guess", str(value))
    assert first.returncode == 0, first.stderr
    assert f"value: {value:+d} (X's marks minus O's with best play)" in first.stdout
    assert "proving adjacency(size=5,rounds=5,first=X): 0 leaves stored" in first.stdout
    tests = _tests_stored(store)
    assert tests == first.stdout.count("X-O >= ")  # one progress line per stored test
    again = _prove(run_cli, store, "--json")
    assert again.returncode == 0, again.stderr
    shown = json.loads(again.stdout)
    assert shown["value"] == shown["lower"] == shown["upper"] == value
    assert shown["tests"] == tests and shown["best"]  # nothing tested again
    assert all(moves[move] == value for move in shown["best"])
    assert all(low <= moves[move] <= high for move, (low, high) in shown["moves"].items())


def test_settle_goes_on_to_every_best_first_move(run_cli: RunCli, tmp_path: Path) -> None:
    store = tmp_path / "settle.sqlite3"
    value, moves = _exact()
    settled = _prove(run_cli, store, "--settle", "--json", "--concurrency", "2")
    assert settled.returncode == 0, settled.stderr
    shown = json.loads(settled.stdout)
    assert shown["settled"] and shown["value"] == value
    assert {move: low for move, (low, high) in shown["moves"].items()} == moves
    assert set(shown["best"]) == {move for move, v in moves.items() if v == value}


def test_a_proved_value_goes_into_a_book_whose_moves_are_best(
    run_cli: RunCli, tmp_path: Path
) -> None:
    store, path = tmp_path / "proof.sqlite3", tmp_path / "book.json"
    made = _prove(run_cli, store, "--concurrency", "2", "--book", str(path), "--quiet")
    assert made.returncode == 0, made.stderr
    book = OpeningBook.read(path)
    setting = book.settings["adjacency(size=5,rounds=5,first=X)"]
    value, _ = _exact()
    assert setting.proved and setting.value == value and setting.best
    assert len(book.positions) == 1 + len(setting.best)  # the start, and after each best move
    solver = ExactSolver(1 << 18)
    for text, entry in book.positions.items():
        solved = solver.solve(parse_position(text), line=False)
        assert entry.value == solved.value == value, text
        assert entry.best and set(entry.best) <= set(solved.best), text
    assert OpeningBook.read(path).to_dict() == book.to_dict()  # "proved" round-trips


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find the worker")
def test_a_proof_killed_with_sigkill_keeps_its_tests_and_continues(
    run_cli: RunCli, tmp_path: Path
) -> None:
    store = tmp_path / "killed.sqlite3"
    game = "adjacency(size=6,rounds=6)"
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", game, "--prove"]
    kill_once_stored([*args, "--concurrency", "1"], lambda: _tests_stored(store), 3)
    kept = _tests_stored(store)
    assert kept >= 3
    resumed = run_cli([*args, "--concurrency", "2", "--json"], timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    shown = json.loads(resumed.stdout)
    assert shown["value"] == -2  # docs/adjacency-solved.md: 6x6 at 6 rounds
    assert shown["tests"] == _tests_stored(store) > kept


def test_a_version_1_store_gains_the_leaves_table(tmp_path: Path) -> None:
    store = tmp_path / "old.sqlite3"
    start = AdjacencyGame(size=4, rounds=3).initial_state()
    SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()).close()  # a new file
    with sqlite3.connect(store) as db:
        db.execute("DROP TABLE leaves")
        db.execute("PRAGMA user_version=1")
    with SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()) as reopened:
        assert reopened.leaf_bounds() == {}
        reopened.record_leaf("4/4/4/4 X 0", True, 2, 10, 0.5)
        reopened.record_leaf("4/4/4/4 X 0", False, 4, 20, 0.25)
        assert reopened.leaf_bounds() == {"4/4/4/4 X 0": (2, 4)}
        assert reopened.leaf_totals() == (2, 30, 0.75)


@pytest.mark.parametrize(
    ("more", "fragment"),
    [
        (
            ["--guess", "2"],
            "--guess, --settle, --settle-replies and --strategy are options of --prove",
        ),
        (["--settle"], "--guess, --settle, --settle-replies and --strategy are options of --prove"),
        (["--settle-replies"], "--settle-replies and --strategy are options of --prove"),
    ],
)
def test_misplaced_proof_options_get_one_line(
    run_cli: RunCli, tmp_path: Path, more: list[str], fragment: str
) -> None:
    args = ["solve", "adjacency", "--start", "--store", str(tmp_path / "s.db"), "--game", GAME]
    one_error_line(run_cli([*args, *more]), fragment)
    assert not (tmp_path / "s.db").exists()
