"""Threefold repetition, the game setting ``morris(repetition=true)``, and its position text."""

from __future__ import annotations

import pytest

from plyground.core import ParseError
from plyground.games import load_game
from plyground.games.morris import MorrisState

GAME = load_game("morris(repetition=true)")
PLAIN = load_game("morris")
START = "W.B/.WB/W.B/BW..WB/WB./.BW/B.W W 0 0 40"
SHUFFLE = ("a7-d7", "e5-d5", "d7-a7", "d5-e5")


def play(state: MorrisState, moves: tuple[str, ...]) -> MorrisState:
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def _past_the_end() -> str:
    """A text whose history goes on after a third occurrence (the game was over)."""
    moves = SHUFFLE * 2 + SHUFFLE[:1]
    state = PLAIN.parse_state(START)
    assert isinstance(state, MorrisState)
    return f"{play(state, moves).text()} {','.join(moves)}"


PAST_THE_END = _past_the_end()


def parse(text: str) -> MorrisState:
    state = GAME.parse_state(text)
    assert isinstance(state, MorrisState)
    return state


def test_a_third_occurrence_draws() -> None:
    state = play(parse(f"{START} -"), SHUFFLE)
    assert not state.is_terminal() and state.ending() is None
    state = play(state, SHUFFLE[:3])
    assert not state.is_terminal()
    state = play(state, SHUFFLE[3:])
    assert state.is_terminal() and state.winner() is None and state.returns() == (0.0, 0.0)
    assert state.ending() == "repetition"
    assert state.text() == f"{START.replace(' 40', ' 48')} {','.join(SHUFFLE * 2)}"


def test_the_web_board_names_the_repetition() -> None:
    from plyground.web.views import view_for

    view = view_for("morris")
    drawn = play(parse(f"{START} -"), SHUFFLE * 2)
    assert view.headline(drawn) == "Draw: the same position a third time"
    capped = parse("W.B/.WB/W.B/BW..WB/WB./.BW/B.W W 0 0 200 -")
    headline = view.headline(capped)
    assert capped.ending() == "cap" and headline is not None
    assert headline.startswith("Draw: 200 turns played")


def test_without_the_setting_positions_repeat_freely() -> None:
    state = PLAIN.parse_state(START)
    assert isinstance(state, MorrisState)
    state = play(state, SHUFFLE * 3)
    assert not state.is_terminal() and state.text() == START.replace(" 40", " 52")
    assert state.repetition_keys() == ()


def test_the_text_carries_the_moves_since_the_last_placement_or_take() -> None:
    start = GAME.initial_state()
    assert start.text() == ".../.../.../....../.../.../... W 9 9 0 -"
    assert GAME.parse_state(start.text()) == start
    state = play(parse(f"{START} -"), SHUFFLE + SHUFFLE[:3])
    again = parse(state.text())
    assert again == state and again.history == state.history and again.since == state.since
    assert play(again, SHUFFLE[3:]).ending() == "repetition"
    final = play(state, SHUFFLE[3:])
    assert parse(final.text()) == final and parse(final.text()).is_terminal()
    # Both histories lead to the same men, but only one is a step from a draw.
    assert parse(f"{START} -") != play(parse(f"{START} -"), SHUFFLE)


def test_a_take_starts_the_count_afresh() -> None:
    state = parse("WW./.../B../....BW/.../BW./... W 0 0 60 -")
    state = play(state, ("g4-g7xc5",))
    assert state.since == () and state.history == ()
    assert state.text().endswith(" 61 -")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (START, "must have 6 fields"),
        (f"{START} a4", "is not a move from a point to a point"),
        (f"{START} a4-a1xb2", "is not a move from a point to a point"),
        (f"{START} e5-d5", "Black has no man on d5"),
        (f"{START} d7-a7", "no man on a7 to have moved there from an empty d7"),
        (".../.../.../....../.../.../... W 9 9 0 a4-a1", "cannot have been played"),
        (f"{START.replace(' 40', ' 20')} " + ",".join(SHUFFLE), "cannot have been played"),
        (f"{START} b6-g7", "is not a line of play: b6-g7 does not follow a line"),
        (PAST_THE_END, "is not a line of play: the game is over"),
    ],
)
def test_bad_histories_are_named(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        GAME.parse_state(text)


def test_the_plain_game_keeps_five_fields() -> None:
    with pytest.raises(ParseError, match="must have 5 fields"):
        PLAIN.parse_state(f"{START} -")
