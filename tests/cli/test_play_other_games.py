"""``plyground play GAME`` for the games beside the flagship, as a user runs it."""

from __future__ import annotations

from cli_support import RunCli


def test_tictactoe_against_the_perfect_bot_by_default(run_cli: RunCli) -> None:
    moves = "hint\nb2\nb2\nz9\n" + "\n".join(f"{c}{r}" for c in "abc" for r in "123") + "\n"
    result = run_cli(["play", "tictactoe", "--seed", "3"], input=moves)
    assert result.returncode == 0, result.stderr
    assert "O (perfect)" in result.stdout
    assert "X (you) wins" not in result.stdout
    assert "cell b2 is occupied by X" in result.stdout
    assert "'z9'" in result.stdout
    assert "Type a move (like " in result.stdout and "'hint'," in result.stdout
    every = "a1 b1 c1 a2 b2 c2 a3 b3 c3"  # every first move draws
    assert f"Hint: a1 (Best moves: {every}; With best play: a draw; By: " in result.stdout


def test_a_puzzle_is_pointed_to_solve(run_cli: RunCli) -> None:
    result = run_cli(["play", "queens"])
    assert result.returncode == 2
    assert "plyground solve queens N" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_game_cannot_be_given_twice(run_cli: RunCli) -> None:
    result = run_cli(["play", "tictactoe", "--game", "morris"])
    assert result.returncode == 2
    assert "the game is given twice" in result.stderr
