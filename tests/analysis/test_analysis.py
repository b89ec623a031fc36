"""The analysis of positions and games: values against a plain minimax, blunders, summaries."""

from __future__ import annotations

import functools

import pytest
from analysis_records import playout, record_of

from plyground.arena.adjacency_analysis.analyser import Analyser, AnalysisSettings
from plyground.arena.adjacency_analysis.annotation import annotate
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
        values = analyser.position(state)  # the book's where it has every move, else solved
        assert values.exact and values.source == ("book" if values.booked else "exact")
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
    state = load_game("adjacency(size=8,rounds=9)").initial_state()  # not in the book
    values = Analyser(AnalysisSettings(time=0.2)).position(state)  # 18 plies: no solve in 0.2 s
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
    booked = [move for move in analysis.moves if move.booked]
    assert [move.ply for move in booked] == [0]  # a proved best first move: from the book
    assert booked[0].exact and booked[0].loss == 0 and booked[0].source == "book"
    flags = [move.exact for move in analysis.moves[1:]]
    assert flags[-1] and not flags[0]  # the last position solves, the early ones do not
    first_exact = flags.index(True)
    assert all(flags[first_exact:])  # exact from there to the end, engine before
    assert analysis.exact_moves == 1 + len(flags) - first_exact


def test_the_settled_start_is_valued_exactly_from_the_book() -> None:
    """The 8-round game is -2 and every first move's own value is settled (the opening
    book): 54 keep -2, d1 and its mirror a4 lose two marks; no move is an estimate."""
    state = load_game("adjacency(size=8,rounds=8)").initial_state()
    values = Analyser(AnalysisSettings(time=0.2)).position(state)
    assert values.source == "book" and values.exact
    assert set(values.values) == {state.move_text(m) for m in state.legal_moves()}
    assert all(values.is_exact(m) for m in values.values)
    assert {m for m, v in values.values.items() if v != -2} == {"d1", "a4"}
    assert values.values["d1"] == values.values["a4"] == -4 and values.loss("d1") == 2
    assert values.best_value == -2 and set(values.best) == set(values.values) - {"d1", "a4"}


def test_a_game_starting_with_a_book_move_loses_nothing_there() -> None:
    spec = "adjacency(size=8,rounds=8)"
    record = record_of(spec, ["e1", "c1"])
    analysis = annotate(record, Analyser(AnalysisSettings(time=0.05)))
    first, reply = analysis.moves[:2]
    assert (first.source, first.loss, first.value, first.best_value) == ("book", 0, -2, -2)
    assert (reply.source, reply.loss, reply.value) == ("book", 0, -2)  # c1: a best reply


@pytest.mark.parametrize(
    ("spec", "moves"),
    [
        ("adjacency(size=8,rounds=8)", []),  # the book: every first move settled
        ("adjacency(size=8,rounds=8)", ["e1"]),
        ("adjacency(size=4,rounds=3)", []),  # the book values every move
        ("adjacency(size=6,rounds=3)", ["c1", "d6"]),  # out of the book: an exact solve
        ("adjacency(size=8,rounds=8)", ["e1", "d2", "h4"]),  # off the book and strategy: engine
    ],
)
def test_a_hint_names_the_best_moves_the_analysis_finds(
    monkeypatch: pytest.MonkeyPatch, spec: str, moves: list[str]
) -> None:
    """A hint's best moves and value are the analysis's; where the book proves them it
    answers from the book alone, with no solve or search for the moves it does not show."""
    state: State = load_game(spec).initial_state()
    for text in moves:
        state = state.play(state.parse_move(text))
    analyser = Analyser(AnalysisSettings(time=0.2))
    values = analyser.position(state)
    booked = values.known_by == "the opening book"
    if booked:
        monkeypatch.setattr(Analyser, "position", lambda *args, **kw: pytest.fail("searched"))
    hint = analyser.best_moves(state)
    if values.exact or values.booked:  # proved: the same answer, however it is reached
        assert (hint.known_by, hint.value, hint.best) == (
            values.known_by,
            values.best_value,
            values.best,
        )
    else:  # two estimates on the clock: their depths, values and ties may differ
        assert hint.known_by.startswith("the engine's estimate (depth ")
    assert hint.best_text().startswith(" ".join(hint.best[:6]))
    assert booked == (len(moves) < 2)


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
