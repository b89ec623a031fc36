"""The engine protocol's line format and the ``plyground engine`` server, in process."""

from __future__ import annotations

import io

from plyground import make_bot
from plyground.arena.protocol import format_hello, format_info, parse_hello, parse_info
from plyground.cli.engine import EngineServer
from plyground.core import SearchInfo


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
