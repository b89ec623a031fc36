"""``plyground play2048`` as a user runs it (a real subprocess), and its watch loop."""

from __future__ import annotations

import gc
import io
import re

import pytest
from rich.console import Console

from cli_support import RunCli
from collector_support import spy_on_the_collector
from plyground.bots import make_bot
from plyground.cli import play2048
from plyground.games import load_game


def test_watch_the_bot_for_a_few_moves(run_cli: RunCli) -> None:
    done = run_cli(
        ["play2048", "--watch", "--bot", "2048:depth=2", "--max-moves", "6", "--seed", "3"]
    )
    assert done.returncode == 0, done.stderr
    assert "bot played" in done.stdout
    assert "moves 6" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith("stopped: score")


def test_play_with_scripted_keys(run_cli: RunCli) -> None:
    # up, left, an unknown key, then quit (arrow keys as the terminal sends them)
    done = run_cli(["play2048", "--seed", "1"], input="\x1b[A\x1b[Dxq")
    assert done.returncode == 0, done.stderr
    assert "unknown key 'x'" in done.stdout
    assert "stopped: score" in done.stdout and ", 2 moves" in done.stdout


def test_a_hint_names_the_bots_move_and_plays_nothing(run_cli: RunCli) -> None:
    single = "2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move"  # only right changes it
    done = run_cli(["play2048", "--position", single, "--seed", "1"], input="?q")
    assert done.returncode == 0, done.stderr
    assert "? for a hint" in done.stdout
    assert "Hint: right (Best move: right; Depth: " in done.stdout
    assert ", 0 moves" in done.stdout


def test_hints_by_the_learned_network_and_bad_hint_options(run_cli: RunCli) -> None:
    single = "2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move"  # only right changes it
    done = run_cli(["play2048", "--position", single, "--seed", "1",
                    "--hint-options", "evaluation=4x6-tc"], input="?q")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Hint: right (Best move: right;" in done.stdout
    assert "Evaluation: 4x6-tc" in done.stdout
    for options, said in [
        ("evaluation=bogus", "hint: setting 'evaluation' must be one of heuristic, 4x6-tc"),
        ("depth=3", "hint: unknown setting 'depth' (known: evaluation)"),
        ("evaluation", "bad setting 'evaluation' in 'evaluation': expected key=value"),
    ]:
        refused = run_cli(["play2048", "--seed", "1", "--hint-options", options], input="q")
        assert refused.returncode == 2 and said in refused.stderr
        assert "Traceback" not in refused.stderr


def test_keys_that_do_not_move_are_refused(run_cli: RunCli) -> None:
    position = "2,4,8,16/0,0,0,0/0,0,0,0/0,0,0,0 0 move"
    done = run_cli(["play2048", "--position", position, "--seed", "1"], input="wq")
    assert done.returncode == 0, done.stderr
    assert "up does not change the board" in done.stdout
    assert ", 0 moves" in done.stdout


def test_a_finished_game_says_game_over(run_cli: RunCli) -> None:
    position = "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 96 move"
    done = run_cli(["play2048", "--position", position, "--watch"])
    assert done.returncode == 0, done.stderr
    assert "game over: score 96, largest tile 4, 0 moves" in done.stdout


def test_bad_input_is_one_line_not_a_traceback(run_cli: RunCli) -> None:
    done = run_cli(["play2048", "--position", "2,4/0 0 move"])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "has 2 rows" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    done = run_cli(["play2048", "--watch", "--bot", "alphabeta", "--max-moves", "1"])
    assert done.returncode == 2 and "cannot play '2048'" in done.stderr
    for delay in ("-1", "nan"):  # once time.sleep's ValueError, after the first move
        done = run_cli(["play2048", "--watch", "--delay", delay, "--max-moves", "1"])
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"--delay must be 0 to 3600 seconds, got {float(delay)}" in done.stderr


def test_the_play_command_dispatches_2048(run_cli: RunCli) -> None:
    done = run_cli(["play", "--game", "2048", "--seed", "2"], input="\x1b[B\x1b[C\x1b[Aq")
    assert done.returncode == 0, done.stderr
    assert "stopped: score" in done.stdout and ", 0 moves" not in done.stdout
    position = "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,0 96 spawn"
    done = run_cli(["play", "--game", "2048", "--x", "2048:depth=1", "--position", position])
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout
    done = run_cli(["play", "--game", "2048", "--json", "never.jsonl"])  # not silently dropped
    assert done.returncode == 2 and "keeps no record" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_watched_bot_uses_its_compiled_search_from_the_first_move(run_cli: RunCli) -> None:
    """The command loads the bot's kernel before the first move's clock starts: without
    it the first moves at a short limit fall back to the plain-Python search (depth 2)."""
    wall = "16384,8192,4096,2048/128,256,512,1024/64,32,16,8/0,2,4,0 380000 move"
    watch = ["play2048", "--watch", "--bot", "2048:time=0.2,deepest=6", "--position", wall]
    done = run_cli([*watch, "--max-moves", "1", "--delay", "0", "--seed", "1"])
    assert done.returncode == 0, done.stderr
    depth = re.search(r"bot played \w+: depth (\d+)", done.stdout)
    assert depth is not None, done.stdout
    assert int(depth.group(1)) >= 4, done.stdout


def test_a_watched_bot_chooses_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the arena: a cyclic collection inside the bot's move would be charged to it."""
    bot = make_bot("2048:depth=1")
    seen = spy_on_the_collector(monkeypatch, bot)
    monkeypatch.setattr(play2048, "make_bot", lambda spec, **settings: bot)
    console = Console(file=io.StringIO(), width=80)
    play2048.play_2048(load_game("2048"), bot="2048", max_moves=3, seed=1, console=console)
    assert seen == [False, False, False]
    assert gc.isenabled()
