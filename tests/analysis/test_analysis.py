"""The analysis of positions and games: values against a plain minimax, blunders, summaries."""

from __future__ import annotations

import functools

import pytest
from analysis_records import playout, record_of

from plyground.arena.analysis import Analyser, AnalysisSettings
from plyground.arena.annotation import annotate
from plyground.core.errors import PlygroundError
from plyground.core.game import State
from plyground.games import load_game
from plyground.games.adjacency.solver import solve


@functools.cache
def minimax(state: State) -> float:
    """The final margin X - O with best play: plain minimax over the rules (the reference)."""
    if state.is_terminal():
        return state.returns()[0]
    values = [minimax(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.to_move() == 0 else min(values)


def positions(spec: str, plies: int) -> list[State]:
    """Positions of two playouts, ``plies`` moves in."""
    found = []
    for choose in (1, 4):
        state: State = load_game(spec).initial_state()
        for text in playout(spec, choose)[:plies]:
            state = state.play(state.parse_move(text))
        found.append(state)
    return found


@pytest.mark.parametrize(
    ("spec", "plies"),
    [
        ("adjacency(size=4,rounds=3)", 0),
        ("adjacency(size=4,rounds=4)", 1),
        ("adjacency(size=5,rounds=3)", 2),
    ],
)
def test_exact_values_are_the_minimax_values_of_every_move(spec: str, plies: int) -> None:
    analyser = Analyser(AnalysisSettings(time=30))
    for state in positions(spec, plies):
        values = analyser.position(state)
        assert values.exact and values.source == "exact"
        expected = {state.move_text(m): minimax(state.play(m)) for m in state.legal_moves()}
        assert values.values == expected
        best = max(expected.values()) if state.to_move() == 0 else min(expected.values())
        assert values.best_value == best
        assert set(values.best) == {m for m, v in expected.items() if v == best}


def test_engine_values_become_exact_when_it_searches_to_the_end() -> None:
    state = positions("adjacency(size=5,rounds=3)", 1)[0]  # 5 plies left: the engine gets there
    engine = Analyser(AnalysisSettings(time=30, exact=False)).position(state)
    solved = solve(state, moves=True)
    assert engine.exact and engine.depth == 0
    assert engine.values == {move: float(value) for move, value in (solved.moves or {}).items()}


def test_engine_values_cover_every_move_at_one_depth_when_no_solve_fits() -> None:
    state = load_game("adjacency(size=8,rounds=8)").initial_state()
    values = Analyser(AnalysisSettings(time=0.2)).position(state)  # 16 plies: no solve in 0.2 s
    assert not values.exact and values.source == "engine"
    assert values.depth >= 1
    assert set(values.values) == {state.move_text(m) for m in state.legal_moves()}
    assert values.to_dict()["source"] == "engine"
    assert all(values.loss(move) >= 0 for move in values.values)
    assert all(values.loss(move) == 0 for move in values.best)


def test_losses_blunders_and_the_summary_follow_the_values() -> None:
    spec = "adjacency(size=4,rounds=4)"
    record = record_of(spec, playout(spec, 3))
    for threshold in (2.0, 4.0):
        analysis = annotate(record, Analyser(AnalysisSettings(time=30, blunder=threshold)))
        states = record.replay()
        assert [p.position for p in analysis.positions] == [s.text() for s in states[:-1]]
        for move, state in zip(analysis.moves, states, strict=False):
            children = {state.move_text(m): minimax(state.play(m)) for m in state.legal_moves()}
            sign = 1 if state.to_move() == 0 else -1
            best = max(sign * v for v in children.values())
            assert move.exact and move.value == children[move.move]
            assert move.loss == best - sign * children[move.move]
            assert move.blunder == (move.loss >= threshold)
        for player in analysis.summary:
            own = [m for m in analysis.moves if m.player == player.player]
            assert player.moves == len(own)
            assert player.best_moves == sum(m.loss == 0 for m in own)
            assert player.accuracy == pytest.approx(player.best_moves / len(own))
            assert player.mean_loss == pytest.approx(sum(m.loss for m in own) / len(own))
            assert player.blunders == sum(m.blunder for m in own)
        assert (
            analysis.worst()
            == sorted([m for m in analysis.moves if m.loss > 0], key=lambda m: (-m.loss, m.ply))[:3]
        )
    assert [p.name for p in analysis.summary] == ["ann", "bob"]


def test_a_game_is_exact_from_its_end_back_to_the_first_position_no_solve_fits() -> None:
    spec = "adjacency(size=8,rounds=8)"
    record = record_of(spec, playout(spec, 2))
    analysis = annotate(record, Analyser(AnalysisSettings(time=0.05)))
    flags = [move.exact for move in analysis.moves]
    assert flags[-1] and not flags[0]  # the last position solves, the start does not
    first_exact = flags.index(True)
    assert all(flags[first_exact:])  # exact from there to the end, engine before
    assert analysis.exact_moves == len(flags) - first_exact


def test_other_games_and_finished_positions_are_refused() -> None:
    spec = "tictactoe"
    record = record_of(spec, ["a1", "b1", "a2"])
    with pytest.raises(PlygroundError, match="adjacency game only"):
        annotate(record)
    finished = load_game("adjacency(size=4,rounds=1)").initial_state()
    for _ in range(2):
        finished = finished.play(finished.legal_moves()[0])
    assert finished.is_terminal()
    with pytest.raises(PlygroundError, match="game is over"):
        Analyser().position(finished)
    with pytest.raises(PlygroundError, match="blunder threshold"):
        AnalysisSettings(blunder=0)
