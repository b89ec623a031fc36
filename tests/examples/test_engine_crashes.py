"""An engine's crash explained in the student's own terms, with real processes: a Python
traceback, a Java stack trace and a C program killed by a signal each become a rule
break quoting the exception line and the student's own top frame (kept in the JSON
record), and ``match`` prints the first detail of each kind under its table."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import ROOT, RunCli
from plyground.arena.players.crash_detail import crash_detail
from plyground.arena.records.record import GameRecord, RuleBreakKind

TEMPLATES = ROOT / "examples" / "engines"
SMALL = ["--game", "adjacency(size=4,rounds=2)", "--games", "2", "--time", "0.5"]
STRATEGY = {
    "python": (
        "mybot.py",
        "# --- your strategy: begin ---",
        "def choose_move(board, deadline):\n    raise RuntimeError('my bug')\n\n\n",
    ),
    "java": (
        "MyBot.java",
        "// --- your strategy: begin ---",
        "    int[] move() {\n        int[] none = new int[0];\n"
        "        return new int[] {none[1], 0};\n    }\n",
    ),
    "c": (
        "mybot.c",
        "/* --- your strategy: begin --- */",
        "static void choose_move(const Board *b, double deadline, int *row, int *col) {\n"
        "    (void)b; (void)deadline; (void)col;\n"
        "    volatile int *nowhere = NULL;\n    *row = *nowhere;\n}\n",
    ),
}


def _buggy(language: str, folder: Path) -> list[str]:
    """A copy of the template whose strategy fails, built; the command that runs it."""
    source, begin, body = STRATEGY[language]
    text = (TEMPLATES / source).read_text(encoding="utf-8")
    head, _, rest = text.partition(begin)
    end = begin.replace("begin", "end")
    _, _, tail = rest.partition(end)
    (folder / source).write_text(f"{head}{begin}\n{body}{end}{tail}", encoding="utf-8")
    if language == "python":
        return [sys.executable, source]
    if language == "java":
        subprocess.run([_tool("javac"), source], cwd=folder, check=True, capture_output=True)
        return ["java", "-cp", ".", "MyBot"]
    command = [_tool("gcc"), "-O0", "-o", "mybot", source]
    subprocess.run(command, cwd=folder, check=True, capture_output=True)
    return ["./mybot"]


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: 'make test' installs it (Debian's packages)")
    return path


def _expected(language: str, folder: Path) -> str:
    """The detail a student should read: the error and the line of the bug in their file."""
    source = STRATEGY[language][0]
    lines = (folder / source).read_text(encoding="utf-8").splitlines()
    bug = {"python": "raise RuntimeError", "java": "none[1]", "c": ""}[language]
    if not bug:
        return "it was killed by SIGSEGV (a segmentation fault"
    line = next(number for number, text in enumerate(lines, 1) if bug in text)
    if language == "python":
        return f"RuntimeError: my bug (mybot.py, line {line}, in choose_move)"
    return (
        "java.lang.ArrayIndexOutOfBoundsException: Index 1 out of bounds for length 0 "
        f"(MyBot.java:{line}, in MyBot.move)"
    )


@pytest.mark.parametrize("language", ["python", "java", "c"])
def test_a_crash_quotes_the_error_and_the_students_own_frame(
    run_cli: RunCli, tmp_path: Path, language: str
) -> None:
    command = " ".join(_buggy(language, tmp_path))
    result = run_cli(
        ["match", f"engine:{command}", "greedy", *SMALL, "--json", "m.jsonl"], cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    records = [GameRecord.from_dict(json.loads(line)) for line in (tmp_path / "m.jsonl").open()]
    crashes = [b for r in records for b in r.rule_breaks if b.kind is RuleBreakKind.CRASH]
    assert crashes
    expected = _expected(language, tmp_path)
    assert expected in crashes[0].detail
    shown = result.stdout[result.stdout.index("crash:") :]
    assert expected in shown
    assert "--engine-log" in result.stdout


def test_the_detail_of_a_compile_error_and_a_syntax_error() -> None:
    javac = ["MyBot.java:12: error: ';' expected", "        int x = 3", "1 error"]
    assert crash_detail(javac) == "MyBot.java:12: error: ';' expected"
    syntax = ['  File "/home/me/mybot.py", line 3', "    def f(:", "          ^", "SyntaxError: x"]
    assert crash_detail(syntax) == "SyntaxError: x (mybot.py, line 3): def f(:"
    # as plyground engine reports a class bot's file that does not compile
    engine = [
        "plyground engine: error: ./bot.py, line 6: SyntaxError: '(' was never closed",
        '  File "bot.py", line 6',
        "    return Decision(moves[0]",
        "                   ^",
    ]
    assert crash_detail(engine) == (
        "SyntaxError: '(' was never closed (bot.py, line 6): return Decision(moves[0]"
    )
    assert crash_detail(["just a line", "  "]) == "just a line"
    assert crash_detail([]) == ""
