"""A class bot's failure is named the same way however it runs (issue 47, section 1).

A Python class bot that raises in ``choose`` is a ``crash`` naming the
exception, its file and line, in the referee's process, with ``--isolate``,
and through ``plyground engine`` in an ``engine.toml`` (the engine says so
in ``crash`` lines, docs/protocol.md); a file that does not compile is
quoted with its line of code, file and line number; an illegal move gets
the game's own reason in every mode; the table names an engine by its
``hello`` name; the ``--engine-log`` hint is given only where there is a stderr.
All as real processes.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from cli_support import RunCli
from plyground.arena.records.record import GameRecord

CRASHING = """\
from plyground import Bot, Decision


def pick(moves):
    return moves[99]


class Crashy(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(pick(list(state.legal_moves())), None)
"""

NOT_COMPILING = """\
from plyground import Bot, Decision


class Broken(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(list(state.legal_moves())[0]
"""

OCCUPIED = """\
from plyground import Bot, Decision


class Stubborn(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(0, None)  # a1: X's own mark from the start
"""

SMALL = ["--game", "adjacency(size=4,rounds=2)", "--time", "0.5", "--games", "1"]
CRASH = "the bot raised IndexError: list index out of range (crashbot.py, line 5, in pick)"
FRAMES = [
    '  File "crashbot.py", line 10, in choose',
    "    return Decision(pick(list(state.legal_moves())), None)",
    '  File "crashbot.py", line 5, in pick',
    "    return moves[99]",
]
SYNTAX = (
    "SyntaxError: '(' was never closed (brokenbot.py, line 6): "
    "return Decision(list(state.legal_moves())[0]"
)
HINT = "--engine-log engines.log"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "crashbot.py").write_text(CRASHING)
    (tmp_path / "brokenbot.py").write_text(NOT_COMPILING)
    (tmp_path / "stubborn.py").write_text(OCCUPIED)
    return tmp_path


def _engine(spec: str) -> str:
    """``engine:python -m plyground engine SPEC``, as an engine.toml's command runs it."""
    return "engine:" + shlex.join([sys.executable, "-m", "plyground", "engine", spec])


def _records(path: Path) -> list[GameRecord]:
    return [GameRecord.from_dict(json.loads(line)) for line in path.open()]


@pytest.mark.parametrize(
    "mode", ["in process", "isolated", "engine command"], ids=lambda mode: mode.replace(" ", "-")
)
def test_an_exception_in_choose_is_a_crash_with_its_file_and_line(
    run_cli: RunCli, folder: Path, mode: str
) -> None:
    side = _engine("./crashbot.py:Crashy") if mode == "engine command" else "./crashbot.py:Crashy"
    isolate = ["--isolate"] if mode == "isolated" else []
    result = run_cli(["match", side, "greedy", *SMALL, *isolate, "--json", "m.jsonl"], cwd=folder)
    assert result.returncode == 0, result.stderr
    breaks = [b for r in _records(folder / "m.jsonl") for b in r.rule_breaks]
    assert breaks and {b.kind.value for b in breaks} == {"crash"}
    assert all(b.detail.splitlines() == [CRASH, *FRAMES] for b in breaks), breaks[0].detail
    assert f"Crashy crash: {CRASH}" in result.stdout
    assert (HINT in result.stdout) is (mode != "in process")  # only a process has a stderr
    # the table names the engine by its hello name, not its command
    row = next(line for line in result.stdout.splitlines() if "Crashy" in line)
    assert "plyground engine" not in result.stdout.split("rule breaks")[0], row


def test_verbose_says_what_each_side_runs(run_cli: RunCli, folder: Path) -> None:
    engine = _engine("./crashbot.py:Crashy")
    result = run_cli(["match", engine, "greedy", *SMALL, "--verbose"], cwd=folder)
    assert result.returncode == 0, result.stderr
    assert f"A Crashy: {engine}" in result.stdout.splitlines()
    assert "B greedy: greedy" in result.stdout.splitlines()


@pytest.mark.parametrize("mode", ["in process", "isolated", "engine command"])
def test_an_illegal_move_has_the_games_reason_in_every_mode(
    run_cli: RunCli, folder: Path, mode: str
) -> None:
    side = (
        _engine("./stubborn.py:Stubborn") if mode == "engine command" else "./stubborn.py:Stubborn"
    )
    isolate = ["--isolate"] if mode == "isolated" else []
    result = run_cli(["match", side, "greedy", *SMALL, *isolate, "--json", "m.jsonl"], cwd=folder)
    assert result.returncode == 0, result.stderr
    breaks = [b for r in _records(folder / "m.jsonl") for b in r.rule_breaks]
    assert breaks and {b.kind.value for b in breaks} == {"illegal"}
    assert breaks[0].detail == "Stubborn answered 'a1': cell a1 is occupied by X"


def test_a_syntax_error_is_quoted_with_its_line_file_and_number(
    run_cli: RunCli, folder: Path
) -> None:
    result = run_cli(["match", _engine("./brokenbot.py:Broken"), "greedy", *SMALL], cwd=folder)
    assert result.returncode == 2
    assert f"its stderr: {SYNTAX!r}" in result.stderr, result.stderr


def test_in_a_class_folder_the_crash_and_the_syntax_error_are_named(
    run_cli: RunCli, folder: Path
) -> None:
    """engine.toml with ``plyground engine ./bot.py:Class``, as docs/classroom.md says."""
    root = folder / "class"
    for student, spec in (("ada", "./crashbot.py:Crashy"), ("bob", "./brokenbot.py:Broken")):
        (root / student).mkdir(parents=True)
        (root / student / Path(spec.split(":")[0]).name).write_text(
            (folder / Path(spec.split(":")[0]).name).read_text()
        )
        command = shlex.join([sys.executable, "-m", "plyground", "engine", spec])
        (root / student / "engine.toml").write_text(f"command = {json.dumps(command)}\n")
    result = run_cli(
        [
            "tournament", "--engines", str(root), "greedy", "--name", "t", "--db", "t.sqlite3",
            "--game", "adjacency(size=4,rounds=2)", "--time", "0.5", "--html", "t.html",
        ],
        cwd=folder,
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"ada crash: {CRASH}" in result.stdout
    assert SYNTAX in " ".join(result.stdout.split())  # the left-out note (wrapped)
    assert "its stderr: '^'" not in result.stdout
