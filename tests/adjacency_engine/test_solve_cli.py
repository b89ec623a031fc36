"""``plyground solve adjacency`` as a user runs it: values, --moves, --json, bad input, Ctrl-C."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time

import pytest

from cli_support import RunCli, plyground_env
from plyground.cli.main import main
from plyground.games.adjacency.rules import parse_position
from plyground.games.adjacency.solver import solve

POSITION = "4OO/4OO/6/6/XX3X/XX4 O 9"
"""A 6x6 position with O to move (so X - O margins differ from the mover's); in the opening
book, which values its best moves but not every move, so ``--moves`` solves it."""
LONG = "6OO/6OO/8/8/8/8/XX6/XX6 X 16"
"""The 8-round game's start: hours to solve (the opening book knows its value)."""


def test_prints_the_value_best_moves_and_line(run_cli: RunCli) -> None:
    expected = solve(parse_position(POSITION), moves=True)
    result = run_cli(["solve", "adjacency", POSITION, "--moves"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"value    {expected.value:+d}")
    assert lines[2].split()[1:] == list(expected.best)
    assert lines[3].split()[1:] == list(expected.line)
    assert expected.moves is not None
    listed = {}
    for line in lines[4:-1]:
        value, names = line.split(":", 1)
        listed.update(dict.fromkeys(names.split(), int(value.split()[-1])))
    assert listed == expected.moves
    assert lines[-1].startswith("nodes")


def test_json_is_one_object_of_x_minus_o_margins(run_cli: RunCli) -> None:
    expected = solve(parse_position(POSITION), moves=True)
    result = run_cli(["solve", "adjacency", POSITION, "--json", "--moves"])
    assert result.returncode == 0, result.stderr
    # in the book, which proves its value but not every move's: solved, and said why
    assert "the opening book proves the value" in result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"position", "value", "best", "line", "moves", "nodes", "seconds", "source"}
    assert data["source"] == "solve"
    assert data["position"] == POSITION
    assert (data["value"], data["best"], data["moves"]) == (
        expected.value,
        list(expected.best),
        expected.moves,
    )
    assert all(data["moves"][name] == data["value"] for name in data["best"])
    assert data["nodes"] > 0 and data["seconds"] >= 0
    plain = json.loads(run_cli(["solve", "adjacency", POSITION, "--json"]).stdout)
    assert plain["moves"] is None and plain["value"] == expected.value
    assert plain["source"] == "book" and set(plain["best"]) <= set(expected.best)


def test_a_position_in_the_book_is_answered_from_it_at_once(run_cli: RunCli) -> None:
    result = run_cli(["solve", "adjacency", LONG])  # hours to solve; in the book: proved -2
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "value    -2  (O wins by 2; X - O with best play)"
    best = lines[2].split("(")[0].split()[1:]
    assert {"e1", "g6"} <= set(best) and len(best) == 54  # settled: every best first move
    assert "another may be as good" not in lines[2]
    first, reply = lines[3].split()[1:3]  # a best first move and O's booked best reply
    assert first in best and reply != "..." and "as far as the book goes" in lines[3]
    assert lines[-1].startswith("source   the opening book")
    # where the book values every move (a solved setting's start), --moves is the book's
    # too, and agrees with the solver
    start = "4OO/4OO/6/6/XX4/XX4 X 8"
    booked = json.loads(run_cli(["solve", "adjacency", start, "--moves", "--json"]).stdout)
    solved = solve(parse_position(start), moves=True)
    assert booked["source"] == "book" and booked["every_best"]
    assert (booked["value"], booked["best"], booked["moves"]) == (
        solved.value,
        list(solved.best),
        solved.moves,
    )


def test_a_game_spec_that_agrees_is_accepted(run_cli: RunCli) -> None:
    result = run_cli(["solve", "adjacency", POSITION, "--game", "adjacency(size=6,rounds=5)"])
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["XX/OO X 3"], "has 2 rows"),
        (["4OO/4OO/6/6/XX3X/XX4 Q 9"], "side to move"),
        ([POSITION, "--game", "adjacency(size=8)"], "is for a 6x6 board"),
        ([POSITION, "--game", "adjacency(size=6,rounds=4)"], "has only 8"),
        ([POSITION, "--game", "adjacency(size=6,rounds=5,first=O)"], "O to move, but"),
        ([POSITION, "--game", "tictactoe"], "is not the adjacency game"),
        (["4OO/4OO/6/6/XX3X/XX4 O 0"], "the game is over"),
        ([POSITION, "--time", "soon"], "--time"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(run_cli: RunCli, args: list[str], message: str) -> None:
    result = run_cli(["solve", "adjacency", *args])
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--store", "s.db"], "--store"),
        (["--book", "b.json", "--concurrency", "2"], "--concurrency, --book"),
        (["--backend", "ray", "--prove", "--guess", "-2"], "--backend, --prove, --guess"),
    ],
)
def test_an_option_of_the_start_solve_is_refused_with_a_position(
    capsys: pytest.CaptureFixture[str], options: list[str], named: str
) -> None:
    # in process: the same main a user's subprocess runs, as the bad-input cases above show
    assert main(["solve", "adjacency", POSITION, *options]) == 2
    err = capsys.readouterr().err
    assert f"{named}: only with --start" in err and len(err.splitlines()) == 1


def test_quiet_and_the_defaults_of_the_start_options_are_accepted_with_a_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "adjacency", POSITION, "--quiet", "--backend", "pool", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["position"] == POSITION


def test_a_time_limit_ends_a_long_solve_without_a_value(run_cli: RunCli) -> None:
    result = run_cli(["solve", "adjacency", LONG, "--time", "0.5", "--no-book"])
    assert result.returncode == 1
    assert "no value within --time 0.5 s" in result.stderr
    assert result.stdout == ""


@pytest.mark.slow
def test_ctrl_c_stops_a_long_solve_cleanly_after_showing_progress() -> None:
    """On a terminal the solve shows progress; SIGINT stops it with one line, exit 130."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "plyground", "solve", "adjacency", LONG, "--no-book"],
        stdout=subprocess.PIPE,
        stderr=child,
        env=plyground_env(),
        text=True,
        # As at a terminal: an earlier test in this worker may have left SIGINT ignored,
        # and an ignored SIGINT is inherited (Python then installs no KeyboardInterrupt).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    os.close(child)
    shown = b""
    try:
        deadline = time.monotonic() + 300  # a loaded machine starts slowly
        while b"nodes/s" not in shown and time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 1.0)
            if ready:
                shown += os.read(main, 4096)
        assert b"nodes/s" in shown and b"root move" in shown
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=60)
        while select.select([main], [], [], 0.5)[0]:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    assert status == 130
    assert b"stopped by Ctrl-C after" in shown and b"Traceback" not in shown
    assert process.stdout is not None and process.stdout.read() == ""
