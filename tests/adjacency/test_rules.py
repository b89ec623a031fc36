"""The Adjacency Strategy Game against docs/rules.md section 1, by hand-checked cases."""

from __future__ import annotations

import pytest

import plyground
from plyground import IllegalMoveError, ParseError, SettingsError
from plyground.games.adjacency import (
    AdjacencyGame,
    AdjacencyState,
    O,
    X,
    cell_name,
    max_rounds,
    parse_cell,
    parse_position,
)


def test_start_of_the_default_game() -> None:
    game = plyground.load_game("adjacency")
    state = game.initial_state()
    assert game.spec == "adjacency(size=8,rounds=8,first=X)"
    assert state.text() == "6OO/6OO/8/8/8/8/XX6/XX6 X 16"
    assert {cell_name(i) for i in range(64) if state.cell(i) == "X"} == {"a1", "b1", "a2", "b2"}
    assert {cell_name(i) for i in range(64) if state.cell(i) == "O"} == {"g7", "h7", "g8", "h8"}
    assert state.to_move() == X
    assert len(state.legal_moves()) == 56
    assert state.rounds_left == 8


def test_first_player_and_sizes() -> None:
    state = plyground.load_game("adjacency(size=5,rounds=3,first=O)").initial_state()
    assert state.text() == "3OO/3OO/5/XX3/XX3 O 6"
    assert state.to_move() == O
    assert [max_rounds(n) for n in range(4, 9)] == [4, 8, 14, 20, 28]
    assert plyground.load_game("adjacency(size=4)").settings["rounds"] == 4


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("adjacency(size=9)", "'size' must be at most 8"),
        ("adjacency(size=3)", "'size' must be at least 4"),
        ("adjacency(rounds=29)", "rounds must be 1 to 28 on a 8x8 board, got 29"),
        ("adjacency(size=5,rounds=9)", "rounds must be 1 to 8 on a 5x5 board"),
        ("adjacency(rounds=0)", "'rounds' must be at least 1"),
        ("adjacency(first=Y)", "'first' must be one of X, O"),
    ],
)
def test_bad_game_settings(spec: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message.replace("(", r"\(")):
        plyground.load_game(spec)


def test_the_worked_example_of_the_rules() -> None:
    # X at a1 b1 a2 b2 a3 c3; O plays b3: a3, b2, c3 flip; a2 (diagonal) stays.
    game = AdjacencyGame(size=4, rounds=4)
    before = game.parse_state("4/X1X1/XX2/XX2 O 5")
    after = before.play(before.parse_move("b3"))
    assert after.rows() == ["....", "OOO.", "XO..", "XX.."]
    assert sorted(cell_name(i, 4) for i in before.flips(parse_cell("b3", 4))) == [
        "a3",
        "b2",
        "c3",
    ]
    assert after.text() == "4/OOO1/XO2/XX2 X 4"


@pytest.mark.parametrize(
    ("position", "move", "expected_rows"),
    [
        # corner a1: only b1 and a2 are neighbours
        ("4/4/OO2/1O2 X 4", "a1", ["....", "....", "XO..", "XX.."]),
        # corner d4 (top right): c4 and d3
        ("2X1/3X/4/4 O 4", "d4", ["..OO", "...O", "....", "...."]),
        # edge b1: a1, c1, b2 flip; nothing wraps around
        ("4/4/1X1O/X1XO O 4", "b1", ["....", "....", ".O.O", "OOOO"]),
        # left edge a3: a4, a2, b3 flip but d2 (the row below, other end) must not
        ("X3/1X2/X2X/4 O 4", "a3", ["O...", "OO..", "O..X", "...."]),
        # right edge d2: d3, d1, c2; a3 (next row's start in index order) must not
        ("4/X2X/2X1/3X O 4", "d2", ["....", "X..O", "..OO", "...O"]),
    ],
)
def test_flips_at_edges_and_corners(position: str, move: str, expected_rows: list[str]) -> None:
    game = AdjacencyGame(size=4, rounds=4)
    state = game.parse_state(position)
    assert state.play(state.parse_move(move)).rows() == expected_rows


def test_flips_are_single_cells_not_lines() -> None:
    game = AdjacencyGame(size=5, rounds=8)
    state = game.parse_state("5/5/XXX2/5/5 O 4")
    after = state.play(state.parse_move("d3"))
    assert after.rows()[2] == "XXOO."  # only c3 flips, not the chain behind it


def test_game_ends_at_the_round_limit() -> None:
    game = plyground.load_game("adjacency(size=4,rounds=1)")
    state = game.initial_state()
    state = state.play(state.legal_moves()[0])
    assert not state.is_terminal()
    state = state.play(state.legal_moves()[0])
    assert state.is_terminal()
    assert state.legal_moves() == []
    assert state.to_move() == plyground.TERMINAL
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play(0)


def test_game_ends_on_a_full_board_mid_round() -> None:
    # 5x5 has 17 empty cells: an odd number, so the board fills after X's move.
    game = plyground.load_game("adjacency(size=5,rounds=8)")
    state = game.initial_state()
    plies = 0
    while not state.is_terminal():
        state = state.play(state.legal_moves()[0])
        plies += 1
    assert plies == 16  # 8 rounds of 17 empty cells: the round limit comes first
    game = AdjacencyGame(size=5, rounds=8)
    nearly_full = game.parse_state("XXXXX/XXXXX/OOOOO/OOOOO/OOOO1 X 9")
    last = nearly_full.play(nearly_full.parse_move("e1"))
    assert last.is_terminal()
    assert last.plies_left == 8  # ended by the full board, not by the rounds


def test_results_and_draws() -> None:
    game = AdjacencyGame(size=4, rounds=4)
    draw = game.parse_state("XXOO/XXOO/4/4 X 0")
    assert draw.is_terminal()
    assert draw.returns() == (0.0, 0.0)
    assert draw.winner() is None
    win = game.parse_state("XXXO/XXOO/4/4 O 0")
    assert win.returns() == (2.0, -2.0)
    assert win.winner() == X


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6OO/6OO/8/8/8/8/XX6 X 16", "has more than 7 cells"),
        ("6OO/6OO/8/8/8/8/XX6/XX6/8 X 16", "has 9 rows"),
        ("8/8/8 X 4", "has 3 rows"),
        ("6OO/6OO/8/8/8/8/XX6/XX5 X 16", "row 1 'XX5' has 7 cells, expected 8"),
        ("6OO/6OO/8/8/8/8/XX6/XX7 X 16", "digit '7' overflows row 1 'XX7'"),
        ("6OO/6OO/8/8/8/8/XX6/XXXXXXXXX X 16", "has more than 8 cells"),
        ("6OO/6OO/8/8/8/8/XX6/XZ6 X 16", "unknown character 'Z' in row 1"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 Y 16", "side to move must be X or O, got 'Y'"),
        (
            "6OO/6OO/8/8/8/8/XX6/XX6 X -1",
            "plies left must be a whole number from 0 to 56, got '-1'",
        ),
        (
            "6OO/6OO/8/8/8/8/XX6/XX6 X 57",
            "plies left must be a whole number from 0 to 56, got '57'",
        ),
        ("4/4/4/4 X 9", "plies left must be a whole number from 0 to 8, got '9'"),
        # past the int64 of the compiled search, and past Python's int digit limit
        ("6OO/6OO/8/8/8/8/XX6/XX6 X " + str(2**63), f"got '{2**63}'"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 X " + "9" * 5000, "from 0 to 56, got '9999.*5000 characters"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 X 1.5", "got '1.5'"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 X", "must have 3 fields"),
        ("6OO/6OO/8/8/8/8/XX6/XX6  X 16", "must have 3 fields"),
        ("", "must have 3 fields"),
    ],
)
def test_position_text_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        parse_position(text)


def test_position_size_must_match_the_game() -> None:
    with pytest.raises(ParseError, match="is for a 4x4 board, but this game is 8x8"):
        plyground.load_game("adjacency").parse_state("4/4/4/4 X 2")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("z9", "off the 8x8 board"),
        ("i1", "off the 8x8 board"),
        ("a0", "off the 8x8 board"),
        ("d", "is not a cell"),
        ("5d", "is not a cell"),
        ("", "is not a cell"),
    ],
)
def test_cell_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_cell(text, 8)


def test_move_errors() -> None:
    state = plyground.load_game("adjacency(size=5,rounds=2)").initial_state()
    with pytest.raises(ParseError, match=r"cell 'f1' is off the 5x5 board \(a1..e5\)"):
        state.parse_move("f1")
    with pytest.raises(IllegalMoveError, match="cell a1 is occupied by X"):
        state.parse_move("A1")
    with pytest.raises(IllegalMoveError, match="cell e5 is occupied by O"):
        state.play(24)
    with pytest.raises(IllegalMoveError, match="not a cell index"):
        state.play(25)
    assert state.parse_move(" C3 ") == parse_cell("c3", 5)


def test_states_are_values() -> None:
    game = AdjacencyGame(size=6, rounds=4)
    a = game.initial_state().play(10)
    b = game.initial_state().play(10)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.x = 0  # type: ignore[misc]
    assert isinstance(a, AdjacencyState)
    assert repr(a) == f"AdjacencyState({a.text()!r})"


def test_render_draws_the_board() -> None:
    state = plyground.load_game("adjacency(size=4,rounds=2)").initial_state()
    assert state.render() == "4  . . O O\n3  . . O O\n2  X X . .\n1  X X . .\n   a b c d"
