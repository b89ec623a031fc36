"""``plyground tournament --engines DIR``: a class's folder of engines, as a teacher runs it.

The folder is made from the templates of examples/engines (Python always;
Java and C when ``javac`` and ``gcc`` are installed) plus broken submissions:
one that does not compile, one that does not say hello, one without an
engine.toml and one whose engine.toml is not TOML.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from tournament_helpers import RunCli

from plyground.arena.tournaments.engine_folders import find_engines

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


def _standings(page: str) -> list[list[str]]:
    """The rows of the HTML report's standings table, as cell texts."""
    table = page.split("<h2>standings</h2>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1])
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    return [[html.unescape(cell) for cell in row] for row in cells]


def _check_left_out_section(page: str, playing: list[str], left_out: dict[str, str]) -> None:
    """The page's standings hold the players that played, with their authors; the
    engines left out are in a section of their own, each with the reason."""
    rows = _standings(page)
    assert sorted(row[1] for row in rows) == sorted(playing), rows
    authors = {row[1]: row[2] for row in rows}
    assert authors["Ada"] == "Ada Lovelace" and authors["greedy"] == "", rows
    section = page.split("<h2>left out</h2>", 1)[1].split("</table>", 1)[0]
    cell = r"<td[^>]*>(.*?)</td>"
    rows = re.findall(f"<tr>{cell}{cell}{cell}</tr>", section)
    reasons = {html.unescape(name): html.unescape(why) for name, _, why in rows}
    assert sorted(reasons) == sorted(left_out), section
    for name, reason in left_out.items():
        assert reason in reasons[name]


def _check_printed_standings(out: str, played: int, left_out: dict[str, str]) -> None:
    """The standings a command printed end with the engines left out, ranked below
    the ``played`` players, and why."""
    table = out.rsplit("standings", 1)[1].split("cross-table", 1)[0]
    rows: list[list[str]] = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.split("│")[1:-1]]
        if cells and cells[0]:
            rows.append(cells)
        elif cells and rows:  # a row's cells wrapped onto the next line
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    assert [row[0] for row in rows] == [str(rank) for rank in range(1, played + 1)] + [
        str(played + 1)
    ] * len(left_out), table
    below = {row[1]: row for row in rows[played:]}
    assert sorted(below) == sorted(left_out), table
    for name, reason in left_out.items():
        row = below[name]
        assert row[4] == "0" and row[7] == "-" and row[-1].startswith("left out: "), row
        assert reason in row[-1].replace("… ", "").replace("…", ""), row


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
    with sqlite3.connect(db) as connection:
        tournament_id, stored = connection.execute(
            "SELECT id, settings FROM tournaments"
        ).fetchone()
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
    reasons = {
        "Eve": "answered '1' to 'hello'",
        "fay": "no engine.toml in fay/",
        "gus": "engine.toml cannot be read",
    }
    if shutil.which("gcc"):
        reasons["Dee"] = "build 'gcc -o mybot mybot.c' failed with status 1"
    _check_printed_standings(out, len(playing) + 1, reasons)
    report = (folder / "report.html").read_text()
    _check_left_out_section(report, [*playing, "greedy"], reasons)
    assert f"<h1>{html.escape(tournament_id)}</h1>" in report
    assert "<dt>rule breaks</dt><dd>random-move: a random legal move" in report
    assert "<dt>time per move</dt><dd>5 s</dd>" in report
    if shutil.which("gcc"):  # the compiler's own message, under the reason
        log = report.split("<h3>log of Dee</h3>", 1)[1].split("</pre>", 1)[0]
        assert "<pre>" in log and "error" in log
    assert "s/move" in report and "rule breaks" in report
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
    _check_left_out_section(again, [*playing, "greedy"], reasons)

    # and so does 'plyground report' of the stored tournament
    report_args = ["report", "--db", str(db), "--tournament", tournament_id]
    reported = run_cli([*report_args, "--html", str(folder / "again.html")])
    assert reported.returncode == 0, reported.stdout + reported.stderr
    _check_printed_standings(reported.stdout, len(playing) + 1, reasons)
    assert (folder / "again.html").read_text() == again  # the same page


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
