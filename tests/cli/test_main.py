"""``plyground`` itself: what it does before any command runs."""

from __future__ import annotations

import pytest

from plyground.cli import main as cli_main


def test_ctrl_c_while_the_commands_load_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # loading every command imports numba: seconds in which Ctrl-C used to be a traceback
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "build_parser", interrupted)
    assert cli_main.main(["games"]) == 130
    assert capsys.readouterr().err.strip() == "plyground: interrupted"
