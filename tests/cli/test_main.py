"""``plyground`` itself: what it does before any command runs."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from cli_support import plyground_env
from plyground.cli import main as cli_main


def test_ctrl_c_while_the_commands_load_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # loading the commands takes a moment, in which Ctrl-C used to be a traceback
    def interrupted(command: str | None = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "build_parser", interrupted)
    assert cli_main.main(["games"]) == 130
    assert capsys.readouterr().err.strip() == "plyground: interrupted"


HEAVY = (
    "numpy",
    "numba",
    "rich",
    "sqlite3",
    "multiprocessing",
    "importlib.metadata",
    "fastapi",
    "plyground.arena.reports",
    "plyground.arena.stats.ratings",
    "plyground.arena.storage",
    "plyground.arena.tournaments.tournament",
    "plyground.arena.tuning.run",
    "plyground.web.app",
    "plyground.games.adjacency.search",
)
"""What a command's parser never needs: numerics, kernels, the terminal's tables, the
database, process pools, plugins' metadata, the web app, reports and tuning."""


_PROBE = """
import json, sys
from plyground.cli.main import main
try:
    main(sys.argv[1:])
finally:
    print("modules:", json.dumps(sorted(sys.modules)), file=sys.__stderr__)
"""


def imports_of(
    args: list[str], stdin: str = ""
) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The modules ``plyground ARGS`` has imported when it ends, and how it ended."""
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=plyground_env(),
        check=False,
    )
    last = result.stderr.splitlines()[-1]
    assert last.startswith("modules: "), result.stderr
    return set(json.loads(last.removeprefix("modules: "))), result


def test_help_lists_every_command_and_loads_nothing_a_command_runs_on() -> None:
    # every start used to import every command's work (numpy, rich, the arena) to build the
    # parser: a second per process, for each of the suite's hundreds of plyground processes
    imported, result = imports_of(["--help"])
    assert result.returncode == 0, result.stderr
    listed = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("    ")]
    assert [name for name in listed if name in cli_main.COMMANDS] == list(cli_main.COMMANDS)
    assert "plyground.cli.tune" in imported  # every parser was built
    assert sorted(name for name in HEAVY if name in imported) == []


def test_an_engine_session_loads_only_its_bot_and_game() -> None:
    imported, result = imports_of(["engine", "greedy"], stdin="hello 1\nquit\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("hello 1 name=greedy ")
    commands = sorted(name for name in imported if name.startswith("plyground.cli."))
    assert commands == [
        "plyground.cli.engine",
        "plyground.cli.engine_server",
        "plyground.cli.groups",
        "plyground.cli.main",
    ]
    assert sorted(name for name in HEAVY if name in imported) == []


def test_each_command_is_registered_by_the_module_commands_names() -> None:
    for command in cli_main.COMMANDS:
        parser = cli_main.build_parser(command)
        subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        assert command in subparsers.choices


@pytest.mark.parametrize(
    ("args", "command", "unknown"),
    [
        (["match", "greedy", "random", "--db", "x.db"], "plyground match", "--db x.db"),
        (["solve", "adjacency", "--position", "x"], "plyground solve adjacency", "--position"),
        (["records", "list", "--nope"], "plyground records list", "--nope"),
        (["--nope"], "plyground", "--nope"),
    ],
)
def test_an_unknown_option_is_named_with_the_usage_of_its_command(
    args: list[str], command: str, unknown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli_main.main(args)
    assert stopped.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0].startswith(f"usage: {command} ")
    assert lines[-1] == f"{command}: error: unrecognized arguments: {unknown}"
