"""Tic-tac-toe rules: hand-checked positions, the text, its errors, every reachable position."""

from __future__ import annotations

import pytest

from plyground.core import TERMINAL, IllegalMoveError, ParseError
from plyground.games import load_game
from plyground.games.tictactoe import O, TicTacToeGame, TicTacToeState, X

GAME = load_game("tictactoe")


def position(text: str) -> TicTacToeState:
    state = GAME.parse_state(text)
    assert isinstance(state, TicTacToeState)
    return state


def play(*cells: str) -> TicTacToeState:
    state = GAME.initial_state()
    for cell in cells:
        state = state.play(state.parse_move(cell))
    assert isinstance(state, TicTacToeState)
    return state


def reachable() -> set[TicTacToeState]:
    """Every position reachable from the start, terminal ones included."""
    seen: set[TicTacToeState] = set()
    frontier = [GAME.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        assert isinstance(state, TicTacToeState)
        seen.add(state)
        frontier.extend(state.play(move) for move in state.legal_moves())
    return seen


def lines_of(state: TicTacToeState) -> set[str]:
    """Marks that fill a row, column or diagonal, read from the rendered board."""
    rows = [line.split()[1:] for line in state.render().splitlines()[:3]]
    cells = [[(r, c) for c in range(3)] for r in range(3)]
    cells += [[(r, c) for r in range(3)] for c in range(3)]
    cells += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
    full = {
        rows[line[0][0]][line[0][1]] for line in cells if len({rows[r][c] for r, c in line}) == 1
    }
    return full - {"."}


def test_registered_with_its_names() -> None:
    assert isinstance(GAME, TicTacToeGame)
    assert GAME.spec == "tictactoe"
    assert (GAME.player_name(X), GAME.player_name(O)) == ("X", "O")


def test_start() -> None:
    start = GAME.initial_state()
    assert start.text() == "3/3/3 X"
    assert start.to_move() == X
    assert [start.move_text(m) for m in start.legal_moves()] == [
        "a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3",
    ]  # fmt: skip
    assert start.returns() == (0.0, 0.0)


def test_moves_alternate_and_text_round_trips() -> None:
    state = play("b2", "a1")
    assert state.text() == "3/1X1/O2 X"
    assert state.to_move() == X
    assert GAME.parse_state(state.text()) == state
    assert state.render() == "3  . . .\n2  . X .\n1  O . .\n   a b c"
    assert state.move_effects(state.parse_move("c3")) == {"c3": "placed"}


def test_a_line_wins_and_ends_the_game() -> None:
    state = play("a1", "a2", "b1", "b2", "c1")
    assert state.is_terminal() and state.to_move() == TERMINAL
    assert state.winner() == X and state.returns() == (1.0, -1.0)
    assert state.legal_moves() == []
    assert state.text() == "3/OO1/XXX O"
    diagonal = play("a1", "a3", "b1", "b2", "a2", "c1")
    assert diagonal.winner() == O and diagonal.returns() == (-1.0, 1.0)


def test_full_board_without_a_line_is_a_draw() -> None:
    state = play("b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3")
    assert state.is_terminal() and state.winner() is None and state.returns() == (0.0, 0.0)
    assert state.winning_line() == ()


def test_the_winning_line_names_its_cells() -> None:
    assert play("a1", "a2", "b1", "b2", "c1").winning_line() == ("a1", "b1", "c1")
    assert play("a1", "a3", "b1", "b2", "a2", "c1").winning_line() == ("c1", "b2", "a3")
    assert play("b2", "a1", "a3", "c1", "c3").winning_line() == ()
    column = position("X2/XO1/XO1 O")
    assert column.winning_line() == ("a1", "a2", "a3")


def test_play_does_not_change_its_input() -> None:
    state = play("b2")
    before = state.text()
    state.play(0)
    assert state.text() == before
    with pytest.raises(AttributeError):
        state.x = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3/3/3", "2 fields"),
        ("3/3/3  X", "2 fields"),
        ("3/3 X", "2 rows, expected 3"),
        ("3/3/3/3 X", "4 rows"),
        ("XXXX/3/3 X", "more than 3 cells"),
        ("3/22/3 X", "digit '2' overflows row 2"),
        ("3/3/2 X", "row 1 '2' has 2 cells, expected 3"),
        ("3/3/3 x", "side to move must be X or O, got 'x'"),
        ("3/3/3 O", "it is X to move"),
        ("Z2/3/3 X", "unknown character 'Z'"),
        ("OO1/3/3 X", "X has 0 marks and O 2"),
        ("XXX/OOO/3 X", "both X and O have three in a row"),
        ("XXX/OO1/O2 X", "X has three in a row but moved again"),
    ],
)
def test_parse_state_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        GAME.parse_state(text)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("z9", ParseError, "'z9' is off the 3x3 board"),
        ("d1", ParseError, "off the 3x3 board .a1..c3."),
        ("b", ParseError, "is not a cell"),
        ("", ParseError, "is not a cell"),
        ("b2", IllegalMoveError, "cell b2 is occupied by X"),
        ("a1", IllegalMoveError, "cell a1 is occupied by O"),
    ],
)
def test_parse_move_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        play("b2", "a1").parse_move(text)


def test_moves_after_the_end_and_bad_moves_are_illegal() -> None:
    over = play("a1", "a2", "b1", "b2", "c1")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.parse_move("c3")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.play(8)
    with pytest.raises(IllegalMoveError, match="not a cell index"):
        GAME.initial_state().play(9)
    with pytest.raises(IllegalMoveError, match="occupied"):
        play("c3").play(8)
    assert play(" B2 ").text() == "3/1X1/3 O"


def test_all_5478_reachable_positions() -> None:
    positions = reachable()
    assert len(positions) == 5478
    terminal = [s for s in positions if s.is_terminal()]
    assert len(terminal) == 958
    assert sum(1 for s in terminal if s.winner() == X) == 626
    assert sum(1 for s in terminal if s.winner() == O) == 316
    for state in positions:
        assert GAME.parse_state(state.text()) == state
        assert hash(GAME.parse_state(state.text())) == hash(state)
        winners = lines_of(state)
        assert len(winners) <= 1
        expected = {"X": X, "O": O}[winners.pop()] if winners else None
        assert state.winner() == expected
        board_full = "." not in "".join(state.render().splitlines()[:3])
        assert state.is_terminal() == (expected is not None or board_full)
