"""The engine protocol's line format and the ``plyground engine`` server, in process."""

from __future__ import annotations

import io

import pytest

from plyground import make_bot
from plyground.arena.players.protocol import format_hello, format_info, parse_hello, parse_info
from plyground.bots import Bot, Decision
from plyground.bots.base import InfoCallback
from plyground.cli.engine_server import EngineServer
from plyground.core import SearchInfo
from plyground.core.game import Game, State
from plyground.core.limits import Limit


def converse(lines: list[str], bot: str = "greedy:seed=1") -> tuple[list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    server = EngineServer(
        make_bot(bot), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, stderr=err
    )
    assert server.serve() == 0
    return out.getvalue().splitlines(), err.getvalue()


def test_info_lines_round_trip() -> None:
    info = SearchInfo(depth=7, score=3, nodes=184220, pv=("d5", "e5"), elapsed=0.8125)
    line = format_info(info)
    assert line == "info depth=7 score=3 nodes=184220 time=812 pv=d5,e5"
    back = parse_info(line)
    assert (back.depth, back.score, back.nodes, back.pv) == (7, 3.0, 184220, ("d5", "e5"))
    assert back.elapsed == 0.812


def test_unknown_or_bad_info_fields_never_fail() -> None:
    info = parse_info("info depth=abc score=nan hashfull=12 lonely pv=")
    assert info.depth == 0 and info.score is None and info.pv == ()
    assert info.extra == {"depth": "abc", "score": "nan", "hashfull": "12", "lonely": ""}


def test_hello() -> None:
    assert format_hello({"name": "my bot", "version": 2}) == "hello 1 name=mybot version=2"
    hello = parse_hello("hello 1 name=x version=3")
    assert hello is not None and hello.name == "x" and hello.fields["version"] == "3"
    assert parse_hello("hi there") is None


def test_a_session() -> None:
    out, err = converse(
        [
            "hello 1",
            "frobnicate now",
            "newgame adjacency(size=4,rounds=2)",
            "position 2OO/2OO/XX2/XX2 X 4",
            "go 500",
            "quit",
            "go 500",
        ]
    )
    assert out[0].startswith("hello 1 name=greedy version=1 spec=greedy(")
    assert out[1].startswith("info depth=1")
    assert out[2].startswith("bestmove ") and out[2].split()[1] in {
        "c2",
        "d2",
        "b3",
        "b4",
    }  # flip one
    assert len(out) == 3  # nothing after quit; the unknown command was ignored
    assert err == ""


def test_bad_input_is_explained_on_stderr_and_answered_none() -> None:
    out, err = converse(
        [
            "go 100",
            "position 2OO/2OO/XX2 X 4",
            "go 100",
            "newgame adjacency(size=9)",
            "position 2OO/2OO/XX2/XX2 X 4",
            "go 100",
            "newgame adjacency(size=4)",
            "position 2OO/2OO/XXXX/XXXX X 0",
            "go 100",
        ]
    )
    assert out == ["bestmove none"] * 4
    assert "no position yet" in err
    assert "bad position '2OO/2OO/XX2 X 4'" in err and "3 rows" in err
    assert "cannot play game 'adjacency(size=9)'" in err
    assert "the game is over" in err


def test_positions_after_a_failed_newgame_give_messages_of_one_size() -> None:
    # Each message once quoted the one before, so n positions wrote O(n^2) characters.
    out, err = converse(["newgame nosuch"] + ["position 2OO/2OO/XX2/XX2 X 4", "go 100"] * 50)
    assert out == ["bestmove none"] * 50
    lines = err.splitlines()
    assert len(lines) == 101
    assert len(set(lines[1:])) == 2  # every position, and every move, says the same
    assert all(line.count("cannot play game 'nosuch'") == 1 for line in lines)


class _NeverAsked(Bot):
    """A user's bot that is never asked for a move: there is no game."""

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        raise AssertionError("never asked: there is no game")


class _BrokenBot(_NeverAsked):
    """A user's bot with a bug where it is told about a new game."""

    NAME = "broken"

    def new_game(self, game: Game) -> None:
        raise ZeroDivisionError("no new games")


class _PickyBot(_NeverAsked):
    """A user's bot whose ``supports`` has a bug."""

    NAME = "picky"

    def supports(self, game: Game) -> bool:
        raise KeyError("no such key")


@pytest.mark.parametrize(
    ("bot", "failure"),
    [
        (_BrokenBot, "the bot's new_game raised ZeroDivisionError: no new games"),
        (_PickyBot, "the bot's check of the game raised KeyError: 'no such key'"),
    ],
)
def test_a_bot_failing_on_newgame_is_reported_and_the_server_carries_on(
    bot: type[Bot], failure: str
) -> None:
    out, err = io.StringIO(), io.StringIO()
    session = "hello 1\nnewgame adjacency(size=4,rounds=2)\ngo 100\nhello 1\n"
    server = EngineServer(bot(), stdin=io.StringIO(session), stdout=out, stderr=err)
    assert server.serve() == 0
    lines = out.getvalue().splitlines()
    # the move is answered with the failure in crash lines (its frames too), then no move
    assert lines[1].startswith(f"crash {failure} (test_protocol_server.py, line ")
    assert lines[2].startswith("crash   File ")
    bestmove = lines.index("bestmove none")
    assert all(line.startswith("crash ") for line in lines[1:bestmove])
    assert lines[bestmove + 1].startswith("hello 1 name=")
    assert f"cannot play game 'adjacency(size=4,rounds=2)': {failure}" in err.getvalue()
