"""Accuracy against the truth: the scoring on a hand-checked position, and the stored
suite of benchmarks/accuracy.py agreeing with the exact solver where it is quick."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from collector_support import spy_on_the_collector
from plyground.arena.adjacency_analysis import accuracy
from plyground.arena.adjacency_analysis.accuracy import (
    SuitePosition,
    marks_lost,
    measure,
    read_suite,
    uniform_expectation,
)
from plyground.bots import make_bot
from plyground.core.errors import PlygroundError
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver

SUITE = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "accuracy.jsonl"

# X to move, one ply left:   4  X O . .
#                            3  O . . .
#                            2  . . . .
#                            1  . . . X
# b3 flips a3 and b4 (X 5, O 0: +5); a2 flips a3 and c4 flips b4 (X 4, O 1: +3);
# any other cell flips nothing (X 3, O 2: +1).
HAND = SuitePosition(
    "adjacency(size=4,rounds=2)",
    "XO2/O3/4/3X X 1",
    {
        **{cell: 1 for cell in ("a1", "b1", "c1", "b2", "c2", "d2", "c3", "d3", "d4")},
        "a2": 3,
        "c4": 3,
        "b3": 5,
    },
    "by hand",
)


def test_marks_lost_is_measured_from_the_movers_side() -> None:
    assert [marks_lost(HAND.values, move, 0) for move in ("b3", "a2", "d4")] == [0, 2, 4]
    # The same values seen by O (who wants X - O small): d4 is best, b3 loses 4.
    assert [marks_lost(HAND.values, move, 1) for move in ("d4", "a2", "b3")] == [0, 2, 4]


def test_the_hand_values_are_the_rules_own() -> None:
    state = HAND.state()
    assert {state.move_text(m) for m in state.legal_moves()} == set(HAND.values)
    for move in state.legal_moves():
        assert state.play(move).returns()[0] == HAND.values[state.move_text(move)]


def test_a_bot_is_scored_by_the_move_it_chose() -> None:
    greedy = measure("greedy", [HAND, HAND])  # the most flips: b3, the best move
    assert (greedy.positions, greedy.best_share, greedy.mean_lost, greedy.worst) == (2, 1.0, 0, 0)
    assert len(greedy.seconds) == 2


def test_a_uniform_move_is_scored_by_its_exact_expectation() -> None:
    uniform = uniform_expectation([HAND])
    assert uniform.best_share == pytest.approx(1 / 12)
    assert uniform.mean_lost == pytest.approx((0 + 2 * 2 + 9 * 4) / 12)


def test_a_bad_suite_line_is_one_error_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "suite.jsonl"
    path.write_text(json.dumps(HAND.to_dict()) + "\n" + '{"game": "x"}\n', encoding="utf-8")
    with pytest.raises(PlygroundError, match=r"suite\.jsonl:2: not a suite position"):
        read_suite(path)
    with pytest.raises(PlygroundError, match=r"cannot read the accuracy suite .*missing\.jsonl"):
        read_suite(tmp_path / "missing.jsonl")


def test_the_stored_suite_holds_both_settings_with_every_legal_move() -> None:
    suite = read_suite(SUITE)
    specs = {load_game(entry.game).spec for entry in suite}
    assert specs == {load_game(f"adjacency(size=8,rounds={r})").spec for r in (8, 28)}
    for entry in suite:
        state = entry.state()
        assert {state.move_text(m) for m in state.legal_moves()} == set(entry.values)


def test_stored_values_agree_with_the_solver_on_the_quickest_positions() -> None:
    suite = read_suite(SUITE)
    solver = ExactSolver(table_size=1 << 18)
    for rounds in (8, 28):
        spec = load_game(f"adjacency(size=8,rounds={rounds})").spec
        states = [(entry, entry.state()) for entry in suite if load_game(entry.game).spec == spec]
        quickest = sorted(states, key=lambda pair: _plies_left(pair[1]))[:4]
        for entry, state in quickest:
            assert isinstance(state, AdjacencyState)
            assert solver.solve(state, moves=True, line=False).moves == dict(entry.values)


def _plies_left(state: object) -> int:
    assert isinstance(state, AdjacencyState)
    return state.plies_left


def test_the_collector_is_paused_while_a_bot_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the arena: a cyclic collection inside the timed move would be charged to it."""
    greedy = make_bot("greedy")
    seen = spy_on_the_collector(monkeypatch, greedy)
    monkeypatch.setattr(accuracy, "make_seeded_bot", lambda spec, seed: greedy)
    assert gc.isenabled()
    measure("greedy", [HAND, HAND])
    assert seen == [False, False]
    assert gc.isenabled()  # and on again after
