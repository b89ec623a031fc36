"""Declared settings and the name(key=value) spec."""

from __future__ import annotations

import pytest

from plyground.core import ParseError, Setting, SettingsError, format_spec, parse_spec
from plyground.core.settings import resolve_settings

DECLARED = (
    Setting("size", int, 8, "board side", minimum=4, maximum=8),
    Setting("time", float, 5.0, "seconds", minimum=0.001),
    Setting("first", str, "X", "who starts", choices=("X", "O")),
    Setting("fast", bool, False, "a flag"),
    Setting("weights", str, None, "optional file"),
)


def test_defaults_and_conversion_from_strings() -> None:
    got = resolve_settings(DECLARED, {"size": "6", "time": "0.5", "fast": "yes"}, "thing")
    assert got == {"size": 6, "time": 0.5, "first": "X", "fast": True, "weights": None}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"size": "9"}, "'size' must be at most 8"),
        ({"size": "3"}, "'size' must be at least 4"),
        ({"size": "six"}, "'size' must be a whole number, got 'six'"),
        ({"size": 6.5}, "'size' must be a whole number, got 6.5"),
        ({"time": "nan"}, "'time' must be a number, got 'nan'"),
        ({"first": "Z"}, "'first' must be one of X, O; got 'Z'"),
        ({"fast": "maybe"}, "'fast' must be true or false, got 'maybe'"),
        ({"colour": "red"}, "unknown setting 'colour' (known: size, time, first, fast, weights)"),
    ],
)
def test_bad_settings_name_the_problem(given: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        resolve_settings(DECLARED, given, "thing")
    assert message in str(caught.value)
    assert str(caught.value).startswith("thing: ")


def test_spec_forms() -> None:
    assert parse_spec("adjacency") == ("adjacency", {})
    assert parse_spec(" adjacency( size=6 , rounds=10 ) ") == (
        "adjacency",
        {"size": "6", "rounds": "10"},
    )
    assert parse_spec("alphabeta:time=0.5,depth=4") == (
        "alphabeta",
        {"time": "0.5", "depth": "4"},
    )
    assert format_spec("adjacency", {"size": 6, "rounds": 10, "x": None}) == (
        "adjacency(size=6,rounds=10)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty name"),
        ("adjacency(size=6", "unbalanced parentheses"),
        ("adj acency", "bad name"),
        ("adjacency(size)", "bad setting 'size'"),
        ("adjacency(size=6,size=7)", "given twice"),
    ],
)
def test_bad_specs(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        parse_spec(text)
