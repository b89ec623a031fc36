"""``plyground solve adjacency --start --prove --strategy`` as a user runs it: the strategy
found entry by entry into the store, continued where it stopped, booked with the settled
first moves' values; misplaced, it is one line."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

from solve_support import one_error_line

from cli_support import RunCli
from plyground.arena.storage.adjacency_solve_store import SolveStore
from plyground.games.adjacency.book import OpeningBook, StrategyMove
from plyground.games.adjacency.rules import AdjacencyGame
from plyground.games.adjacency.solver import ExactSolver

GAME = "adjacency(size=5,rounds=5)"
SMALL = "adjacency(size=4,rounds=4)"


def _prove(run_cli: RunCli, store: Path, *more: str) -> subprocess.CompletedProcess[str]:
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", GAME, "--prove"]
    return run_cli([*args, *more], timeout=300)


def _entries(store: Path) -> dict[str, tuple[str, int, int, int]]:
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT position, move, keep, tests, nodes FROM strategy").fetchall()
    return {position: (move, keep, tests, nodes) for position, move, keep, tests, nodes in rows}


def test_the_strategy_is_stored_entry_by_entry_and_continued_where_it_stopped(
    run_cli: RunCli, tmp_path: Path
) -> None:
    store = tmp_path / "strategy.sqlite3"
    first = _prove(run_cli, store, "--strategy", "--workers", "2")
    assert first.returncode == 0, first.stderr
    entries = _entries(store)
    found = first.stdout.count(" keeps ")  # one progress line per entry found
    assert found == len(entries) >= 50
    assert all(tests >= 1 and nodes > 0 for _move, _keep, tests, nodes in entries.values())
    with sqlite3.connect(store) as db:  # as if the run had stopped after some entries
        lost = db.execute("DELETE FROM strategy WHERE rowid % 3 = 0").rowcount
    again = _prove(run_cli, store, "--strategy", "--json")
    assert again.returncode == 0, again.stderr
    summary = json.loads(again.stdout)["strategy"]
    assert summary["searched"] == len(entries) and lost > 0
    moves = {position: row[:2] for position, row in _entries(store).items()}
    assert moves == {position: row[:2] for position, row in entries.items()}  # found again
    quick = _prove(run_cli, store, "--strategy")
    assert f"{len(entries)} entries to find by search, {len(entries)} stored" in quick.stdout
    with sqlite3.connect(store) as db:
        db.execute("DELETE FROM strategy WHERE rowid % 2 = 0")
    kept = len(_entries(store))
    partial = _prove(run_cli, store, "--strategy", "--no-search", "--json")
    assert partial.returncode == 0, partial.stderr
    assert json.loads(partial.stdout)["strategy"]["searched"] == kept == len(_entries(store))


def test_an_entry_stored_for_a_weaker_bound_is_searched_again_and_a_stricter_one_kept(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """As after settling: the plan asks an entry for a stricter bound than the one it was
    found for (searched again, for the plan's bound); an entry already stricter than the
    plan's serves as it is (not searched, not replaced)."""
    store = tmp_path / "small.sqlite3"
    args = ["solve", "adjacency", "--start", "--store", str(store), "--game", SMALL]
    made = run_cli([*args, "--prove", "--strategy"])
    assert made.returncode == 0, made.stderr
    planned = _entries(store)
    weaker, stricter = sorted(planned)[:2]
    loosen = 2 if weaker.split()[1] == "O" else -2  # O keeps X - O at most, X at least
    tighten = -2 if stricter.split()[1] == "O" else 2
    with sqlite3.connect(store) as db:
        db.execute("UPDATE strategy SET keep = keep + ? WHERE position = ?", (loosen, weaker))
        db.execute("UPDATE strategy SET keep = keep + ? WHERE position = ?", (tighten, stricter))
    again = run_cli([*args, "--prove", "--strategy"])
    assert again.returncode == 0, again.stderr
    assert again.stdout.count(" keeps ") == 1  # one entry searched: the weaker one
    entries = _entries(store)
    assert entries[weaker][1] == planned[weaker][1]  # the plan's bound again
    move, keep, tests, nodes = planned[stricter]
    assert entries[stricter] == (move, keep + tighten, tests, nodes)  # untouched


def test_a_settled_proof_and_its_strategy_go_into_the_book(run_cli: RunCli, tmp_path: Path) -> None:
    store, path = tmp_path / "settled.sqlite3", tmp_path / "book.json"
    made = _prove(run_cli, store, "--settle", "--strategy", "--book", str(path), "--quiet")
    assert made.returncode == 0, made.stderr
    book = OpeningBook.read(path)
    setting = book.settings["adjacency(size=5,rounds=5,first=X)"]
    assert setting.proved and setting.settled
    root = AdjacencyGame(size=5, rounds=5).initial_state()
    solved = ExactSolver(1 << 18).solve(root, moves=True, line=False)
    assert solved.moves is not None and set(setting.best) == set(solved.best)
    for move in root.legal_moves():  # every first move's exact value is booked
        entry = book.lookup(root.play(move))
        assert entry is not None and entry.value == solved.moves[root.move_text(move)]
    assert book.strategy_move(root) is not None
    assert len(book.strategy) > len(_entries(store))  # the proof's moves, and those found
    assert OpeningBook.read(path).to_dict() == book.to_dict()  # round-trips


def test_strategy_without_prove_is_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    args = ["solve", "adjacency", "--start", "--store", str(tmp_path / "s.db"), "--game", GAME]
    one_error_line(run_cli([*args, "--strategy"]), "--strategy are options of --prove")
    one_error_line(run_cli([*args, "--prove", "--no-search"]), "--exact-entries are options of")
    assert not (tmp_path / "s.db").exists()


def test_a_version_2_store_gains_the_strategy_table(tmp_path: Path) -> None:
    store = tmp_path / "old.sqlite3"
    start = AdjacencyGame(size=4, rounds=3).initial_state()
    SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()).close()  # a new file
    with sqlite3.connect(store) as db:
        db.execute("DROP TABLE strategy")
        db.execute("PRAGMA user_version=2")
    with SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()) as reopened:
        assert reopened.strategy_entries() == {}
        reopened.record_strategy(start.text(), StrategyMove("c1", -2), 3, 100, 0.5)
        reopened.record_strategy(start.text(), StrategyMove("d2", -2), 1, 50, 0.25)  # replaced
        assert reopened.strategy_entries() == {start.text(): StrategyMove("d2", -2)}
        assert reopened.strategy_totals() == (1, 1, 50, 0.25)
        exact = StrategyMove("d2", -2, exact=True)  # the same entry proved the position's value
        reopened.record_strategy(start.text(), exact, 2, 80, 0.5)
        assert reopened.strategy_totals(exact=True) == (1, 3, 130, 0.75)  # both costs
        reopened.record_strategy(start.text(), StrategyMove("c1", -2), 1, 50, 0.25)  # a bound
        assert reopened.strategy_entries() == {start.text(): exact}
        other = StrategyMove("c1", -2, exact=True)  # another best move: replaces it, cost too
        reopened.record_strategy(start.text(), other, 1, 40, 0.5)
        assert reopened.strategy_entries() == {start.text(): other}
        assert reopened.strategy_totals(exact=True) == (1, 1, 40, 0.5)


def test_a_version_3_store_gains_the_exact_column_its_entries_bounds(tmp_path: Path) -> None:
    store = tmp_path / "v3.sqlite3"
    start = AdjacencyGame(size=4, rounds=3).initial_state()
    SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()).close()
    with sqlite3.connect(store) as db:  # the strategy table as version 3 made it
        db.execute("DROP TABLE strategy")
        db.execute(
            "CREATE TABLE strategy (position TEXT PRIMARY KEY, keep INTEGER NOT NULL, "
            "move TEXT NOT NULL, tests INTEGER NOT NULL, nodes INTEGER NOT NULL, "
            "seconds REAL NOT NULL, finished TEXT NOT NULL)"
        )
        db.execute("INSERT INTO strategy VALUES (?, -2, 'c1', 1, 10, 0.1, 'then')", (start.text(),))
        db.execute("PRAGMA user_version=3")
    with SolveStore(store, "adjacency(size=4,rounds=3,first=X)", start.text()) as reopened:
        assert reopened.strategy_entries() == {start.text(): StrategyMove("c1", -2)}
        assert reopened.strategy_totals(exact=True) == (0, 0, 0, 0.0)
