"""``plyground play``, ``match`` and ``engine`` as a user runs them (real subprocesses)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from plyground.arena import GameRecord
from plyground.games import load_game
from plyground.games.adjacency.book import book_entry

RunCli = Callable[..., subprocess.CompletedProcess[str]]
SMALL = ["--size", "4", "--rounds", "2"]


def records(path: Path) -> list[GameRecord]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [GameRecord.from_dict(json.loads(line)) for line in lines]


def test_play_a_short_game_with_bad_cells_on_stdin(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    # an off-board cell, an occupied cell, then candidates: taken ones are refused again
    moves = "e9\na1\nb3\na4\nb4\nc1\nd1\nd2\na3\n"
    args = ["play", "--o", "greedy:seed=1", *SMALL, "--json", str(out)]
    result = run_cli(args, input=moves, timeout=60)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "cell 'e9' is off the 4x4 board (a1..d4). Try again." in text
    assert "cell a1 is occupied by X. Try again." in text
    assert "X (you) plays b3 (flipped c3)" in text
    assert "O (greedy) plays" in text and "depth 1" in text
    assert "a b c d" in text and "rounds left" in text
    assert "wins." in text or "Draw." in text
    (record,) = records(out)
    assert len(record.moves) == 4 and record.players[0].kind == "human"
    record.replay()


def test_play_undo_and_quit(run_cli: RunCli) -> None:
    result = run_cli(["play", "--o", "greedy", *SMALL], input="b3\nundo\nquit\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Took back 2 plies." in result.stdout
    assert "Game abandoned." in result.stdout


def test_play_hint_names_the_best_moves_and_how_they_are_known(run_cli: RunCli) -> None:
    game = "adjacency(size=6,rounds=3)"  # solved: every first move's value is in the book
    result = run_cli(["play", game, "--o", "greedy"], input="hint\nquit\n", timeout=120)
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("Hint: ")]
    entry = book_entry(load_game(game).initial_state())
    assert entry is not None
    best = " ".join(entry.best[:6]) + (
        f" (and {len(entry.best) - 6} more)" if len(entry.best) > 6 else ""
    )
    value = "0" if entry.value == 0 else f"{entry.value:+d}"
    assert line.startswith(
        f"Hint: {entry.best[0]} (Best moves: {best}; Value (X − O): {value}; "
        "By: the opening book; Time: "
    )
    assert "Game abandoned." in result.stdout


def test_play_ends_cleanly_when_input_runs_out(run_cli: RunCli) -> None:
    result = run_cli(["play", "--o", "greedy", *SMALL], input="b3\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Game abandoned." in result.stdout


def test_watch_two_bots_from_a_position(run_cli: RunCli) -> None:
    args = ["play", "--x", "greedy", "--o", "random:seed=3", "--size", "4"]
    args += ["--position", "2OO/2OO/XX2/XX2 O 3", "--time", "0.5"]
    result = run_cli(args, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(" plays ") == 3
    assert result.stdout.index("O (random) plays") < result.stdout.index("X (greedy) plays")


def test_match_prints_a_summary_and_writes_records(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    args = ["match", "greedy", "random", "--games", "4", *SMALL, "--time", "0.5"]
    args += ["--seed", "1", "--openings", "1", "--json", str(out)]
    result = run_cli(args, timeout=60)
    assert result.returncode == 0, result.stderr
    for needle in ("W", "D", "L", "score", "margin", "breaks", "depth", "s/move", "Elo difference"):
        assert needle in result.stdout
    games = records(out)
    assert [g.tags["seat_a"] for g in games] == ["0", "1", "0", "1"]
    assert games[0].start == games[1].start
    assert "4 game records written" in result.stdout


def test_match_with_isolated_bots_and_an_engine(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    engine = "engine:" + shlex.join([sys.executable, "-m", "plyground", "engine", "random"])
    args = ["match", "greedy", engine, "--isolate", "--games", "2", *SMALL]
    args += ["--time", "1", "--json", str(out)]
    result = run_cli(args, timeout=90)
    assert result.returncode == 0, result.stderr
    games = records(out)
    assert games[0].players[0].name == "greedy" and games[0].players[0].kind == "bot"
    assert games[0].players[1].name == "random" and games[0].players[1].kind == "engine"
    assert all(not g.rule_breaks for g in games)


def test_engine_command_speaks_the_protocol(run_cli: RunCli) -> None:
    session = "hello 1\nnewgame adjacency(size=4,rounds=2)\nposition 2OO/2OO/XX2/XX2 X 4\n"
    session += "go 300\nposition nonsense\ngo 100\nquit\n"
    # book=false: the position is a booked start, answered without a search
    result = run_cli(["engine", "alphabeta", "depth=2", "book=false"], input=session, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("hello 1 name=alphabeta version=1 spec=alphabeta(")
    assert "depth=2" in lines[0]
    assert any(line.startswith("info depth=2") for line in lines)
    assert lines[-2].startswith("bestmove ") and lines[-2] != "bestmove none"
    assert lines[-1] == "bestmove none"
    assert "bad position 'nonsense'" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "nosuchbot", "greedy"], "unknown bot 'nosuchbot'"),
        (["match", "greedy", "greedy", "--rounds", "99"], "rounds must be 1 to 28"),
        (["match", "greedy", "engine:/no/such/engine", "--games", "1"], "cannot start engine"),
        (["play", "--position", "XX/zz X 3"], "has 2 rows"),
        (["play", "--position", "4/4/4/4 X -1", "--size", "4"], "plies left"),
        (["play", "--o", "alphabeta:depth=0"], "depth"),
        (["play", "--size", "9"], "size"),
        # one bound for the time per move, checked where it enters, before any game
        (["match", "greedy", "greedy", "--time", "5000"], "must be 0.001 to 3600 seconds"),
        (["engine", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["match", "alphabeta:weights=speed:2", "greedy", "--games", "1"], "weight 'speed'"),
        # a bot run apart is checked here too, not left to break every move in its process
        (["match", "greedy", "mcts:weights=speed:2", "--isolate"], "weight 'speed'"),
    ],
)
def test_bad_options_give_one_line_and_status_2(
    run_cli: RunCli, args: list[str], message: str
) -> None:
    result = run_cli(args, input="", timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"plyground {args[0]}: error:") and message in lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["match", "greedy", "random", "--openings", "-1"],
        ["tournament", "greedy", "random", "--openings", "-1"],
        ["tune", "alphabeta", "--openings", "-1"],
        ["play2048", "--max-moves", "-1"],
        ["endgames", "--check", "-1"],
    ],
)
def test_a_negative_count_is_refused_by_the_parser(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from plyground.cli.main import main

    with pytest.raises(SystemExit) as stopped:  # argparse's usage error, before any work
        main(args)
    assert stopped.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == (
        f"plyground {args[0]}: error: argument {args[-2]}: "
        "expected a whole number, 0 or more, got '-1'"
    )


@pytest.mark.parametrize("stop_after", [0, 2])
def test_ctrl_c_during_a_match_keeps_the_records_of_the_games_played(
    stop_after: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from plyground.arena.tournaments import match as match_room
    from plyground.arena.tournaments.match import play_match
    from plyground.cli.main import main

    def interrupted(*args: Any, on_game: Callable[[int, Any], None], **kwargs: Any) -> Any:
        def hear(index: int, record: Any) -> None:
            if index == stop_after:  # Ctrl-C while game stop_after + 1 is played
                raise KeyboardInterrupt
            on_game(index, record)

        return play_match(*args, on_game=hear, **kwargs)

    monkeypatch.setattr(match_room, "play_match", interrupted)  # the command imports it late
    records = tmp_path / "games.jsonl"
    records.write_text("an earlier match\n", encoding="utf-8")
    command = ["match", "greedy", "random", "--game", "tictactoe", "--games", "4"]
    assert main([*command, "--json", str(records), "--time", "1"]) == 130
    out = capsys.readouterr().out
    assert f"interrupted after {stop_after} of 4 games" in out
    kept = records.read_text(encoding="utf-8").splitlines()
    if stop_after == 0:  # nothing played: the earlier file is left as it was
        assert kept == ["an earlier match"] and "written" not in out
    else:
        assert [json.loads(line)["game"] for line in kept] == ["tictactoe"] * stop_after
        assert f"{stop_after} game records written to" in out
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"]  # no temporary left


@pytest.mark.parametrize("command", ["play", "match", "engine"])
def test_help_teaches_with_examples(run_cli: RunCli, command: str) -> None:
    result = run_cli([command, "--help"])
    assert result.returncode == 0
    assert "examples:" in result.stdout and f"plyground {command}" in result.stdout
