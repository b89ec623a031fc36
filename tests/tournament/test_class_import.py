"""``plyground class import``: a folder of submissions made a class folder (issue 47, §3).

A folder as a learning platform exports it: zips and folders, a Python bot
class, a course bot in Java (a package, the team's Bot.java, the JavaFX
window beside it), the Java and C engine templates, broken submissions (a
Python file that does not compile, Java that does not build, no bot at
all) and hostile ones (a zip path with '..', a symbolic link, a huge file,
a zip bomb, a symbolic link in a zip); with a roster for one student. Then the tournament plays the
class, and a second import redoes only the submission that changed.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from cli_support import ROOT, RunCli
from plyground.arena.tournaments.engine_folders import find_engines

ENGINES = ROOT / "examples" / "engines"
PLATFORM = "_assignsubmission_file_"

TEAM_BOT = """\
package ai;

import javafx.scene.control.Button;

public abstract class Bot {
    public abstract int[] move(Button[][] tiles, int roundLeft, String player);

    protected Button[][] copyBoard(Button[][] tiles) {
        Button[][] copy = new Button[tiles.length][tiles.length];
        for (int i = 0; i < tiles.length; i++)
            for (int j = 0; j < tiles.length; j++) copy[i][j] = new Button(tiles[i][j].getText());
        return copy;
    }
}
"""

MINIMAX = """\
package ai;

import javafx.scene.control.Button;

public class Minimax extends Bot {
    @Override
    public int[] move(Button[][] tiles, int roundLeft, String player) {
        Button[][] board = copyBoard(tiles);
        for (int i = board.length - 1; i >= 0; i--)
            for (int j = 0; j < board.length; j++)
                if (board[i][j].getText().isEmpty()) return new int[] {i, j};
        return null;
    }
}
"""

WINDOW = """\
package gui;

import javafx.application.Application;
import javafx.stage.Stage;

public class Main extends Application {
    public void start(Stage stage) {}
}
"""

NOT_COMPILING_PY = """\
from plyground import Bot, Decision


class Broken(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(min(state.legal_moves(), None)
"""


def _zip(path: Path, files: dict[str, str | bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)


def _submissions(root: Path) -> Path:
    """The platform's export: one entry per student."""
    if shutil.which("javac") is None or shutil.which("gcc") is None:
        pytest.fail("javac and gcc are needed: 'make test' installs them (Debian's packages)")
    subs = root / "submissions"
    ada = subs / f"Ada Lovelace_101{PLATFORM}" / "bot"
    ada.mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "bots" / "mybot.py", ada)
    _zip(
        subs / f"Bob Builder_102{PLATFORM}.zip",
        {
            "project/src/ai/Bot.java": TEAM_BOT,
            "project/src/ai/Minimax.java": MINIMAX,
            "project/src/gui/Main.java": WINDOW,
            "__MACOSX/project/._Bot.java": b"\0",
        },
    )
    _zip(subs / "cy.zip", {"mybot.c": (ENGINES / "mybot.c").read_text()})
    (subs / "dee").mkdir()
    shutil.copy(ENGINES / "MyBot.java", subs / "dee")
    (subs / "eve").mkdir()
    (subs / "eve" / "notes.txt").write_text("I will hand it in next week\n")
    (subs / "fay").mkdir()
    (subs / "fay" / "broken.py").write_text(NOT_COMPILING_PY)
    (subs / "gus").mkdir()
    (subs / "gus" / "MyBot.java").write_text((ENGINES / "MyBot.java").read_text() + "\nint x = ;\n")
    _zip(subs / "mallory.zip", {"../../escaped.txt": "pwned"})
    with zipfile.ZipFile(subs / "quinn.zip", "w") as archive:  # a symbolic link in a zip
        archive.writestr("mybot.py", (ENGINES / "mybot.py").read_text())
        link = zipfile.ZipInfo("passwords")
        link.external_attr = 0o120777 << 16
        archive.writestr(link, "/etc/passwd")
    (subs / "nick").mkdir()
    shutil.copy(ENGINES / "mybot.py", subs / "nick")
    (subs / "nick" / "secrets").symlink_to("/etc")
    (subs / "olga").mkdir()
    shutil.copy(ENGINES / "mybot.py", subs / "olga")
    with (subs / "olga" / "weights.bin").open("wb") as huge:
        huge.truncate(6 * 1024 * 1024)  # sparse: over the 5 MB limit, costs no disk
    _zip(
        subs / "pat.zip", {"mybot.py": (ENGINES / "mybot.py").read_text(), "bomb": b"0" * 6_000_000}
    )
    (subs / "ray.zip").write_bytes(b"PK\x03\x04 not really a zip")
    roster = root / "roster.csv"
    roster.write_text("submission,name,author\ncy,Cy's C bot,Cy Young\n")
    return subs


def _table(stdout: str) -> dict[str, str]:
    """The table's rows by the folder they went to: the whole row's text, unwrapped."""
    rows: dict[str, list[str]] = {}
    current = ""
    for line in stdout.splitlines():
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[1]:
            current = cells[1].rstrip("/") if cells[1].endswith("/") else current + cells[1]
        rows.setdefault(current, []).append(" ".join(cells))
    return {key: " ".join(" ".join(value).split()) for key, value in rows.items()}


@pytest.fixture(scope="module")
def imported(run_cli: RunCli, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    root = tmp_path_factory.mktemp("class_import")
    subs = _submissions(root)
    result = run_cli(
        ["class", "import", str(subs), "--into", str(root / "class"), "--roster",
         str(root / "roster.csv"), "--time", "0.3"],
        cwd=root,
        timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return root, result.stdout


def test_every_language_enters_and_each_left_out_says_why(imported: tuple[Path, str]) -> None:
    root, stdout = imported
    text = " ".join(stdout.split())
    assert "13 submissions" in text and "4 of 13 entered" in text, stdout
    engines, _ = find_engines(root / "class")
    assert {e.name: e.author for e in engines} == {
        "Ada Lovelace": "Ada Lovelace",  # from the platform's folder name
        "Bob Builder": "Bob Builder",
        "Cy's C bot": "Cy Young",  # from the roster
        "dee": "dee",
        "fay": "fay",  # found but broken: the tournament leaves them out and says why
        "gus": "gus",
    }
    languages = {e.folder.name: (e.build, e.command) for e in engines}
    assert languages["bob-builder"] == ("sh build.sh", "java -cp classes CourseEngine ai.Minimax")
    assert languages["cy-young"][1] == "./bot" and languages["dee"][1] == "java -cp classes MyBot"
    assert languages["ada-lovelace"][1].endswith("-m plyground engine ./mybot.py:MyBot")
    assert not (root / "class" / "bob-builder" / "Bot.java").exists()  # the team's is kept
    expected = {
        "eve": "no .py, .java or .c file in it",
        "fay": "SyntaxError: '(' was never closed (broken.py, line 6): "
        "return Decision(min(state.legal_moves(), None)",
        "gus": "build 'javac -encoding UTF-8 -d classes MyBot.java' failed with status 1",
        "mallory": "mallory.zip holds '../../escaped.txt', a path that leads outside its folder",
        "nick": "nick/secrets is a symbolic link (refused",
        "olga": "olga holds a file of 6 MB or more, over the 5 MB a file of a submission may have",
        "pat": "pat.zip holds a file of 6 MB or more, over the 5 MB",
        "quinn": "quinn.zip holds 'passwords', a symbolic link (refused",
        "ray": "ray.zip is not a zip file that can be read",
    }
    rows = _table(stdout)
    for folder, reason in expected.items():
        squeezed = rows[folder].replace(" ", "")  # the table folds words anywhere
        assert "leftout" in squeezed and reason.replace(" ", "") in squeezed, rows[folder]
    assert not (root / "escaped.txt").exists() and not (root.parent / "escaped.txt").exists()
    for refused in ("mallory", "nick", "olga", "pat", "quinn"):
        assert not (root / "class" / refused).exists()  # nothing of it is kept


def test_the_imported_class_plays_a_tournament(run_cli: RunCli, imported: tuple[Path, str]) -> None:
    root, _ = imported
    result = run_cli(
        ["tournament", "--engines", str(root / "class"), "--name", "week1", "--db",
         str(root / "class.sqlite3"), "--game", "adjacency(size=8,rounds=1)", "--time", "0.5"],
        cwd=root,
        timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "12 games played" in result.stdout  # 4 engines, round robin, one pair each
    text = " ".join(result.stdout.split())
    assert "left out: fay:" in text and "(broken.py, line 6)" in text
    assert "left out: gus: build 'javac -encoding UTF-8 -d classes MyBot.java' failed" in text


def test_a_second_import_redoes_only_what_changed(
    run_cli: RunCli, imported: tuple[Path, str]
) -> None:
    root, _ = imported
    subs = root / "submissions"
    dee = subs / "dee" / "MyBot.java"
    dee.write_text(dee.read_text() + "\n// resubmitted\n")
    shutil.copy(ENGINES / "mybot.py", subs / "eve")  # the late one hands it in
    os.utime(subs / "cy.zip")  # touched, not changed
    result = run_cli(
        ["class", "import", str(subs), "--into", str(root / "class"), "--time", "0.3"],
        cwd=root,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    rows = _table(result.stdout)
    assert "(unchanged)" not in rows["dee"] and "(unchanged)" not in rows["eve"]
    assert "entered" in rows["eve"] and "entered" in rows["dee"]
    for folder in ("ada-lovelace", "bob-builder", "cy-young", "fay", "mallory"):
        assert "(unchanged)" in rows[folder], rows[folder]
    assert "// resubmitted" in (root / "class" / "dee" / "MyBot.java").read_text()
    state = json.loads((root / "class" / ".imported.json").read_text())
    assert state["cy.zip"]["entry"]["name"] == "Cy's C bot"  # the roster's, kept
