"""``plyground analyse`` on a 2048 record (a subprocess, as a user runs it): every move
valued in expected points by the shipped network, the losses and blunders consistent with
the values, one position's moves, and bad input refused with a sentence."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import RunCli
from g2048_support import random_record
from plyground.arena.records.record import GameRecord

NEAR_END = "2,4,8,16/4,8,16,32/8,16,32,64/0,0,2,4 0 move"


def _record(path: Path, seed: int) -> GameRecord:
    """A 2048 game from NEAR_END by random moves, written as a JSONL record file."""
    record = random_record(NEAR_END, seed)
    path.write_text(json.dumps(record.to_dict()) + "\n", encoding="utf-8")
    return record


def test_a_2048_game_is_valued_move_by_move(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    record = _record(path, 4)
    done = run_cli(["analyse", str(path), "--json", "--blunder", "2000"], timeout=300)
    assert done.returncode == 0, done.stderr
    analysis = json.loads(done.stdout)
    played = [m.move for m in record.moves if m.player == 0]
    assert analysis["network"] == "4x6-tc" and analysis["valued"] == len(played)
    for row, move in zip(analysis["moves"], played, strict=True):
        values = row["values"]
        assert row["played"] == move and move in values
        assert values[row["best"]] == max(values.values())
        assert row["loss"] == values[row["best"]] - values[move] >= 0
        assert row["blunder"] == (row["loss"] >= 2000)
    best = sum(1 for row in analysis["moves"] if row["loss"] == 0)
    assert analysis["accuracy"] == best / len(played)
    assert analysis["blunders"] == sum(row["blunder"] for row in analysis["moves"])
    shown = run_cli(["analyse", str(path)], timeout=300)
    assert shown.returncode == 0, shown.stderr
    assert f"{len(played)} moves valued" in shown.stdout
    assert "the moves that lost most" in shown.stdout


def test_a_2048_position_and_bad_input(run_cli: RunCli, tmp_path: Path) -> None:
    done = run_cli(["analyse", "--game", "2048", "--position", NEAR_END, "--depth", "1"])
    assert done.returncode == 0, done.stderr
    assert "down" in done.stdout and "left" in done.stdout and "best" in done.stdout
    path = tmp_path / "game.jsonl"
    _record(path, 5)
    for args, words in (
        (["--network", str(tmp_path / "none.npz")], "neither a network file"),
        (["--depth", "9"], "depth must be 1 to 6"),
        (["--per-player"], "analyse a 2048 game on its own"),
    ):
        refused = run_cli(["analyse", str(path), *args])
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr
