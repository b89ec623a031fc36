"""The N-Queens puzzle through the core contract: moves, text, errors, rendering."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.errors import IllegalMoveError, ParseError, SettingsError
from plyground.core.game import TERMINAL
from plyground.games import load_game
from plyground.games.queens import QueensGame, QueensState, find_attack, is_solution
from plyground.games.queens.counting import count_solutions_reference


def test_loaded_from_the_registry() -> None:
    game = load_game("queens(size=6)")
    assert isinstance(game, QueensGame)
    assert game.spec == "queens(size=6)"
    assert game.capabilities.players == 1
    state = game.initial_state()
    assert state.text() == "6:" and state.to_move() == 0 and state.returns() == (0.0,)
    with pytest.raises(SettingsError, match="size"):
        load_game("queens(size=0)")


def count_by_contract(state: QueensState) -> int:
    if state.is_terminal():
        return int(state.returns()[0])
    return sum(count_by_contract(state.play(move)) for move in state.legal_moves())


@pytest.mark.parametrize("size", range(1, 8))
def test_playing_the_contract_counts_the_solutions(size: int) -> None:
    assert count_by_contract(QueensGame(size=size).initial_state()) == count_solutions_reference(
        size
    )


def test_a_solution_is_terminal_with_return_one() -> None:
    game = QueensGame(size=4)
    state = game.initial_state()
    for text in ("2", "b4", "1", "d3"):
        state = state.play(state.parse_move(text))
    assert state.text() == "4:2,4,1,3"
    assert state.is_terminal() and state.to_move() == TERMINAL and state.returns() == (1.0,)
    assert state.legal_moves() == [] and state.is_solved()
    with pytest.raises(IllegalMoveError, match="solved"):
        state.play(0)


def test_a_dead_end_is_terminal_with_return_zero() -> None:
    state = QueensGame(size=4).parse_state("4:1,3")
    assert state.legal_moves() == [] and state.is_terminal() and state.returns() == (0.0,)


def test_moves_and_their_errors() -> None:
    state = QueensGame(size=8).parse_state("8:1,5")
    assert state.legal_moves() == [1, 6, 7]
    assert state.move_text(7) == "8" and state.parse_move("c8") == 7 == state.parse_move(" 8 ")
    with pytest.raises(IllegalMoveError, match="share a row with the queen on a1"):
        state.parse_move("1")
    with pytest.raises(IllegalMoveError, match="share a diagonal with the queen on b5"):
        state.play(3)
    with pytest.raises(IllegalMoveError, match="next queen goes in column c"):
        state.parse_move("d2")
    with pytest.raises(ParseError, match="off the board"):
        state.parse_move("9")
    with pytest.raises(ParseError, match="column 'k'"):
        state.parse_move("k2")
    with pytest.raises(ParseError, match="'xyz' is not a move"):
        state.parse_move("xyz")
    with pytest.raises(IllegalMoveError, match="not a row index"):
        state.play(8)
    with pytest.raises(IllegalMoveError, match="not a row index"):
        state.move_text(True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8", "must be <N>:<rows>"),
        ("x:1", "board size N must be a whole number from 1 to 10000000, got 'x'"),
        ("0:", "from 1 to 10000000, got '0'"),
        ("99999999:", "board size N must be a whole number from 1 to 10000000, got '99999999'"),
        ("9" * 5000 + ":", "from 1 to 10000000, got '9999999999"),
        ("4:1,2,3,4,1", "5 queens but only 4 columns"),
        ("4:1,,3", "the row of column b must be a whole number from 1 to 4, got ''"),
        ("4:1,-2", "the row of column b must be a whole number from 1 to 4, got '-2'"),
        ("4:1,5", "the row of column b must be a whole number from 1 to 4, got '5'"),
        ("4:1," + "9" * 5000, "from 1 to 4, got '9999"),
        ("4:1,4,1", "columns a (row 1) and c (row 1) share a row"),
        ("4:2,3", "columns a (row 2) and b (row 3) share a diagonal"),
        ("5:1,3", "is for N = 5, but this game is N = 4"),
    ],
)
def test_parse_errors_quote_the_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        QueensGame(size=4).parse_state(text)


def test_state_from_rows_is_checked() -> None:
    game = QueensGame(size=5)
    assert game.state_from_rows([0, 2, 4]).text() == "5:1,3,5"
    with pytest.raises(IllegalMoveError, match="share a diagonal"):
        game.state_from_rows([0, 1])
    with pytest.raises(IllegalMoveError, match="off the board"):
        game.state_from_rows([7])
    with pytest.raises(IllegalMoveError, match="do not fit"):
        game.state_from_rows(range(6))


def test_render_and_wide_boards() -> None:
    assert QueensGame(size=4).parse_state("4:3").render().splitlines() == [
        "4  . . . .",
        "3  Q . . .",
        "2  . . . .",
        "1  . . . .",
        "   a b c d",
    ]
    wide = QueensGame(size=30).initial_state().play(0).play(2)
    lines = wide.render().splitlines()
    assert len(lines) == 30 and lines[-1].startswith(" 1  Q . .")
    with pytest.raises(IllegalMoveError, match="column 3 row 3 would share a diagonal"):
        wide.play(wide.parse_move("3"))


def test_helpers() -> None:
    assert find_attack([0, 2, 4, 1]) is None
    assert find_attack([0, 2, 4, 1, 1]) == (3, 4, "row")
    assert (
        is_solution([1, 3, 0, 2])
        and not is_solution([1, 3, 0])
        and is_solution([1, 3, 0], 3) is False
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.data())
def test_random_playouts_round_trip_and_never_mutate(size: int, data: st.DataObject) -> None:
    game = QueensGame(size=size)
    state = game.initial_state()
    while not state.is_terminal():
        before = state.text()
        move = data.draw(st.sampled_from(state.legal_moves()))
        after = state.play(move)
        assert state.text() == before
        assert game.parse_state(after.text()) == after
        assert hash(game.parse_state(after.text())) == hash(after)
        assert find_attack(after.rows) is None
        state = after
    assert state.returns() == ((1.0,) if len(state.rows) == size else (0.0,))
