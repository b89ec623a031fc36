"""``plyground solve adjacency --start --prove --strategy --exact-entries`` as a user runs it:
every entry made to keep its position's own value (checked against a plain solve of each
position), killed and continued where it stopped, booked marked exact; a hint in such a
position says its move is proved best."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from solve_support import kill_once_stored

from cli_support import RunCli
from plyground.games.adjacency import book as book_module
from plyground.games.adjacency.book import OpeningBook
from plyground.games.adjacency.rules import AdjacencyGame
from plyground.games.adjacency.solver import ExactSolver

GAME = "adjacency(size=6,rounds=4)"
"""372 entries found by search: enough for a run to be killed part way."""


def _args(store: Path, *more: str) -> list[str]:
    start = ["solve", "adjacency", "--start", "--store", str(store), "--game", GAME]
    return [*start, "--prove", "--strategy", "--exact-entries", *more]


def _rows(store: Path) -> dict[str, tuple[str, int, int]]:
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT position, move, keep, exact FROM strategy").fetchall()
    return {position: (move, keep, exact) for position, move, keep, exact in rows}


def _exact(store: Path) -> int:
    try:
        with sqlite3.connect(store) as db:
            return int(db.execute("SELECT count(*) FROM strategy WHERE exact = 1").fetchone()[0])
    except sqlite3.Error:  # not made yet
        return 0


@pytest.fixture(scope="module")
def continued(run_cli: RunCli, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A store whose exact run was SIGKILLed part way, then continued with --book: the store,
    the continued run's output."""
    folder = tmp_path_factory.mktemp("exact")
    store = folder / "exact.sqlite3"
    kill_once_stored(_args(store, "--workers", "2"), lambda: _exact(store), 10)
    killed = _exact(store)
    again = run_cli(_args(store, "--book", str(folder / "book.json")), timeout=300)
    assert again.returncode == 0, again.stderr
    assert killed < len(_rows(store)), "the run finished before it was killed"
    assert again.stdout.count(" best, the value ") == len(_rows(store)) - killed
    return store, again.stdout


def test_every_entry_keeps_its_position_value_after_a_killed_run_is_continued(
    continued: tuple[Path, str],
) -> None:
    store, output = continued
    rows = _rows(store)
    assert len(rows) > 300 and f"exact entries (keeping their position's value): {len(rows)}" in (
        output
    )
    game = AdjacencyGame(size=6, rounds=4)
    solver = ExactSolver(1 << 18)
    for position, (move, keep, exact) in rows.items():
        solved = solver.solve(game.parse_state(position), moves=True, line=False)
        assert solved.moves is not None
        assert exact == 1 and keep == solved.value == solved.moves[move], position


def test_the_book_marks_the_exact_entries_and_the_next_run_searches_nothing(
    run_cli: RunCli, continued: tuple[Path, str]
) -> None:
    store, _output = continued
    book = OpeningBook.read(store.parent / "book.json")
    rows = _rows(store)
    for position, (move, keep, _exact) in rows.items():
        assert book.strategy[position] == book_module.StrategyMove(move, keep, exact=True)
    first = AdjacencyGame(size=6, rounds=4).initial_state()
    found = book.strategy_entry(first)
    assert found is not None and found[1].exact  # the proved value's first move
    again = run_cli([*_args(store), "--json"], timeout=300)
    assert again.returncode == 0, again.stderr
    summary = json.loads(again.stdout)["strategy"]
    assert summary["exact"]["entries"] == summary["searched"] == len(rows)


def test_a_hint_in_an_exact_entry_position_says_its_move_is_proved_best(
    monkeypatch: pytest.MonkeyPatch, continued: tuple[Path, str]
) -> None:
    from plyground.arena.analysis.hints import Hinter

    store, _output = continued
    book = OpeningBook.read(store.parent / "book.json")
    monkeypatch.setattr(book_module, "packaged_book", lambda: book)
    game = AdjacencyGame(size=6, rounds=4)
    position, entry = next(
        (text, entry) for text, entry in sorted(book.strategy.items()) if text.endswith(" O 5")
    )
    state = game.parse_state(position)
    hint = Hinter(seconds=0.2).hint(state)
    assert hint.best == (entry.move,)
    assert dict(hint.facts)["By"] == (
        f"the strategy, proved best (keeps {entry.keep:+d}, the position's value)"
    )
