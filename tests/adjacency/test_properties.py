"""Properties of the adjacency rules over random playouts (hypothesis)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import plyground
from plyground.games.adjacency import AdjacencyState, X, max_rounds, parse_position
from plyground.games.adjacency.rules import likely_game


@st.composite
def playouts(draw: st.DrawFn) -> list[AdjacencyState]:
    """A random game (size, rounds, first player, moves), as its list of states."""
    size = draw(st.integers(4, 8))
    rounds = draw(st.integers(1, max_rounds(size)))
    first = draw(st.sampled_from("XO"))
    state = plyground.load_game(f"adjacency(size={size},rounds={rounds},first={first})")
    current = state.initial_state()
    states = [current]
    while not current.is_terminal():
        moves = current.legal_moves()
        current = current.play(moves[draw(st.integers(0, len(moves) - 1))])
        states.append(current)
    return states


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_the_likely_game_of_a_position_from_a_game_is_that_game(
    states: list[AdjacencyState],
) -> None:
    for state in states:
        assert likely_game(parse_position(state.text())).spec == state.game.spec


def test_a_position_set_up_by_hand_keeps_the_boards_longest_game() -> None:
    by_hand = parse_position("8/8/8/8/8/8/8/X7 O 3")  # one mark: not from the start
    assert likely_game(by_hand) is by_hand.game


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_text_round_trips(states: list[AdjacencyState]) -> None:
    for state in states:
        again = state.game.parse_state(state.text())
        assert again == state
        assert parse_position(state.text()).text() == state.text()


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_marks_are_conserved_and_play_never_mutates(states: list[AdjacencyState]) -> None:
    for before, after in itertools.pairwise(states):
        snapshot = (before.x, before.o, before.side, before.plies_left, before.text())
        mover = before.side
        moved = [m for m in before.legal_moves() if before.play(m) == after]
        assert len(moved) == 1
        flips = len(before.flips(moved[0]))
        assert (before.x, before.o, before.side, before.plies_left, before.text()) == snapshot
        mine_before, theirs_before = before.count(mover), before.count(1 - mover)
        assert after.count(mover) == mine_before + 1 + flips
        assert after.count(1 - mover) == theirs_before - flips
        assert after.plies_left == before.plies_left - 1
        assert after.side == 1 - mover
        assert after.x & after.o == 0


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_games_end_by_rounds_or_full_board(states: list[AdjacencyState]) -> None:
    final = states[-1]
    game = final.game
    empty_at_start = game.size * game.size - 8
    assert len(states) - 1 == min(2 * game.rounds, empty_at_start)
    assert final.is_terminal()
    x, o = final.count(X), final.count(1 - X)
    assert final.returns() == (float(x - o), float(o - x))
