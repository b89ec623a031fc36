"""Properties of the Morris rules over random playouts (hypothesis)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.games import load_game
from plyground.games.morris import BLACK, MEN, WHITE, MorrisState, decode

GAME = load_game("morris")


@st.composite
def playouts(draw: st.DrawFn) -> list[MorrisState]:
    """A random game (or its first part), as its list of states."""
    state: MorrisState = GAME.initial_state()
    states = [state]
    for _ in range(draw(st.integers(0, 200))):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.play(moves[draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_every_state_is_consistent_and_round_trips(states: list[MorrisState]) -> None:
    for before, after in itertools.pairwise(states):
        assert after.turns == before.turns + 1
        assert after.side != before.side
        assert after.white & after.black == 0
        for player in (WHITE, BLACK):
            assert after.men(player) <= before.men(player) <= MEN
        lost = sum(before.men(p) - after.men(p) for p in (WHITE, BLACK))
        assert lost == int(after.took) <= 1
    for state in states:
        again = GAME.parse_state(state.text())
        assert again == state and again.text() == state.text()
        assert again.is_terminal() == state.is_terminal()
        assert again.winner() == state.winner()


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_legal_moves_are_distinct_and_parse_back(states: list[MorrisState]) -> None:
    state = states[-1]
    moves = state.legal_moves()
    assert len(set(moves)) == len(moves)
    assert (moves == []) == state.is_terminal()
    for move in moves:
        assert state.parse_move(state.move_text(move)) == move
        origin, destination, taken = decode(move)
        assert origin == -1 or state.point(origin) == "WB"[state.side]
        child = state.play(move)
        assert child.point(destination) == "WB"[state.side]
        if taken >= 0:
            assert child.point(taken) is None and state.point(taken) == "WB"[1 - state.side]
