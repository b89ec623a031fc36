"""Nine Men's Morris rules: board tables, hand-checked positions, notation, text and errors."""

from __future__ import annotations

import random

import pytest
from morris_helpers import position, random_states

from plyground.core import TERMINAL, IllegalMoveError, ParseError
from plyground.games import load_game
from plyground.games.morris import BLACK, WHITE, MorrisState, decode, encode, parse_point
from plyground.games.morris.board import (
    MILLS,
    NEIGHBOURS,
    POINTS,
    adjacent,
    bits,
    in_mills,
    to_horizontal,
    to_vertical,
)

GAME = load_game("morris")
START = ".../.../.../....../.../.../... W 9 9 0"

# The board by hand: the 16 mills, from which adjacency follows (consecutive points of a mill).
HAND_MILLS = [
    "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    "a7 a4 a1", "b6 b4 b2", "c5 c4 c3", "d7 d6 d5", "d3 d2 d1", "e5 e4 e3", "f6 f4 f2", "g7 g4 g1",
]  # fmt: skip


def mask(names: str) -> int:
    return sum(1 << parse_point(name) for name in names.split())


def play(state: MorrisState, *moves: str) -> MorrisState:
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def test_board_tables_match_the_board_drawn_by_hand() -> None:
    rules_md = "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7"
    assert sorted(POINTS) == rules_md.split(" ")
    assert sorted(MILLS) == sorted(mask(m) for m in HAND_MILLS)
    for point in range(24):
        expected = 0
        for mill in HAND_MILLS:
            names = mill.split()
            if POINTS[point] in names:
                i = names.index(POINTS[point])
                expected |= mask(" ".join(names[j] for j in (i - 1, i + 1) if 0 <= j < 3))
        assert NEIGHBOURS[point] == expected, POINTS[point]
    assert sum(m.bit_count() for m in NEIGHBOURS) == 64  # 32 lines, each seen from both ends


def test_bit_tricks_agree_with_point_by_point_definitions() -> None:
    rng = random.Random(1)
    for _ in range(300):
        men = rng.getrandbits(24)
        assert to_horizontal(to_vertical(men)) == men
        expected_adjacent = 0
        for p in bits(men):
            expected_adjacent |= NEIGHBOURS[p]
        assert adjacent(men) == expected_adjacent
        expected_in_mills = 0
        for mill in MILLS:
            if men & mill == mill:
                expected_in_mills |= mill
        assert in_mills(men) == expected_in_mills


def test_start_position() -> None:
    start = GAME.initial_state()
    assert start.text() == START
    assert start.to_move() == WHITE
    assert sorted(start.move_text(m) for m in start.legal_moves()) == sorted(POINTS)
    assert start.phase(WHITE) == "placing"
    assert GAME.parse_state(START) == start


def test_render_draws_the_board_and_the_status() -> None:
    state = play(GAME.initial_state(), "a7", "d2", "g7")
    lines = state.render().splitlines()
    assert lines[0] == "Black to move (placing); in hand W 7 B 8, on board W 2 B 1, turn 3/200"
    assert lines[1] == "7  W-----------.-----------W"
    assert lines[11] == "2  |   .-------B-------.   |"
    assert lines[-1] == "   a   b   c   d   e   f   g"
    assert len(lines) == 15


def test_move_effects_name_the_points_a_move_changes() -> None:
    state = position("WW./BBB/.../....../W.W/.B./... W 5 5 8")
    assert state.move_effects(state.parse_move("g7xd2")) == {"g7": "placed", "d2": "removed"}
    moving = position("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")
    effects = moving.move_effects(moving.parse_move("a7-d7"))
    assert effects == {"a7": "moved-from", "d7": "moved-to"}
    assert moving.count(WHITE) == 6 and moving.count(BLACK) == 5


def test_closing_a_mill_takes_a_man_outside_mills() -> None:
    # White has a7 d7 and places g7: a mill. Black's b6 d6 f6 is a mill, d2 is not.
    state = position("WW./BBB/.../....../W.W/.B./... W 5 5 8")
    moves = {state.move_text(m) for m in state.legal_moves()}
    assert {m for m in moves if m.startswith("g7")} == {"g7xd2"}
    assert {m for m in moves if m.startswith("d3")} == {"d3xd2"}  # c3 d3 e3 too
    after = play(state, "g7xd2")
    assert after.text() == "WWW/BBB/.../....../W.W/.../... B 4 5 9"
    assert after.took and not state.took
    assert after.men(BLACK) == 8
    with pytest.raises(IllegalMoveError, match=r"stands in a mill .* take one of d2"):
        state.parse_move("g7xb6")
    with pytest.raises(IllegalMoveError, match=r"g7 closes a mill: add the Black man to take"):
        state.parse_move("g7")
    with pytest.raises(IllegalMoveError, match=r"a1 holds no Black man to take"):
        state.parse_move("g7xa1")
    with pytest.raises(IllegalMoveError, match=r"f2 closes no mill, so it takes no man"):
        state.parse_move("f2xd2")


def test_when_every_man_is_in_a_mill_any_can_be_taken() -> None:
    state = position("WW./BBB/.../....../W../.../... W 6 6 6")
    moves = sorted(m for m in map(state.move_text, state.legal_moves()) if m.startswith("g7"))
    assert moves == ["g7xb6", "g7xd6", "g7xf6"]


def test_moving_and_flying() -> None:
    state = position("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")
    assert state.phase(WHITE) == "moving" and state.phase(BLACK) == "moving"
    moves = {state.move_text(m) for m in state.legal_moves()}
    assert "a7-d7" in moves and not any(m.startswith("a7-a4") for m in moves)
    with pytest.raises(IllegalMoveError, match="a7-b6 does not follow a line: from a7 a man"):
        state.parse_move("a7-b6")
    with pytest.raises(IllegalMoveError, match="a4 is taken by a White man"):
        state.parse_move("a7-a4")
    with pytest.raises(IllegalMoveError, match="White has no men left to place"):
        state.parse_move("d7")
    with pytest.raises(IllegalMoveError, match="d7 holds no man, not one of White's"):
        state.parse_move("d7-d6")
    with pytest.raises(IllegalMoveError, match="g7 holds a Black man, not one of White's"):
        state.parse_move("g7-d7")
    flying = position("W.B/.../B.B/W.B..B/.../..W/B.. W 0 0 40")
    assert flying.phase(WHITE) == "flying" and flying.phase(BLACK) == "moving"
    moves = {flying.move_text(m) for m in flying.legal_moves()}
    assert {"a7-e4", "f2-d7", "a4-g1"} <= moves
    assert len(flying.legal_moves()) == 3 * (24 - 9)


def test_a_player_left_with_two_men_loses() -> None:
    state = position("WW./.../B../....BW/.../BW./... W 0 0 60")
    assert state.phase(BLACK) == "flying"
    final = play(state, "g4-g7xc5")
    assert final.is_terminal() and final.to_move() == TERMINAL
    assert final.winner() == WHITE and final.returns() == (1.0, -1.0)
    assert final.men(BLACK) == 2 and final.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        final.parse_move("e4-e5")


def test_a_blocked_player_loses() -> None:
    state = position("BBB/.W./.../BW...W/.../.../.W. W 0 0 80")
    final = play(state, "d1-a1")
    assert final.is_terminal() and final.winner() == WHITE and final.men(BLACK) == 4
    assert final.status() == (
        "game over: White wins; in hand W 0 B 0, on board W 4 B 4, turn 81/200"
    )


def test_the_draw_cap() -> None:
    state = position("W.B/.../B.B/W.B..B/.../..W/B.. B 0 0 199")
    final = play(state, "g7-d7")
    assert final.turns == 200 and final.is_terminal()
    assert final.winner() is None and final.returns() == (0.0, 0.0)
    assert position(final.text()).is_terminal()
    # At the cap a blocked player to move still loses, as in OpenSpiel.
    blocked = play(position("WWW/.B./.../WB...B/.../.../.B. B 0 0 199"), "d1-a1")
    assert blocked.turns == 200 and blocked.winner() == BLACK


def test_moves_encode_and_print() -> None:
    state = position("WW./BBB/.../....../W.W/.B./... W 5 5 8")
    move = state.parse_move(" G7xD2 ")
    assert decode(move) == (-1, parse_point("g7"), parse_point("d2"))
    assert move == encode(-1, parse_point("g7"), parse_point("d2"))
    assert state.move_text(move) == "g7xd2"
    moving = position("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")
    assert moving.move_text(moving.parse_move("a7-d7")) == "a7-d7"
    for state in random_states(30, seed=5):
        for move in state.legal_moves():
            assert state.parse_move(state.move_text(move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("...", "must have 5 fields"),
        (".../... W 9 9 0", "has 2 rows, expected 7"),
        ("..../.../.../....../.../.../... W 9 9 0", "row 7 '....' has 4 points, expected 3"),
        (".../.../.../...../.../.../... W 9 9 0", "row 4 '.....' has 5 points, expected 6"),
        ("X../.../.../....../.../.../... W 9 9 0", "unknown character 'X' in row 7"),
        (".../.../.../....../.../.../... w 9 9 0", "side to move must be W or B, got 'w'"),
        (".../.../.../....../.../.../... W 10 9 0", "White's men in hand must be .* got '10'"),
        (".../.../.../....../.../.../... W 9 -1 0", "Black's men in hand must be .* got '-1'"),
        (".../.../.../....../.../.../... W 0 0 201", "turns played must be .* 0 to 200"),
        (".../.../.../....../.../.../... W 0 0 x", "turns played must be .* got 'x'"),
        (".../.../.../....../.../.../... W 0 0 " + "9" * 5000, "turns played must be .* 0 to 200"),
        (".../.../.../....../.../.../... W " + "9" * 5000 + " 9 0", "White's men in hand"),
        ("WWW/WWW/WWW/W...../.../.../... W 0 0 18", "White has 10 men on the board and 0"),
        (".../.../.../....../.../.../... W 9 7 2", "White has 9 men in hand and Black 7"),
        (".../.../.../....../.../.../... W 9 9 4", r"equal men placed \(0\), not 4"),
        ("W../.../.../....../.../.../... B 8 9 3", r"equal men placed \(1\), not 3"),
        ("W../.../.../....../.../.../... W 0 0 10", "at least 18 turns"),
        (".../.../.../....../.../.../... B 9 9 0", "after 0 turns it is W to move, not B"),
        ("WWW/.../.../....../.../.../... W 0 0 19", "after 19 turns it is B to move, not W"),
    ],
)
def test_parse_state_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        GAME.parse_state(text)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("zz", ParseError, "'zz' is not a move: write a point to place"),
        ("d2-", ParseError, "is not a move"),
        ("h1", ParseError, "'h1' is not a point of the board .the points: a1 a4 a7"),
        ("a2", ParseError, "'a2' is not a point"),
        ("d2-d9", ParseError, "'d9' is not a point"),
        ("a7-d7", IllegalMoveError, "White still has 9 men to place: write the point"),
        ("d2xg7", IllegalMoveError, "d2 closes no mill, so it takes no man"),
    ],
)
def test_parse_move_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        GAME.initial_state().parse_move(text)


def test_placing_on_a_taken_point_and_illegal_plays() -> None:
    state = play(GAME.initial_state(), "d2")
    with pytest.raises(IllegalMoveError, match="d2 is taken by a White man"):
        state.parse_move("d2")
    with pytest.raises(IllegalMoveError, match="d2 is taken by a White man"):
        state.play(encode(-1, parse_point("d2")))
    with pytest.raises(IllegalMoveError, match="illegal move 'd3'"):
        state.play("d3")
    with pytest.raises(IllegalMoveError, match="not a Nine Men's Morris move"):
        state.move_text(-5)


def test_text_round_trips_and_play_never_changes_its_input() -> None:
    for state in random_states(40, seed=9):
        again = GAME.parse_state(state.text())
        assert again == state and hash(again) == hash(state)
        assert again.is_terminal() == state.is_terminal()
        assert again.legal_moves() == state.legal_moves()
        if not state.is_terminal():
            before = state.text()
            state.play(state.legal_moves()[0])
            assert state.text() == before
    with pytest.raises(AttributeError):
        GAME.initial_state().white = 1  # type: ignore[misc]
