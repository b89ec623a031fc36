"""The engine protocol's line format (docs/protocol.md), shared by both sides.

The referee's :class:`~plyground.arena.players.engine_player.EnginePlayer` reads what an
engine writes with these functions, and the ``plyground engine`` server
writes with them, so the two can never disagree about a field.

Lines are ``word key=value key=value ...``. ``info`` lines carry a
:class:`~plyground.core.limits.SearchInfo`: ``depth``, ``score``, ``nodes``,
``pv`` (move texts joined by commas) and ``time`` (milliseconds); any other
key is kept as text in ``SearchInfo.extra``. A value that does not read as
its field's type is kept in ``extra`` too: an engine's info line never makes
the referee fail.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from plyground.core.limits import SearchInfo

__all__ = [
    "BESTMOVE",
    "CRASH",
    "GO",
    "HELLO",
    "INFO",
    "NEWGAME",
    "NO_MOVE",
    "POSITION",
    "PROTOCOL_VERSION",
    "QUIT",
    "Hello",
    "format_bestmove",
    "format_crash",
    "format_fields",
    "format_go",
    "format_hello",
    "format_info",
    "format_newgame",
    "format_position",
    "parse_fields",
    "parse_hello",
    "parse_info",
]

PROTOCOL_VERSION = 1
"""The protocol version this project speaks (``hello 1``)."""

HELLO = "hello"
NEWGAME = "newgame"
POSITION = "position"
GO = "go"
QUIT = "quit"
"""The referee's words (docs/protocol.md)."""
INFO = "info"
BESTMOVE = "bestmove"
CRASH = "crash"
"""The engine's words besides ``hello``. ``crash <text>`` lines, before ``bestmove
none``, say that the engine's own code failed on this move and how (the exception, its
file and line): the referee records a crash with that text instead of an illegal
``none``."""

NO_MOVE = "none"
"""What ``plyground engine`` answers (``bestmove none``) when it cannot move,
for example after a position it could not read; the reason goes to stderr."""


def format_newgame(spec: str) -> str:
    """``newgame <game spec>``: a new game starts."""
    return f"{NEWGAME} {spec}"


def format_position(text: str) -> str:
    """``position <position text>``: the position to move in."""
    return f"{POSITION} {text}"


def format_go(seconds: float) -> str:
    """``go <milliseconds>``: move within ``seconds`` (at least 1 ms)."""
    return f"{GO} {max(1, round(seconds * 1000))}"


def format_bestmove(move_text: str) -> str:
    """``bestmove <move text>`` (or :data:`NO_MOVE`): the engine's answer."""
    return f"{BESTMOVE} {move_text}"


def format_crash(detail: str) -> list[str]:
    """``crash <line>`` for each non-blank line of ``detail`` (the engine's failure, its
    first line the error and where), then ``bestmove none``: the answer of an engine whose
    own code failed on a ``go``. A driver that skips lines it does not know still gets
    its ``bestmove``."""
    lines = [f"{CRASH} {line.rstrip()}" for line in detail.splitlines() if line.strip()]
    return [*lines, format_bestmove(NO_MOVE)]


def parse_fields(tokens: list[str]) -> dict[str, str]:
    """``["depth=3", "pv=c1,d2"]`` -> ``{"depth": "3", "pv": "c1,d2"}``.

    Tokens without ``=`` are kept under their own name with an empty value,
    so nothing an engine writes is lost.
    """
    fields: dict[str, str] = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if key:
            fields[key] = value
    return fields


def format_fields(fields: Mapping[str, object]) -> str:
    """``{"name": "greedy", "version": 1}`` -> ``"name=greedy version=1"`` (spaces removed)."""
    return " ".join(f"{key}={_no_spaces(value)}" for key, value in fields.items())


def _no_spaces(value: object) -> str:
    return "".join(str(value).split())


@dataclass(frozen=True)
class Hello:
    """An engine's answer to ``hello``: its protocol version and fields (``name``, ...)."""

    version: int
    fields: Mapping[str, str]

    @property
    def name(self) -> str:
        """The engine's name (empty when it gave none)."""
        return self.fields.get("name", "")


def format_hello(fields: Mapping[str, object]) -> str:
    """The engine's ``hello`` line: ``hello 1 name=greedy version=1``."""
    rest = format_fields(fields)
    return f"{HELLO} {PROTOCOL_VERSION} {rest}".rstrip()


def parse_hello(line: str) -> Hello | None:
    """Read an engine's ``hello`` line; None when the line is not one."""
    tokens = line.split()
    if len(tokens) < 2 or tokens[0] != HELLO or not tokens[1].isdigit():
        return None
    return Hello(int(tokens[1]), parse_fields(tokens[2:]))


def format_info(info: SearchInfo) -> str:
    """An ``info`` line for ``info``: ``info depth=7 score=3 nodes=184220 time=812 pv=d5,e5``."""
    fields: dict[str, object] = {"depth": info.depth}
    if info.score is not None:
        score = float(info.score)
        fields["score"] = int(score) if math.isfinite(score) and score.is_integer() else score
    fields["nodes"] = info.nodes
    fields["time"] = round(info.elapsed * 1000)
    if info.pv:
        fields["pv"] = ",".join(info.pv)
    for key, value in info.extra.items():
        if key not in fields and value is not None and str(value).strip():
            fields[key] = value
    return "info " + format_fields(fields)


def parse_info(line: str) -> SearchInfo:
    """Read an ``info`` line; unknown or unreadable fields go to ``extra`` as text."""
    tokens = line.split()
    fields = parse_fields(tokens[1:] if tokens and tokens[0] == INFO else tokens)
    extra: dict[str, object] = {}
    depth = nodes = 0
    score: float | None = None
    elapsed = 0.0
    pv: tuple[str, ...] = ()
    for key, value in fields.items():
        try:
            if key == "depth":
                depth = int(value)
            elif key == "nodes":
                nodes = int(value)
            elif key == "score":
                number = float(value)
                if math.isnan(number):
                    raise ValueError(value)
                score = number
            elif key == "time":
                seconds = float(value) / 1000.0
                if not math.isfinite(seconds) or seconds < 0:
                    raise ValueError(value)
                elapsed = seconds
            elif key == "pv":
                pv = tuple(move for move in value.split(",") if move)
            else:
                extra[key] = value
        except ValueError:
            extra[key] = value
    return SearchInfo(depth=depth, score=score, nodes=nodes, pv=pv, elapsed=elapsed, extra=extra)
