"""Hints for every game that has them (plyground.arena.analysis.hints, the sources beside
their bots): the adjacency game's from the analysis, tic-tac-toe's exact, Nine Men's
Morris's and 2048's from their bots."""

from __future__ import annotations

import re
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.algorithms.search.minimax import minimax
from plyground.arena.adjacency_analysis.hints import AnalysisHints
from plyground.arena.analysis.hints import Hinter
from plyground.bots.hints import HINT_SECONDS
from plyground.core.errors import IllegalMoveError, UnknownNameError
from plyground.core.game import State
from plyground.games import load_game
from plyground.games.tictactoe.evaluation import WIN, TicTacToeEvaluator

HINTER = Hinter(1.0)
"""One hinter for the module, as a worker keeps one: its bots load once."""


def played(spec: str, picks: list[int]) -> State:
    """The position after playing the ``picks``-th legal moves (modulo their number)."""
    state: State = load_game(spec).initial_state()
    for pick in picks:
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.play(moves[pick % len(moves)])
    return state


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=7))
def test_the_tictactoe_hint_is_every_best_move_and_how_the_game_ends(picks: list[int]) -> None:
    """The hint's best moves and ending are a fresh full search's (the reference minimax
    with the game's depth-adjusted scores), in any position on the way to the end."""
    state = played("tictactoe", picks)
    if state.is_terminal():
        with pytest.raises(IllegalMoveError, match="the game is over"):
            HINTER.hint(state)
        return
    hint = HINTER.hint(state)
    facts = dict(hint.facts)
    truth = minimax(state, TicTacToeEvaluator())
    assert hint.best == tuple(state.move_text(m) for m in truth.best_moves)
    assert facts["Best moves"] == " ".join(hint.best)
    if truth.value == 0:
        assert facts["With best play"] == "a draw"
    else:
        winner = "XO"[state.to_move() if truth.value > 0 else 1 - state.to_move()]
        plies = WIN - abs(truth.value)  # the winning move is that many moves from now
        assert facts["With best play"] == (
            f"{winner} wins, in {plies:g} more move{'s' * (plies != 1)}"
        )
    assert hint.line() == f"{hint.best[0]} ({'; '.join(f'{k}: {v}' for k, v in hint.facts)})"


def test_the_morris_hint_is_the_bots_legal_move_with_its_outlook() -> None:
    game = load_game("morris")
    mill = game.parse_state("WW./B../.../....../.../.../BBB W 5 5 8")  # g7 closes a mill
    hint = HINTER.hint(mill)
    facts = dict(hint.facts)
    assert hint.best[0] in {mill.move_text(m) for m in mill.legal_moves()}
    assert facts["Best move"] == hint.best[0] and int(facts["Depth"]) >= 1
    assert re.fullmatch(r"[+-]\d+\.\d men for White \(the bot's estimate\)", facts["Outlook"])
    assert "Endgame table" not in facts  # nine men each: no table reaches
    won = game.parse_state("WWW/B../.../....../.../.../..B B 0 0 41")  # Black has 2 men
    with pytest.raises(IllegalMoveError, match="the game is over"):
        HINTER.hint(won)


def test_the_2048_hint_refuses_a_spawn_and_a_game_without_hints() -> None:
    spawn = load_game("2048").parse_state("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn")
    with pytest.raises(IllegalMoveError, match="a tile spawns next"):
        HINTER.hint(spawn)
    queens = load_game("queens(size=6)")
    with pytest.raises(UnknownNameError, match="queens has no hints"):
        HINTER.prepare(queens)
    with pytest.raises(UnknownNameError, match="queens has no hints"):
        HINTER.hint(queens.initial_state())


@pytest.mark.parametrize("seconds", [0.4, 1.0, 2.0, 10.0])
def test_the_adjacency_hints_two_stages_fit_in_its_time(seconds: float) -> None:
    """A hint may solve and then search, each for its stage budget: both fit in the time a
    hint is given, and a stage never gets more than the analysis's hint budget."""
    analyser = AnalysisHints(seconds).analyser()
    stage = analyser.settings.time
    assert 2 * stage <= seconds and stage == min(HINT_SECONDS, seconds / 2)


def test_preparing_makes_the_adjacency_hints_tables_for_the_game() -> None:
    """Allocating the solver's and the engine's tables costs a starved worker seconds (a
    web tool's clock counts after preparing): preparing makes both, for the game at hand."""
    game = load_game("adjacency(size=6,rounds=5,first=X)")
    hinter = Hinter(2.0)
    hinter.prepare(game)
    analyser = cast(AnalysisHints, hinter.source(game)).analyser()
    assert analyser._solver is not None and analyser._engine_game == game
