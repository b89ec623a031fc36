"""``plyground bench clock``: does a bot keep its clock, as a student checks their own."""

from __future__ import annotations

import re
from pathlib import Path

from cli_support import RunCli

SLOW_BOT = (
    "import time\n"
    "from plyground import Bot, Decision, SearchInfo\n"
    "\n"
    "class SlowBot(Bot):\n"
    "    def choose(self, state, limit=None, on_info=None):\n"
    "        time.sleep(self.time_limit(limit).time + 0.3)  # ignores its clock\n"
    "        move = state.legal_moves()[0]\n"
    "        return Decision(move, SearchInfo(pv=(state.move_text(move),)))\n"
)
SMALL = ["--game", "adjacency(size=4,rounds=2)"]


def _past(output: str, row: str) -> tuple[int, int]:
    match = re.search(rf"^{row} .*?(\d+) of (\d+)$", output, re.MULTILINE)
    assert match, output
    return int(match.group(1)), int(match.group(2))


def test_a_bot_that_keeps_its_clock(run_cli: RunCli) -> None:
    done = run_cli(["bench", "clock", "--bot", "greedy:time=0.05", "--moves", "12", *SMALL])
    assert done.returncode == 0, done.stderr
    assert _past(done.stdout, "thread CPU") == (0, 12)
    assert "every move kept within the limit in processor time" in done.stdout
    assert "limit 50.0 ms" in done.stdout


def test_a_bot_that_ignores_its_clock_is_told_what_the_referee_would_say(
    run_cli: RunCli, tmp_path: Path
) -> None:
    (tmp_path / "slowbot.py").write_text(SLOW_BOT)
    done = run_cli(
        ["bench", "clock", "--bot", "./slowbot.py:SlowBot:time=0.05", "--moves", "3", *SMALL],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert _past(done.stdout, "wall") == (3, 3)
    assert "3 moves took longer than the limit plus the referee's grace of 0.25 s" in done.stdout


def test_a_cold_bot_is_timed_while_its_compiled_search_loads(run_cli: RunCli) -> None:
    # No new_game, in a new process: the first moves run while numba and the kernels load
    # in the background (tests/core/test_kernel_loading.py checks that none waits for it).
    args = ["bench", "clock", "--bot", "alphabeta:time=0.05", "--moves", "12", "--cold"]
    done = run_cli(args)
    assert done.returncode == 0, done.stderr
    assert "bots started cold: no new_game" in done.stdout
    assert _past(done.stdout, "wall")[1] == 12


def test_bad_input_is_named(run_cli: RunCli) -> None:
    for args, message in (
        (["--bot", "greedy:time=0.05", "--moves", "0"], "at least 1"),
        (["--bot", "nosuch"], "unknown bot 'nosuch'"),
        (["--bot", "2048:time=0.05", "--game", "adjacency"], "cannot play"),
        (["--bot", "greedy", "--game", "adjacency(size=99)"], "at most 8"),
    ):
        done = run_cli(["bench", "clock", *args])
        assert done.returncode == 2, (args, done.stdout)
        assert message in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
