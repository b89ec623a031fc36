"""2048's analyser for the page (the profile's ``analyser``): the contract of
``GameAnalyser``, its values those of ``G2048Analyser`` in points, the player's moves of a
game marked by ply, and positions with no decision refused with a sentence."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from g2048_support import random_record
from plyground.arena.analysis.analysers import GameAnalyser, make_analyser
from plyground.arena.g2048_analysis.analyser import DEFAULT_DEPTH, DEFAULT_NETWORK, G2048Analyser
from plyground.arena.g2048_analysis.game_analyser import SCALE, TIE_POINTS, G2048GameAnalyser
from plyground.arena.records.record import GameRecord, RuleBreakKind
from plyground.core.errors import PlygroundError
from plyground.games import load_game
from plyground.games.g2048.rules import G2048State

NEAR_END = "2,4,8,16/4,8,16,32/8,16,32,64/0,0,2,4 0 move"
OPEN = "2,0,0,2/0,4,0,0/0,2,8,0/0,0,0,16 0 move"


@pytest.fixture(scope="module")
def analyser() -> Iterator[G2048GameAnalyser]:
    """The analyser the profile names, as the web's workers make it, warmed once."""
    made = make_analyser("2048", seconds=0.5, blunder=None)
    assert isinstance(made, G2048GameAnalyser) and isinstance(made, GameAnalyser)
    made.warm_up(load_game("2048"))
    yield made


@pytest.fixture(scope="module")
def reference() -> G2048Analyser:
    """G2048Analyser itself, which the CLI's ``analyse`` uses (same network, same depth)."""
    return G2048Analyser(DEFAULT_NETWORK, DEFAULT_DEPTH)


def _state(text: str) -> G2048State:
    state = load_game("2048").parse_state(text)
    assert isinstance(state, G2048State)
    return state


def test_a_positions_values_are_the_reference_expected_points(
    analyser: G2048GameAnalyser, reference: G2048Analyser
) -> None:
    for text in (NEAR_END, OPEN):
        state = _state(text)
        data = analyser.position_json(state)
        expected = reference.position(state)
        assert expected is not None
        assert data["values"] == {m: round(v, 1) for m, v in expected.values.items()}
        assert set(data["values"]) == {state.move_text(m) for m in state.legal_moves()}
        assert expected.best in data["best"]  # the best move agrees with G2048Analyser
        top = expected.values[expected.best]
        assert all(top - expected.values[m] < TIE_POINTS for m in data["best"])
        assert data["best_value"] == round(top, 1)
        assert data["to_move"] == 0 and data["source"] == "network"
        assert data["depth"] == DEFAULT_DEPTH and data["position"] == text
        assert data["scale"] == SCALE and data["scale"]["unit"] == "points"
        assert "X" not in data["scale"]["label"] and DEFAULT_NETWORK in data["valued_by"]
    # NEAR_END: only down and left change the board, and their values differ
    near = analyser.position_json(_state(NEAR_END))
    assert set(near["values"]) == {"down", "left"} and len(near["best"]) == 1


def test_a_search_past_its_budget_falls_back_to_one_move(
    analyser: G2048GameAnalyser, monkeypatch: pytest.MonkeyPatch
) -> None:
    inner = analyser.analyser()
    searched = inner.move_values
    asked: list[tuple[int, int]] = []

    def stopped_at_depth_two(state: G2048State, depth: int, deadline_ns: int = 0) -> object:
        asked.append((depth, deadline_ns))
        return None if depth == DEFAULT_DEPTH else searched(state, depth, deadline_ns)

    monkeypatch.setattr(inner, "move_values", stopped_at_depth_two)
    data = analyser.position_json(_state(OPEN))
    assert data["depth"] == 1 and "depth 1" in data["valued_by"]
    assert asked[0][0] == DEFAULT_DEPTH and asked[0][1] > 0  # the budget as a deadline
    assert asked[1] == (1, 0)  # then one move deep, no deadline
    monkeypatch.undo()
    assert data["values"] == {m: round(v, 1) for m, v in (searched(_state(OPEN), 1) or {}).items()}


def _record(seed: int, start: str = NEAR_END) -> GameRecord:
    return random_record(start, seed)


def test_a_games_moves_are_valued_by_ply_and_blunders_marked(reference: G2048Analyser) -> None:
    record = _record(4)
    threshold = 300.0
    analyser = G2048GameAnalyser.for_budget(0.5, threshold)
    analysis, positions = analyser.game_json(record)
    expected = G2048Analyser(DEFAULT_NETWORK, DEFAULT_DEPTH, threshold).game(record)
    plies = [ply for ply, move in enumerate(record.moves) if move.player == 0]
    assert [m["ply"] for m in analysis["moves"]] == plies
    assert len(positions) == len(record.moves)
    assert [ply for ply, values in enumerate(positions) if values is not None] == plies
    for row, valued in zip(analysis["moves"], expected.moves, strict=True):
        assert row["move"] == valued.played == record.moves[row["ply"]].move
        assert row["blunder"] == valued.blunder == ((valued.loss or 0.0) >= threshold)
        assert valued.best in row["best"] and row["source"] == "network"
        assert row["loss"] == (round(valued.loss or 0.0, 1) if row["loss"] else 0.0)
        values = positions[row["ply"]]
        assert values is not None and values["values"][row["move"]] == row["value"]
    assert any(row["blunder"] for row in analysis["moves"])  # random moves: some blunder
    assert any(not row["blunder"] for row in analysis["moves"])
    assert analysis["settings"] == {"time": 0.5, "blunder": threshold}
    assert analysis["scale"]["unit"] == "points" and analysis["exact_moves"] == 0
    assert analysis["how"] == f"Every move ({len(plies)}) valued by the 4x6-tc network at depth 2"
    (summary,) = analysis["summary"]
    assert summary["name"] == "Ann" and summary["moves"] == len(plies)
    assert summary["blunders"] == expected.blunders
    losses = {row["ply"]: row["loss"] for row in analysis["moves"]}
    assert analysis["worst"] and all(losses[p] > 0 for p in analysis["worst"])
    assert losses[analysis["worst"][0]] == max(losses.values())
    assert summary["rule_breaks"] == 0
    # A move the referee chose as a penalty (the player's clock ran out) is counted.
    moves = list(record.moves)
    moves[plies[1]] = replace(moves[plies[1]], rule_break=RuleBreakKind.TIMEOUT)
    penalised, _ = analyser.game_json(replace(record, moves=tuple(moves)))
    assert penalised["moves"][1]["rule_break"] == "timeout"
    assert penalised["summary"][0]["rule_breaks"] == 1


def test_positions_with_no_decision_are_refused_with_a_sentence(
    analyser: G2048GameAnalyser,
) -> None:
    game = load_game("2048")
    over = "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 0 move"
    spawning = "2,0,0,2/0,4,0,0/0,2,8,0/0,0,0,16 0 spawn"
    big = "32768,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2 0 move"
    for text, words in (
        (over, "nothing to analyse: the game is over"),
        (spawning, "a tile spawns next, not the player's turn"),
        (big, "holds a 32768 tile"),
    ):
        with pytest.raises(PlygroundError, match=words):
            analyser.position_json(game.parse_state(text))
    ttt = load_game("tictactoe")
    with pytest.raises(PlygroundError, match="values 2048 positions, not 'tictactoe'"):
        analyser.position_json(ttt.initial_state())
    with pytest.raises(PlygroundError, match="values 2048 positions"):
        analyser.warm_up(ttt)
    with pytest.raises(PlygroundError, match="time per position must be positive"):
        G2048GameAnalyser.for_budget(0.0, None)


def test_check_stops_a_game_between_positions() -> None:
    analyser = G2048GameAnalyser.for_budget(0.5, None)
    seen: list[int] = []

    class StopError(Exception):
        """What the check raises to stop the analysis."""

    def check() -> None:
        seen.append(1)
        if len(seen) > 3:
            raise StopError

    analyser.check = check
    record = _record(5, OPEN)
    assert sum(move.player == 0 for move in record.moves) > 10
    with pytest.raises(StopError):
        analyser.game_json(record)
    assert len(seen) == 4  # before the game, then after each of three positions
