"""A course bot, unchanged, through the course adapter of examples/engines/course/.

A seed-style minimax bot over ``Button[][]`` (tests/examples/course_bot/, written
for this test) is put next to the adapter's files with an ``engine.toml``, built
by its ``build`` line (``sh build.sh``) as a class tournament builds it, talked
to by hand to check the rounds it is told for either side, and played through
``plyground match`` as a subprocess.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cli_support import ROOT, RunCli
from plyground.arena.play.run_options import RunOptions
from plyground.arena.records.record import GameRecord
from plyground.arena.tournaments.engine_folders import find_engines, prepare

ADAPTER = ROOT / "examples" / "engines" / "course"
COURSE_BOT = Path(__file__).with_name("course_bot") / "Minimax.java"


@pytest.fixture
def bot_folder(tmp_path: Path) -> Path:
    """A class folder with one student: the adapter's files and the course bot, built."""
    if shutil.which("javac") is None:
        pytest.fail("javac is not installed: 'make test' installs it (Debian's packages)")
    folder = tmp_path / "class" / "student"
    shutil.copytree(ADAPTER, folder)
    shutil.copy(COURSE_BOT, folder)
    engines, left_out = find_engines(tmp_path / "class")
    assert not left_out, left_out
    assert prepare(engines[0], RunOptions()) is None  # built by engine.toml, answers hello
    return folder


def test_the_bot_is_told_the_rounds_left_for_either_side(bot_folder: Path) -> None:
    talk = (
        "hello 1\nnewgame adjacency\n"
        "position 6OO/6OO/8/8/8/8/XX6/XX6 X 16\ngo 1000\n"
        "position 6OO/6OO/8/8/8/8/XX6/XX6 O 15\ngo 1000\n"
        "position 6OO/6OO/8/8/8/8/XX6/XX6 X 2\ngo 1000\n"
        "position 6OO/6OO/8/8/8/8/XX6/XX6 O 1\ngo 1000\nquit\n"
    )
    result = subprocess.run(
        ["java", "-cp", "classes", "CourseEngine", "Minimax"],
        input=talk,
        capture_output=True,
        text=True,
        cwd=bot_folder,
        timeout=60,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "hello 1 name=Minimax"
    assert len(lines) == 5 and all(line.startswith("bestmove ") for line in lines[1:])
    told = [line for line in result.stderr.splitlines() if line.startswith("roundLeft=")]
    assert told == [
        "roundLeft=8 player=X",
        "roundLeft=8 player=O",
        "roundLeft=1 player=X",
        "roundLeft=1 player=O",
    ]


def test_the_course_bot_plays_a_match(run_cli: RunCli, bot_folder: Path) -> None:
    result = run_cli(
        [
            "match",
            "engine:java -cp classes CourseEngine",
            "greedy",
            "--game",
            "adjacency(rounds=4)",
            "--games",
            "2",
            "--time",
            "2",
            "--json",
            "m.jsonl",
        ],
        cwd=bot_folder,
    )
    assert result.returncode == 0, result.stderr
    records = [GameRecord.from_dict(json.loads(line)) for line in (bot_folder / "m.jsonl").open()]
    assert len(records) == 2
    assert all(not record.rule_breaks for record in records)
    assert {p.name for p in records[0].players} == {"Minimax", "greedy"}
    for record in records:
        record.replay()
