"""A state is a value: ``copy.deepcopy`` shares it, and pickling gives an equal state with
its hash computed again (what OpenSpiel's clone and serialization of plyground's games
rely on, docs/rl.md)."""

from __future__ import annotations

import copy
import pickle

import pytest

from plyground.games import load_game


@pytest.mark.parametrize("spec", ["adjacency", "tictactoe", "morris", "2048", "queens"])
def test_copies_and_pickles_of_a_state_are_the_state(spec: str) -> None:
    state = load_game(spec).initial_state()
    while state.is_chance():
        state = state.play(state.chance_outcomes()[0][0])
    state = state.play(state.legal_moves()[0])
    assert copy.deepcopy(state) is state and copy.copy(state) is state
    holder = copy.deepcopy({"state": state})
    assert holder["state"] is state
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state) and again is not state
    assert again.text() == state.text() and again.legal_moves() == state.legal_moves()
    with pytest.raises(AttributeError, match="immutable"):
        again.anything = 1  # type: ignore[attr-defined]
