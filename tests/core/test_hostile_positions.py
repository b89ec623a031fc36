"""Hostile position texts: every game's parser answers ParseError and nothing else, and
``plyground engine`` (a real process) explains a bad position and keeps serving."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_support import RunCli
from plyground.core.errors import ParseError
from plyground.core.game import Game
from plyground.games import game_names, load_game

HUGE = ["9" * 5000, str(2**63), str(2**64 + 4), "1" + "0" * 4300, "0" * 5000 + "1"]
"""Numbers past Python's int digit limit (4300) and past a 64-bit integer."""


def _positions(game: Game, count: int = 6) -> list[str]:
    """Texts of positions a random playout passes through (from the start)."""
    rng = random.Random(0)
    state = game.initial_state()
    texts = [state.text()]
    while len(texts) < count and not state.is_terminal():
        outcomes = state.chance_outcomes() if state.is_chance() else None
        if outcomes:
            state = state.play(rng.choice([outcome for outcome, _ in outcomes]))
        else:
            state = state.play(rng.choice(list(state.legal_moves())))
        texts.append(state.text())
    return texts


GAMES = {name: load_game(name) for name in game_names()}
POSITIONS = {name: _positions(game) for name, game in GAMES.items()}

field = st.one_of(
    st.sampled_from(HUGE),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.text(alphabet="0123456789-+,:/. XOWB", max_size=12),
    st.text(max_size=8),
)


def _numbers(text: str) -> list[tuple[int, int]]:
    """Spans of the runs of digits in ``text``."""
    spans, start = [], None
    for index, char in enumerate(text + " "):
        if char.isdigit() and start is None:
            start = index
        elif not char.isdigit() and start is not None:
            spans.append((start, index))
            start = None
    return spans


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), data=st.data())
def test_any_text_is_a_position_or_a_parse_error(name: str, data: st.DataObject) -> None:
    """A real position with one number (or a whole field) replaced, or any text at all."""
    text = data.draw(st.sampled_from(POSITIONS[name]))
    how = data.draw(st.sampled_from(["number", "field", "anything"]))
    if how == "number" and _numbers(text):
        start, end = data.draw(st.sampled_from(_numbers(text)))
        text = text[:start] + data.draw(field) + text[end:]
    elif how == "field":
        fields = text.split(" ")
        fields[data.draw(st.integers(0, len(fields) - 1))] = data.draw(field)
        text = " ".join(fields)
    else:
        text = data.draw(st.text(max_size=40) | field)
    try:
        state = GAMES[name].parse_state(text)
    except ParseError as error:
        assert len(str(error)) < 1000  # long inputs are quoted cut short
        return
    assert GAMES[name].parse_state(state.text()) == state


@pytest.mark.parametrize(
    ("game", "bad", "good"),
    [
        (
            "adjacency(size=4,rounds=2)",
            "2OO/2OO/XX2/XX2 X " + "9" * 5000,
            "2OO/2OO/XX2/XX2 X 4",
        ),
        ("adjacency(size=4,rounds=2)", "2OO/2OO/XX2/XX2 X " + str(2**63), "2OO/2OO/XX2/XX2 O 3"),
        ("morris", ".../.../.../....../.../.../... W 9 9 " + "9" * 5000, None),
        ("tictactoe", "3/3/" + "9" * 5000 + " X", None),
    ],
)
def test_the_engine_explains_a_huge_number_and_keeps_serving(
    run_cli: RunCli, game: str, bad: str, good: str | None
) -> None:
    good = good or load_game(game).initial_state().text()
    session = f"hello 1\nnewgame {game}\nposition {bad}\ngo 100\nposition {good}\ngo 200\nquit\n"
    result = run_cli(["engine", "random"], input=session, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    lines = [line for line in result.stdout.splitlines() if not line.startswith("info")]
    assert lines[1] == "bestmove none"  # the bad position
    assert lines[2].startswith("bestmove ") and lines[2] != "bestmove none"
    assert "random: bad position" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr) < 2000  # the 5000 digits are not echoed back
