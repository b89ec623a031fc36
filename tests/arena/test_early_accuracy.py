"""benchmarks/early_accuracy.py as a person runs it, on a small board: positions chosen
from bots' games, every move labelled (a run stopped after one position continues), each
label agreeing with an exact solve, a bot's move checked, the table printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cli_support import ROOT, plyground_env
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver

SCRIPT = ROOT / "benchmarks" / "early_accuracy.py"
GAME = "adjacency(size=5,rounds=6)"


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), "--game", GAME, "--data", str(data), *args]
    done = subprocess.run(
        command, check=False, env=plyground_env(), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done


def test_the_early_suite_is_built_labelled_resumably_and_scored(tmp_path: Path) -> None:
    _run(tmp_path, "--build", "--count", "3", "--plies", "9", "12")
    first = _run(tmp_path, "--label", "--limit", "1")
    assert "1 of 3 positions fully labelled" in first.stdout
    log = tmp_path / "early-accuracy-labels.jsonl"
    before = log.read_text().splitlines()
    rest = _run(tmp_path, "--label")
    assert "3 of 3 positions fully labelled" in rest.stdout
    after = log.read_text().splitlines()
    assert after[: len(before)] == before  # the first run's answers kept, not asked again
    solver = ExactSolver(1 << 16)
    game = load_game(GAME)
    values: dict[str, int] = {}
    for item in map(json.loads, after):
        state = game.parse_state(item["position"])
        assert isinstance(state, AdjacencyState)
        if "value" in item:
            values[item["position"]] = item["value"]
            assert item["value"] == solver.solve(state, line=False).value
            continue
        child = state.play(state.parse_move(item["move"]))
        exact = int(child.returns()[0]) if child.is_terminal() else solver.solve(child).value
        assert item["keeps"] == (exact == values[item["position"]]), item
    checked = _run(tmp_path, "--check", "greedy", "random")
    assert "3 positions, plies left" in checked.stdout
    choices_log = tmp_path / "early-accuracy-choices.jsonl"
    choices = [json.loads(line) for line in choices_log.read_text().splitlines()]
    assert len(choices) == 6 and {c["bot"] for c in choices} == {"greedy", "random"}
    logged = map(json.loads, log.read_text().splitlines())  # a mirror move chosen: tested now
    labels = {(i["position"], i["move"]): i["keeps"] for i in logged if "move" in i}
    kept = sum(labels[c["position"], c["move"]] for c in choices if c["bot"] == "greedy")
    again = _run(tmp_path, "--check", "greedy", "random")  # all checked: no bot chooses again
    assert [json.loads(line) for line in choices_log.read_text().splitlines()] == choices
    greedy_row = next(
        line for line in again.stdout.splitlines() if line.strip().startswith("greedy")
    )
    assert f"{kept / 3:.1%}" in greedy_row
    scored = _run(tmp_path, "--checked", "--bots", "random")
    assert "3 positions, plies left" in scored.stdout and "random" in scored.stdout
    table = _run(tmp_path, "--bots", "greedy")
    assert "3 positions fully labelled" in table.stdout and "greedy" in table.stdout
