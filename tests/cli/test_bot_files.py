"""A Python bot in a file (``./mybot.py:MyBot``) wherever a player is accepted, and
the mistakes a student makes in it, as a user meets them on the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_support import ROOT, RunCli
from plyground.arena.record import GameRecord

EXAMPLE = ROOT / "examples" / "bots" / "mybot.py"
SMALL = ["--game", "adjacency(size=4,rounds=2)"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A user's folder holding a copy of the example bot."""
    shutil.copy(EXAMPLE, tmp_path / "mybot.py")
    return tmp_path


def test_a_bot_in_a_file_plays_a_match_with_its_settings(run_cli: RunCli, folder: Path) -> None:
    result = run_cli(
        [
            "match",
            "./mybot.py:MyBot:depth=1",
            "greedy",
            *SMALL,
            "--games",
            "2",
            "--json",
            "m.jsonl",
        ],
        cwd=folder,
    )
    assert result.returncode == 0, result.stderr
    records = [GameRecord.from_dict(json.loads(line)) for line in (folder / "m.jsonl").open()]
    assert len(records) == 2
    mine = next(p for p in records[0].players if p.name != "greedy")
    assert mine.kind == "bot"
    assert mine.spec == f"{(folder / 'mybot.py').resolve()}:MyBot(time=5.0,depth=1)"
    assert all(not r.rule_breaks for r in records)
    for record in records:
        record.replay()


def test_a_bot_in_a_file_plays_in_a_tournament_in_its_own_process(
    run_cli: RunCli, folder: Path
) -> None:
    result = run_cli(
        [
            "tournament",
            "./mybot.py:MyBot",
            "random",
            *SMALL,
            "--openings",
            "0",
            "--time",
            "0.3",
            "--isolate",
            "--db",
            "t.sqlite3",
        ],
        cwd=folder,
    )
    assert result.returncode == 0, result.stderr
    assert "2 of 2 stored" in result.stdout
    assert "MyBot" in result.stdout  # an unnamed file bot is called by its class


def test_a_bot_in_a_file_plays_a_game_in_the_terminal(run_cli: RunCli, folder: Path) -> None:
    result = run_cli(
        ["play", "--x", "./mybot.py:MyBot", "--o", "random", *SMALL, "--time", "0.3"], cwd=folder
    )
    assert result.returncode == 0, result.stderr
    assert "Result" in result.stdout


MISTAKES = {
    "syntax": ("class MyBot(Bot)\n    pass\n", "mybot.py, line 2: SyntaxError"),
    "missing": ("X = 1\n", "mybot.py has no 'MyBot' (classes there: Bot)"),
    "base": ("class MyBot:\n    pass\n", "MyBot is not a bot class; a bot subclasses"),
    "abstract": ("class MyBot(Bot):\n    pass\n", "MyBot does not define choose("),
    "import": ("import no_such_module_here\n", "ModuleNotFoundError: No module named"),
    "runs": ("x = 1 / 0\n", "(mybot.py, line 2, in <module>): ZeroDivisionError"),
    "init": (
        "class MyBot(Bot):\n"
        "    def __init__(self, **settings):\n"
        "        raise ValueError('no config')\n"
        "    def choose(self, state, limit=None, on_info=None):\n"
        "        pass\n",
        "failed to start (mybot.py, line 4, in __init__): ValueError: no config",
    ),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_in_the_file_is_one_line_naming_it(
    run_cli: RunCli, tmp_path: Path, mistake: str
) -> None:
    code, expected = MISTAKES[mistake]
    (tmp_path / "mybot.py").write_text("from plyground import Bot\n" + code)
    result = run_cli(["match", "./mybot.py:MyBot", "random", *SMALL, "--games", "2"], cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "mybot.py" in lines[0] and expected in lines[0], lines[0]
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli(["match", "./nobot.py:MyBot", "random", *SMALL], cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().endswith("./nobot.py: no such file")


def test_an_exception_in_choose_is_a_rule_break_not_a_crash(
    run_cli: RunCli, tmp_path: Path
) -> None:
    (tmp_path / "mybot.py").write_text(
        "from plyground import Bot\n"
        "\n"
        "class MyBot(Bot):\n"
        "    def choose(self, state, limit=None, on_info=None):\n"
        "        raise RuntimeError('my bug')\n"
    )
    result = run_cli(
        ["match", "./mybot.py:MyBot", "random", *SMALL, "--games", "2", "--json", "m.jsonl"],
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    records = [GameRecord.from_dict(json.loads(line)) for line in (tmp_path / "m.jsonl").open()]
    breaks = [b for r in records for b in r.rule_breaks]
    assert breaks and all(b.kind.value == "crash" for b in breaks)
    assert all("RuntimeError: my bug (mybot.py, line 5, in choose)" in b.detail for b in breaks), (
        breaks[0].detail
    )
    for record in records:  # the penalty moves made whole, legal games
        record.replay()


def test_a_bot_class_in_a_module_is_named_module_colon_class(run_cli: RunCli, folder: Path) -> None:
    result = run_cli(["match", "mybot:MyBot:depth=1", "random", *SMALL, "--games", "2"], cwd=folder)
    assert result.returncode == 0, result.stderr
    missing = run_cli(["match", "nosuchmodule:MyBot", "random", *SMALL], cwd=folder)
    assert missing.returncode == 2
    assert "no module 'nosuchmodule' to import" in missing.stderr
