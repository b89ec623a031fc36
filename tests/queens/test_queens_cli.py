"""``plyground solve queens N`` as a user runs it."""

from __future__ import annotations

import re

import pytest

from cli_support import RunCli


def test_solve_draws_a_board_with_statistics(run_cli: RunCli) -> None:
    out = run_cli(["solve", "queens", "8"])
    assert out.returncode == 0, out.stderr
    assert "8-Queens by backtracking" in out.stdout
    assert "   a b c d e f g h" in out.stdout
    board = [line for line in out.stdout.splitlines() if re.match(r"\d  [.Q]", line)]
    assert len(board) == 8 and sum(line.count("Q") for line in board) == 8
    assert "position: 8:" in out.stdout
    assert "nodes " in out.stdout and "backtracks " in out.stdout and " s" in out.stdout


@pytest.mark.parametrize("method", ["mac", "min-conflicts"])
def test_methods(run_cli: RunCli, method: str) -> None:
    out = run_cli(["solve", "queens", "12", "--method", method, "--seed", "2"])
    assert out.returncode == 0, out.stderr
    assert f"12-Queens by {'backtracking' if method == 'mac' else method}" in out.stdout
    assert ("steps " if method == "min-conflicts" else "prunings ") in out.stdout


def test_count_all(run_cli: RunCli) -> None:
    out = run_cli(["solve", "queens", "10", "--all"])
    assert out.returncode == 0, out.stderr
    assert "10-Queens: 724 solutions" in out.stdout


def test_large_boards_are_not_drawn(run_cli: RunCli) -> None:
    out = run_cli(["solve", "queens", "3000", "--method", "min-conflicts"])
    assert out.returncode == 0, out.stderr
    assert "queens-specialised" in out.stdout and "not drawn" in out.stdout
    assert "position:" not in out.stdout


def test_no_solution_exits_one(run_cli: RunCli) -> None:
    out = run_cli(["solve", "queens", "3", "--method", "mac"])
    assert out.returncode == 1 and "no solution for N = 3" in out.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0"], "N must be a positive integer, got '0'"),
        (["-4"], "N must be a positive integer"),
        (["eight"], "N must be a positive integer, got 'eight'"),
        (["8.5"], "got '8.5'"),
        (["8", "--method", "dfs"], "invalid choice: 'dfs'"),
        (["1000", "--method", "mac"], "N = 1000 is too large for mac"),
        (["1000"], "N = 1000 is too large for backtracking"),
        (["8", "--time", "nan"], "--time must be a positive number"),
        (["25", "--all"], "N = 25 is too large to count"),
        (["8", "--all", "--method", "mac"], "drop --method"),
        (["8", "--time", "0"], "--time must be a positive number"),
        (["20000000", "--method", "min-conflicts"], "N must be an integer from 1 to"),
    ],
)
def test_bad_input_is_one_line_and_exit_two(run_cli: RunCli, args: list[str], message: str) -> None:
    out = run_cli(["solve", "queens", *args])
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_time_limit_stops_the_search(run_cli: RunCli) -> None:
    out = run_cli(["solve", "queens", "300", "--time", "0.2"])
    assert out.returncode == 1, out.stderr
    assert "no solution found within 0.2 s" in out.stdout
