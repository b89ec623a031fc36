"""``plyground tournament --engines DIR``: a class's folder of engines, as a teacher runs it.

The folder is made from the templates of examples/engines (Python always;
Java and C when ``javac`` and ``gcc`` are installed) plus broken submissions:
one that does not compile, one that does not say hello, one without an
engine.toml and one whose engine.toml is not TOML.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from tournament_helpers import RunCli

from plyground.arena.engine_folders import find_engines

TEMPLATES = Path(__file__).resolve().parents[2] / "examples" / "engines"


def _submission(root: Path, folder: str, manifest: str, files: dict[str, str]) -> None:
    path = root / folder
    path.mkdir()
    if manifest:
        (path / "engine.toml").write_text(manifest)
    for name, text in files.items():
        (path / name).write_text(text)


def _class_folder(root: Path) -> list[str]:
    """A class's submissions in ``root``; returns the names of those that should play."""
    python = json.dumps(sys.executable)  # a TOML string is a JSON string here
    template = (TEMPLATES / "mybot.py").read_text()
    _submission(
        root,
        "ada",
        f'name = "Ada"\nauthor = "Ada Lovelace"\ncommand = "{json.loads(python)} mybot.py"\n',
        {"mybot.py": template},
    )
    playing = ["Ada"]
    if shutil.which("javac") and shutil.which("java"):
        _submission(
            root,
            "bob",
            'name = "Bob"\nauthor = "Bob"\nbuild = "javac MyBot.java"\n'
            'command = "java -cp . MyBot"\n',
            {"MyBot.java": (TEMPLATES / "MyBot.java").read_text()},
        )
        playing.append("Bob")
    if shutil.which("gcc"):
        _submission(
            root,
            "cy",
            'name = "Cy"\nbuild = "gcc -O2 -o mybot mybot.c"\ncommand = "./mybot"\n',
            {"mybot.c": (TEMPLATES / "mybot.c").read_text()},
        )
        playing.append("Cy")
        _submission(
            root,
            "dee",
            'name = "Dee"\nbuild = "gcc -o mybot mybot.c"\ncommand = "./mybot"\n',
            {"mybot.c": "int main(void) { return 0 }\n"},
        )
    _submission(
        root,
        "eve",
        f'name = "Eve"\ncommand = "{json.loads(python)} -c \'print(1)\'"\n',
        {},
    )
    _submission(root, "fay", "", {"mybot.py": template})
    _submission(root, "gus", "command = python3 mybot.py\n", {"mybot.py": template})
    return playing


def test_a_class_tournament_plays_what_starts_and_reports_the_rest(
    run_cli: RunCli, tmp_path: Path
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    playing = _class_folder(folder)
    db = tmp_path / "class.sqlite3"
    args = ["--engines", str(folder), "greedy", "--game", "adjacency(size=4,rounds=2)"]
    result = run_cli(
        ["tournament", *args, "--concurrency", "2", "--db", str(db)],
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    players = len(playing) + 1
    games = players * (players - 1)  # one pair of games per pairing
    assert f"{games} of {games} stored" in result.stdout, result.stdout
    out = result.stdout
    assert "left out: Eve: engine" in out and "answered '1' to 'hello'" in out
    assert "left out: fay: no engine.toml in fay/" in out
    assert "left out: gus: engine.toml cannot be read" in out
    if shutil.which("gcc"):
        assert "left out: Dee: build 'gcc -o mybot mybot.c' failed with status 1" in out
        assert "error" in out.split("left out: Dee", 1)[1]  # the compiler's own message
    report = (folder / "report.html").read_text()
    for name in [*playing, "greedy"]:
        assert f"<td>{name}</td>" in report
    assert "Ada: by Ada Lovelace" in report
    assert "<h2>left out</h2>" in report and "no engine.toml in fay/" in report
    assert "s/move" in report and "rule breaks" in report
    with sqlite3.connect(db) as connection:
        tournament_id, stored = connection.execute(
            "SELECT id, settings FROM tournaments"
        ).fetchone()
    settings = json.loads(stored)
    assert settings["time"] == 5.0 and settings["openings"] == 0 and settings["isolate"]
    assert settings["memory_mb"] == 4096
    ada = next(e for e in settings["entrants"] if e["name"] == "Ada")
    assert ada["cwd"] == str((folder / "ada").resolve())
    left_out = {entry["name"]: entry["reason"] for entry in settings["classroom"]["left_out"]}
    assert left_out["fay"] == "no engine.toml in fay/"

    # resumed (here: by its id, with nothing left to play), the report says the same
    (folder / "report.html").unlink()
    resumed = run_cli(["tournament", "--resume", tournament_id, "--db", str(db)])
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "0 games played" in resumed.stdout
    again = (folder / "report.html").read_text()
    assert "Ada: by Ada Lovelace" in again
    assert "<h2>left out</h2>" in again and "no engine.toml in fay/" in again


def test_engine_names_are_made_unique_with_their_folder(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        _submission(tmp_path, folder, 'name = "MyBot"\ncommand = "./x"\n', {})
    engines, left_out = find_engines(tmp_path)
    assert [e.name for e in engines] == ["MyBot (a)", "MyBot (b)"] and not left_out


@pytest.mark.parametrize(
    ("manifest", "problem"),
    [
        ('author = "x"\n', "engine.toml: no command"),
        ('command = "./x"\ncolor = "red"\n', "unknown field 'color'"),
        ("command = 3\n", "command must be a string in quotes"),
        ('command = "./x \'unclosed"\n', "cannot be split into words"),
    ],
)
def test_a_wrong_engine_toml_is_left_out_with_the_reason(
    tmp_path: Path, manifest: str, problem: str
) -> None:
    _submission(tmp_path, "x", manifest, {})
    engines, left_out = find_engines(tmp_path)
    assert not engines and len(left_out) == 1 and problem in left_out[0].reason


def test_engines_must_name_a_folder(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli(["tournament", "--engines", str(tmp_path / "none"), "greedy"])
    assert result.returncode == 2
    assert "is not a folder" in result.stderr and "Traceback" not in result.stderr
