"""What a crashing engine wrote, as a student finds it: under a match's or tournament's
table the first rule break of each kind and the exact option that keeps everything,
and ``--engine-log FILE`` appending every engine's stderr there, line by line after the
player's name. The engine is the Python template with a strategy that raises."""

from __future__ import annotations

import sys
from pathlib import Path

from cli_support import ROOT, RunCli

QUICK = ["--game", "adjacency(size=4,rounds=2)", "--time", "0.2"]
BEGIN = "# --- your strategy: begin ---"
RAISES = "def choose_move(board, deadline):\n    raise RuntimeError('my bug')\n\n\n"


def _crashing_engine(folder: Path) -> str:
    """The spec of the Python engine template whose strategy raises, written in ``folder``."""
    text = (ROOT / "examples" / "engines" / "mybot.py").read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    end = BEGIN.replace("begin", "end")
    _, _, tail = rest.partition(end)
    (folder / "mybot.py").write_text(f"{head}{BEGIN}\n{RAISES}{end}{tail}", encoding="utf-8")
    return f"engine:{sys.executable} mybot.py"


def _notes(stdout: str) -> list[str]:
    """The lines under the table, from the rule breaks' heading on."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("rule breaks"))
    return [line.strip() for line in lines[start:]]


def test_a_match_keeps_every_engines_stderr_in_the_engine_log_file(
    run_cli: RunCli, tmp_path: Path
) -> None:
    (tmp_path / "logs").mkdir()
    spec = _crashing_engine(tmp_path)
    args = ["match", spec, "greedy", *QUICK, "--games", "2", "--engine-log", "logs/all.log"]
    result = run_cli(args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "[" not in result.stderr  # kept in the file, not shown
    lines = (tmp_path / "logs" / "all.log").read_text(encoding="utf-8").splitlines()
    assert lines and all(line.startswith("[mybot] ") for line in lines)
    assert sum("RuntimeError: my bug" in line for line in lines) >= 2  # one per game at least
    assert any("Traceback" in line for line in lines)
    assert (
        "to keep everything engines write on stderr, run again with "
        "--engine-log engines.log" in _notes(result.stdout)
    )


def test_an_engine_log_file_that_cannot_be_written_is_refused_before_any_game(
    run_cli: RunCli, tmp_path: Path
) -> None:
    spec = _crashing_engine(tmp_path)
    result = run_cli(
        ["match", spec, "greedy", *QUICK, "--engine-log", "nowhere/x.log"], cwd=tmp_path
    )
    assert result.returncode != 0
    assert "--engine-log 'nowhere/x.log'" in result.stderr and "does not exist" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_tournament_notes_the_first_crash_and_appends_its_engine_log(
    run_cli: RunCli, tmp_path: Path
) -> None:
    spec = _crashing_engine(tmp_path)
    args = ["tournament", f"ada={spec}", "greedy", *QUICK, "--db", "t.sqlite3"]
    result = run_cli([*args, "--engine-log", "engines.log"], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    notes = _notes(result.stdout)
    assert notes[0] == "rule breaks (the first of each kind):"
    crash = next(line for line in notes if line.startswith("ada crash: "))
    assert "RuntimeError: my bug (mybot.py, line" in crash
    assert not any(line.startswith("greedy ") for line in notes)
    keep = "to keep everything engines write on stderr, run again with --engine-log engines.log"
    assert keep in notes
    kept = (tmp_path / "engines.log").read_text(encoding="utf-8").splitlines()
    assert kept and all(line.startswith("[ada] ") for line in kept)
    assert any("RuntimeError: my bug" in line for line in kept)
