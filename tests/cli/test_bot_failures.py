"""A class bot's failures in a match, as a student meets them: one slow move is one
timeout, ``sys.exit`` in ``choose`` is a crash with its message, and a move of the
wrong type says what a move must be."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import RunCli
from plyground.arena.records.record import GameRecord, RuleBreakKind

SMALL = ["--game", "adjacency(size=4,rounds=2)", "--games", "2", "--time", "0.3"]

SLOW_ONCE = """\
import time
from plyground import Bot, Decision, SearchInfo

class SlowOnce(Bot):
    slept = False

    def choose(self, state, limit=None, on_info=None):
        if not SlowOnce.slept:
            SlowOnce.slept = True
            time.sleep(2)
        return Decision(min(state.legal_moves()), SearchInfo())
"""

EXITS = """\
import sys
from plyground import Bot, Decision, SearchInfo

class Exits(Bot):
    def choose(self, state, limit=None, on_info=None):
        sys.exit("I give up")
"""

LOOPS = """\
from plyground import Bot

class Loops(Bot):
    def choose(self, state, limit=None, on_info=None):
        while True:
            pass
"""

TEXT_MOVES = """\
from plyground import Bot, Decision, SearchInfo

class TextMoves(Bot):
    def choose(self, state, limit=None, on_info=None):
        return Decision(state.move_text(min(state.legal_moves())), SearchInfo())
"""


def _match(run_cli: RunCli, folder: Path, source: str, spec: str) -> list[GameRecord]:
    (folder / "mybot.py").write_text(source)
    result = run_cli(["match", spec, "greedy", *SMALL, "--json", "m.jsonl"], cwd=folder)
    assert result.returncode == 0, result.stderr
    return [GameRecord.from_dict(json.loads(line)) for line in (folder / "m.jsonl").open()]


def test_one_slow_move_is_one_timeout(run_cli: RunCli, tmp_path: Path) -> None:
    records = _match(run_cli, tmp_path, SLOW_ONCE, "./mybot.py:SlowOnce")
    breaks = [b for record in records for b in record.rule_breaks]
    assert [b.kind for b in breaks] == [RuleBreakKind.TIMEOUT]


def test_a_bot_that_never_answers_is_stopped_and_each_move_is_one_timeout(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """A Python loop in ``choose`` is ended at its deadline (the worker is told to stop), so
    the match finishes and the bot's every move is a timeout, not a wait behind the last."""
    records = _match(run_cli, tmp_path, LOOPS, "./mybot.py:Loops")
    breaks = [b for record in records for b in record.rule_breaks]
    moves = sum(1 for record in records for m in record.moves if m.player == breaks[0].player)
    assert [b.kind for b in breaks] == [RuleBreakKind.TIMEOUT] * moves


def test_sys_exit_in_choose_is_a_crash_with_its_message(run_cli: RunCli, tmp_path: Path) -> None:
    records = _match(run_cli, tmp_path, EXITS, "./mybot.py:Exits")
    breaks = [b for record in records for b in record.rule_breaks]
    assert breaks and all(b.kind is RuleBreakKind.CRASH for b in breaks)
    assert "SystemExit: I give up" in breaks[0].detail
    assert "mybot.py, line 6, in choose" in breaks[0].detail
    # every move of the bot is its own crash: the bot is not dead for the rest of the match
    moves = sum(1 for record in records for m in record.moves if m.player == breaks[0].player)
    assert len(breaks) == moves


def test_a_move_of_the_wrong_type_says_what_a_move_must_be(run_cli: RunCli, tmp_path: Path) -> None:
    records = _match(run_cli, tmp_path, TEXT_MOVES, "./mybot.py:TextMoves")
    first = records[0].rule_breaks[0]
    assert first.kind is RuleBreakKind.ILLEGAL
    assert "moves are the values of state.legal_moves(), here ints; you returned the text" in (
        first.detail
    )


def test_the_first_mistakes_say_what_to_type_instead(run_cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "studentbot.py").write_text(TEXT_MOVES)
    (tmp_path / "engine.py").write_text("print('hello 1 name=x')\n")
    (tmp_path / "mybot").write_text("#!/bin/sh\n")
    (tmp_path / "mybot").chmod(0o755)
    cases = {
        ("engine:python3", "engine.py", "greedy"): "quote it: engine:'python3 engine.py'",
        ("engine:python3", "engine.py"): "engine.py has no Bot class; to run it as an engine "
        "type engine:'python3 engine.py'",
        ("engine:mybot", "greedy"): "named with its path: engine:./mybot",
        ("./studentbot.py", "greedy"): "name the Bot class in the file: ./studentbot.py:TextMoves",
    }
    for players, expected in cases.items():
        result = run_cli(["match", *players, "--games", "2"], cwd=tmp_path)
        assert result.returncode == 2
        assert expected in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
