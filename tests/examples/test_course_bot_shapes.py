"""Course bots as teams submit them, through the course adapter (issue 47, section 2).

Each shape is a folder made as a student would hand it in, with the
adapter's ``CourseEngine.java``, ``build.sh`` and ``javafx/`` copied in and
its ``engine.toml`` (the bot class found, not named), built and played as a
class tournament does: the team's own ``Bot.java`` with a board-copy
helper and the course's JavaFX window beside it, every file under a
``package`` line, a bot without a constructor without arguments, a bot
that reads the time per move, and a bot whose ``move`` throws.
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

TEAM_BOT = """\
{package}import javafx.scene.control.Button;

/** The team's own Bot: the course's move, and helpers its bots share. */
public abstract class Bot {{
    protected long limit = 5000;

    public abstract int[] move(Button[][] tiles, int roundLeft, String player);

    /** A copy of the board, to try a move on. */
    protected Button[][] copyBoard(Button[][] tiles) {{
        Button[][] copy = new Button[tiles.length][tiles.length];
        for (int i = 0; i < tiles.length; i++)
            for (int j = 0; j < tiles.length; j++) copy[i][j] = new Button(tiles[i][j].getText());
        return copy;
    }}

    public void setTimeLimit(long millis) {{
        limit = millis;
    }}
}}
"""

FIRST_EMPTY = """\
{package}import javafx.scene.control.Button;

public class FirstEmpty extends Bot {{
    @Override
    public int[] move(Button[][] tiles, int roundLeft, String player) {{
        String told = System.getProperty("plyground.move.millis");
        System.out.println("limit=" + limit + " told=" + told);
        Button[][] board = copyBoard(tiles);
        for (int i = 0; i < board.length; i++)
            for (int j = 0; j < board.length; j++)
                if (board[i][j].getText().isEmpty()) return new int[] {{i, j}};
        return null;
    }}
}}
"""

WINDOW = """\
package gui;

import javafx.application.Application;
import javafx.stage.Stage;

/** The course's window: it needs JavaFX, and the bot does not need it. */
public class Main extends Application {
    public void start(Stage stage) {}
}
"""

NO_PLAIN_CONSTRUCTOR = """\
import javafx.scene.control.Button;

public class Picky extends Bot {
    private final String mark;

    public Picky(String mark) {
        this.mark = mark;
    }

    @Override
    public int[] move(Button[][] tiles, int roundLeft, String player) {
        return new int[] {0, 2};
    }
}
"""

THROWING = """\
import javafx.scene.control.Button;

public class Thrower extends Bot {
    @Override
    public int[] move(Button[][] tiles, int roundLeft, String player) {
        int none = roundLeft - roundLeft;
        return new int[] {0, 1 / none};
    }
}
"""

SMALL = ["--game", "adjacency(size=4,rounds=2)", "--games", "2", "--time", "1"]


def _submission(root: Path, files: dict[str, str], with_adapter_bot: bool) -> Path:
    """A student's folder in ``root/class``: their files, the adapter's beside them."""
    if shutil.which("javac") is None:
        pytest.fail("javac is not installed: 'make test' installs it (Debian's packages)")
    folder = root / "class" / "team"
    folder.mkdir(parents=True)
    for name in ("CourseEngine.java", "build.sh", "engine.toml"):
        shutil.copy(ADAPTER / name, folder)
    shutil.copytree(ADAPTER / "javafx", folder / "javafx")
    if with_adapter_bot:
        shutil.copy(ADAPTER / "Bot.java", folder)
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def _prepared(folder: Path) -> str | None:
    """Build and start the folder as a class tournament does: None, or why it is left out."""
    engines, left_out = find_engines(folder.parent)
    assert not left_out, left_out
    failure = prepare(engines[0], RunOptions())
    return None if failure is None else failure.reason


def _talk(folder: Path, millis: int) -> subprocess.CompletedProcess[str]:
    talk = f"hello 1\nnewgame adjacency\nposition 6OO/6OO/8/8/8/8/XX6/XX6 X 16\ngo {millis}\nquit\n"
    return subprocess.run(
        ["java", "-cp", "classes", "CourseEngine"],
        input=talk,
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=60,
        check=True,
    )


def _match(run_cli: RunCli, folder: Path) -> list[GameRecord]:
    result = run_cli(
        ["match", "engine:java -cp classes CourseEngine", "greedy", *SMALL, "--json", "m.jsonl"],
        cwd=folder,
    )
    assert result.returncode == 0, result.stderr
    return [GameRecord.from_dict(json.loads(line)) for line in (folder / "m.jsonl").open()]


def test_the_teams_bot_java_with_its_helper_is_kept_and_the_window_left_out(
    run_cli: RunCli, tmp_path: Path
) -> None:
    files = {
        "Bot.java": TEAM_BOT.format(package=""),
        "FirstEmpty.java": FIRST_EMPTY.format(package=""),
        "gui/Main.java": WINDOW,
    }
    folder = _submission(tmp_path, files, with_adapter_bot=False)
    assert _prepared(folder) is None
    talked = _talk(folder, 300)
    assert talked.stdout.splitlines() == ["hello 1 name=FirstEmpty", "bestmove a8"]
    assert "limit=300 told=300" in talked.stderr  # setTimeLimit and the property
    records = _match(run_cli, folder)
    assert len(records) == 2 and not any(r.rule_breaks for r in records)
    assert records[0].players[0].name in {"FirstEmpty", "greedy"}


def test_a_package_line_is_honoured(run_cli: RunCli, tmp_path: Path) -> None:
    files = {
        "src/ai/Bot.java": TEAM_BOT.format(package="package ai;\n\n"),
        "src/ai/FirstEmpty.java": FIRST_EMPTY.format(package="package ai;\n\n"),
    }
    folder = _submission(tmp_path, files, with_adapter_bot=False)
    assert _prepared(folder) is None
    assert (folder / "classes" / "ai" / "FirstEmpty.class").is_file()
    records = _match(run_cli, folder)
    assert len(records) == 2 and not any(r.rule_breaks for r in records)


def test_a_missing_constructor_without_arguments_is_said_plainly(tmp_path: Path) -> None:
    folder = _submission(tmp_path, {"Picky.java": NO_PLAIN_CONSTRUCTOR}, with_adapter_bot=True)
    reason = _prepared(folder)
    assert reason is not None
    assert (
        "Picky has no constructor without arguments: the adapter makes your bot with "
        "new Picky(), so add 'public Picky() { ... }'"
    ) in reason


def test_several_bot_classes_ask_for_one_by_name(tmp_path: Path) -> None:
    files = {"Picky.java": NO_PLAIN_CONSTRUCTOR, "Thrower.java": THROWING}
    folder = _submission(tmp_path, files, with_adapter_bot=True)
    reason = _prepared(folder)
    assert reason is not None
    assert "several classes extend Bot (Picky, Thrower): name one" in reason


def test_an_exception_in_move_is_a_crash_with_its_file_and_line(
    run_cli: RunCli, tmp_path: Path
) -> None:
    folder = _submission(tmp_path, {"Thrower.java": THROWING}, with_adapter_bot=True)
    assert _prepared(folder) is None
    records = _match(run_cli, folder)
    breaks = [b for r in records for b in r.rule_breaks]
    assert breaks and {b.kind.value for b in breaks} == {"crash"}
    assert breaks[0].detail == (
        "java.lang.ArithmeticException: / by zero (Thrower.java:7, in Thrower.move)"
    )
