"""The solved Morris endgames: built by the CLI, checked against search, read by the bot."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import RunCli, plyground_env
from plyground.bots import make_bot
from plyground.core import Limit
from plyground.core.errors import PlygroundError
from plyground.games.morris import MorrisGame, MorrisState
from plyground.games.morris.endgames import EndgameTables, default_path, load_tables
from plyground.games.morris.engine import MorrisEngine
from plyground.games.morris.evaluation import WIN


@pytest.fixture(scope="module")
def data_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory where ``plyground endgames --upto 3v3`` has built the tables."""
    home = tmp_path_factory.mktemp("endgames")
    result = subprocess.run(
        [sys.executable, "-m", "plyground", "endgames", "--upto", "3v3", "--check", "40"],
        capture_output=True,
        text=True,
        timeout=600,
        env=plyground_env() | {"XDG_DATA_HOME": str(home)},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "3 v 3: 2,691,920 positions" in result.stdout
    assert "checked 40 sampled positions against the compiled search: 40 agree" in result.stdout
    return home


@pytest.fixture
def tables(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> EndgameTables:
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    assert default_path() == data_home / "plyground" / "morris-endgames-v1.npz"
    found = load_tables()
    assert found is not None and found.tables() == [(3, 3)]
    return found


def state_of(own: int, theirs: int, turns: int) -> MorrisState:
    """The position with ``own`` to move (White, so an even turn count)."""
    return MorrisState(MorrisGame(), own, theirs, white_hand=0, black_hand=0, turns=turns)


@pytest.mark.slow  # the tables: solving 3 v 3 takes about half a minute
def test_a_sample_agrees_with_deep_search(tables: EndgameTables) -> None:
    agreed, checked = tables.check_against_search(120, random.Random(7), depth=7)
    assert (agreed, checked) == (120, 120)
    summary = tables.summary(3, 3)
    assert summary["wins"] > 0.5 and summary["losses"] > 0.1 and summary["draws"] > 0
    assert summary["longest"] % 2 == 1


@pytest.mark.slow
def test_the_search_reads_exact_values_and_the_draw_cap(tables: EndgameTables) -> None:
    rng = random.Random(3)
    engine = MorrisEngine(endgames=tables)
    seen = set()
    for _ in range(150):
        own, theirs = tables.position(3, 3, rng.randrange(2_691_920))
        solved = tables.value(own, theirs)
        assert solved is not None
        for turns in (60, 196, 190):
            state = state_of(own, theirs, turns)
            if state.is_terminal():
                continue
            score = engine.search(state, Limit(depth=1)).info.score
            distance = solved - 1
            if solved == 0 or turns + distance > 200:
                expected = 0.0  # drawn, or decided too late: the cap comes first
            else:
                expected = WIN - distance if distance % 2 else distance - WIN
            assert score == expected, (state.text(), solved)
            seen.add((turns, expected == 0.0))
    assert {(60, False), (190, True), (196, True)} <= seen


@pytest.mark.slow
def test_the_bot_reads_the_tables_it_finds(tables: EndgameTables) -> None:
    own, theirs = next(
        position
        for position in (tables.position(3, 3, i) for i in range(0, 2_691_920, 9973))
        if 9 <= (tables.value(*position) or 0) - 1 <= 21
    )
    state = state_of(own, theirs, 60)
    exact = make_bot("morris", moving=2, flying=2, time=30).choose(state).info.score
    distance = (tables.value(own, theirs) or 0) - 1
    assert exact == (WIN - distance if distance % 2 else distance - WIN)
    guess = make_bot("morris", moving=2, flying=2, time=30, endgames="off").choose(state)
    assert guess.info.score != exact


def test_unreadable_tables_are_named(tmp_path: Path) -> None:
    bad = tmp_path / "tables.npz"
    bad.write_text("not a table", encoding="utf-8")
    with pytest.raises(PlygroundError, match="cannot read the Morris endgame tables"):
        load_tables(bad)
    assert load_tables(tmp_path / "missing.npz") is None


def test_the_command_names_a_bad_path(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli(["endgames", "--upto", "3v3", "--path", str(tmp_path)])
    assert result.returncode == 2
    assert result.stderr.strip().endswith("is a directory: give a file name with --path")
    assert "Traceback" not in result.stderr
