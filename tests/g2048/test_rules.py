"""2048 rules: hand-checked slides, the position text, chance nodes, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import CHANCE, TERMINAL
from plyground.games import load_game
from plyground.games.g2048 import DOWN, LEFT, RIGHT, UP, G2048Game, G2048State, slide, slide_line
from plyground.games.g2048.rules import cell_name, parse_cell, spawn_outcome

GAME = load_game("2048")
assert isinstance(GAME, G2048Game)
START = "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn2"

boards = st.lists(st.integers(0, 17), min_size=16, max_size=16).map(tuple)


def state(text: str) -> G2048State:
    result = GAME.parse_state(text)
    assert isinstance(result, G2048State)
    return result


@pytest.mark.parametrize(
    ("line", "expected", "points"),
    [
        ((0, 0, 0, 0), (0, 0, 0, 0), 0),
        ((1, 1, 0, 0), (2, 0, 0, 0), 4),
        ((1, 1, 1, 0), (2, 1, 0, 0), 4),
        ((1, 1, 1, 1), (2, 2, 0, 0), 8),
        ((0, 2, 0, 2), (3, 0, 0, 0), 8),
        ((2, 1, 1, 0), (2, 2, 0, 0), 4),  # a merged tile does not merge again
        ((3, 3, 2, 2), (4, 3, 0, 0), 24),
        ((1, 2, 3, 4), (1, 2, 3, 4), 0),
        ((16, 0, 0, 16), (17, 0, 0, 0), 131072),
    ],
)
def test_slide_line(line: tuple[int, ...], expected: tuple[int, ...], points: int) -> None:
    assert slide_line(line) == (expected, points)


def test_slide_directions_on_a_known_board() -> None:
    s = state("2,2,4,0/0,0,0,0/0,0,0,4/2,0,0,4 0 move")
    assert s.play(LEFT).text() == "4,4,0,0/0,0,0,0/4,0,0,0/2,4,0,0 4 spawn"
    assert s.play(RIGHT).text() == "0,0,4,4/0,0,0,0/0,0,0,4/0,0,2,4 4 spawn"
    assert s.play(UP).text() == "4,2,4,8/0,0,0,0/0,0,0,0/0,0,0,0 12 spawn"
    assert s.play(DOWN).text() == "0,0,0,0/0,0,0,0/0,0,0,0/4,2,4,8 12 spawn"


def test_start_is_two_chance_nodes() -> None:
    start = GAME.initial_state()
    assert start.text() == START
    assert start.to_move() == CHANCE
    outcomes = start.chance_outcomes()
    assert len(outcomes) == 32
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[spawn_outcome(0, 1)] == pytest.approx(0.9 / 16)
    assert dict(outcomes)[spawn_outcome(0, 2)] == pytest.approx(0.1 / 16)
    once = start.play(spawn_outcome(5, 2))
    assert once.to_move() == CHANCE and len(once.chance_outcomes()) == 30
    twice = once.play(spawn_outcome(0, 1))
    assert twice.text() == "2,0,0,0/0,4,0,0/0,0,0,0/0,0,0,0 0 move"
    assert twice.to_move() == 0 and twice.chance_outcomes() == []


def test_only_moves_that_change_the_board_are_legal() -> None:
    s = state("2,4,8,16/0,0,0,0/0,0,0,0/0,0,0,0 0 move")
    assert s.legal_moves() == (DOWN,)
    with pytest.raises(IllegalMoveError, match="left does not change the board"):
        s.play(LEFT)
    with pytest.raises(IllegalMoveError, match="not a direction"):
        s.play(7)


def test_game_over_and_returns() -> None:
    s = state("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 1024 move")
    assert s.is_terminal() and s.to_move() == TERMINAL and s.legal_moves() == ()
    assert s.returns() == (1024.0,)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        s.parse_move("up")


def test_spawns_and_their_text() -> None:
    s = state("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn")
    assert s.move_text(spawn_outcome(parse_cell("b3"), 2)) == "4@b3"
    assert s.parse_move("2@d1") == spawn_outcome(15, 1)
    with pytest.raises(IllegalMoveError, match="cannot spawn on a4"):
        s.parse_move("2@a4")
    with pytest.raises(ParseError, match="not a spawn"):
        s.parse_move("8@b2")
    with pytest.raises(IllegalMoveError, match="cannot spawn on a4"):
        s.play(spawn_outcome(0, 1))


def test_move_text_and_parse_move() -> None:
    s = state("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2 0 move")
    assert [s.move_text(m) for m in s.legal_moves()] == ["up", "right", "down", "left"]
    assert s.parse_move("Up") == UP and s.parse_move("l") == LEFT
    with pytest.raises(ParseError, match="not a move"):
        s.parse_move("north")


def test_cell_names() -> None:
    assert cell_name(0) == "a4" and cell_name(15) == "d1" and cell_name(6) == "c3"
    assert all(parse_cell(cell_name(i)) == i for i in range(16))
    with pytest.raises(ParseError, match="not a cell"):
        parse_cell("e1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0", "3 fields"),
        ("0,0,0,0/0,0,0,0/0,0,0,0 0 move", "3 rows"),
        ("0,0,0,0/0,0,0/0,0,0,0/0,0,0,0 0 move", "row 2 from the top '0,0,0' has 3 cells"),
        ("0,0,0,0/0,0,0,0/0,3,0,0/0,0,0,0 0 move", "tile '3' in row 3"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,x,0,0 0 move", "tile 'x' in row 4 .* not a number"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,1,0,0 0 move", "tile '1'"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/262144,0,0,0 0 move", "tile '262144'"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 -4 move", "score must be a whole number from 0 to"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 33554436 move", "from 0 to 33554432, got '33554436'"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 " + "4" * 5000 + " move", r"\(5000 characters\)"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0," + "2" * 5000 + " 0 move", "not a power of two"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 6 move", "score '6' is not a multiple of 4"),
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 jump", "next must be"),
        ("2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,0 0 spawn2", "'spawn2' needs 2 empty cells"),
    ],
)
def test_bad_position_texts_are_rejected_precisely(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        GAME.parse_state(text)


def test_render_draws_the_board() -> None:
    drawing = state("2,0,0,0/0,2048,0,0/0,0,0,0/0,0,0,131072 8 move").render()
    assert "131072" in drawing and "2048" in drawing and "score 8" in drawing
    assert len(drawing.splitlines()) == 10


def test_registry_and_spec() -> None:
    assert isinstance(GAME, G2048Game) and GAME.spec == "2048"
    assert GAME.capabilities.players == 1 and GAME.capabilities.chance


@given(boards, st.integers(0, 1000).map(lambda k: 4 * k), st.integers(0, 2))
def test_text_round_trips(board: tuple[int, ...], score: int, spawns: int) -> None:
    if board.count(0) < spawns:
        spawns = 0
    s = GAME.state(board, score, spawns)
    assert GAME.parse_state(s.text()) == s


@given(boards)
def test_moves_keep_the_tile_sum_and_score_the_merges(board: tuple[int, ...]) -> None:
    s = GAME.state([min(e, 16) for e in board])
    total = sum(s.tiles())
    for move in s.legal_moves():
        child = s.play(move)
        assert sum(child.tiles()) == total
        assert child.score - s.score == slide(s.board, move)[1]
        assert s.board == GAME.state([min(e, 16) for e in board]).board  # play never mutates
    for move in set(range(4)) - set(s.legal_moves()):
        assert slide(s.board, move)[0] == s.board


@pytest.mark.parametrize(
    ("text", "spawns"),
    [
        ("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 move", 0.0),
        ("2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 move", 4 / 2.2),  # 4 -> 8
        ("16384,8192,4096,2048/1024,0,0,0/0,0,0,0/0,0,0,0 0 move", 1024 / 2.2),
        ("32768,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 move", 32768 / 2.2),  # the next is 65536
    ],
)
def test_spawns_to_next_power(text: str, spawns: float) -> None:
    """The sum of the tiles must reach a power of two before a tile of that value can
    exist, and spawns add 2.2 on average (0.9 x 2 + 0.1 x 4)."""
    assert GAME.parse_state(text).spawns_to_next_power() == pytest.approx(spawns)
