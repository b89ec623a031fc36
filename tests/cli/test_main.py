"""``plyground`` itself: what it does before any command runs."""

from __future__ import annotations

import pytest

from plyground.cli import main as cli_main


def test_ctrl_c_while_the_commands_load_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # loading the commands takes a moment, in which Ctrl-C used to be a traceback
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "build_parser", interrupted)
    assert cli_main.main(["games"]) == 130
    assert capsys.readouterr().err.strip() == "plyground: interrupted"


def test_building_the_command_line_loads_no_numba() -> None:
    # every command builds every parser: a command module that imports its kernels at the
    # top makes every start slower (and the suite, which starts plyground ~250 times)
    import subprocess
    import sys

    from cli_support import plyground_env

    probe = "import sys; from plyground.cli.main import build_parser; build_parser(); "
    probe += "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba')[:3])"
    command = [sys.executable, "-c", probe]
    result = subprocess.run(
        command, check=False, capture_output=True, text=True, env=plyground_env()
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


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
