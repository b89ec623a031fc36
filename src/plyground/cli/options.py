"""Options shared by the commands that play games (``play``, ``match``).

One place turns ``--game/--size/--rounds/--first`` into a game, and the
engine options into keyword arguments for :func:`plyground.arena.make_player`,
so every command reads them the same way.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from plyground.arena.record import GameRecord
from plyground.core.errors import SettingsError
from plyground.core.game import Game
from plyground.core.settings import format_spec, parse_spec
from plyground.games import load_game

__all__ = [
    "PLAYER_HELP",
    "add_engine_options",
    "add_game_options",
    "add_rule_options",
    "engine_options",
    "game_from_args",
    "positive_float",
    "positive_int",
    "write_records",
]

PLAYER_HELP = """\
players:
  human                 a person at this terminal
  NAME[:key=value,...]  a registered bot with settings, e.g. alphabeta:time=2,depth=6
                        (list them with 'plyground bots --settings')
  engine:COMMAND        any program speaking the engine protocol (PROTOCOL.md), e.g.
                        engine:"./mybot --fast" or engine:"plyground engine greedy"
"""


def positive_float(text: str) -> float:
    """argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """argparse type: a whole number above zero."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game``, ``--size``, ``--rounds``, ``--first``."""
    group = parser.add_argument_group("game")
    group.add_argument(
        "--game",
        default="adjacency",
        metavar="SPEC",
        help="the game, with settings if you like: 'adjacency(size=6)' (default: %(default)s)",
    )
    group.add_argument("--size", type=int, help="board side (adjacency: 4 to 8; default 8)")
    group.add_argument(
        "--rounds", type=int, help="rounds to play (adjacency: 1 to (cells-8)/2; default 8)"
    )
    group.add_argument("--first", help="who moves first (adjacency: X or O; default X)")


def add_rule_options(parser: argparse.ArgumentParser, time_default: float) -> None:
    """``--time``, ``--grace``, ``--policy``, ``--seed``."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--time",
        type=positive_float,
        default=time_default,
        metavar="SECONDS",
        help="thinking time per move for bots and engines (default: %(default)g)",
    )
    group.add_argument(
        "--grace",
        type=float,
        default=0.25,
        metavar="SECONDS",
        help="extra time before a late answer counts as a timeout (default: %(default)g)",
    )
    group.add_argument(
        "--policy",
        choices=("random-move", "forfeit"),
        default="random-move",
        help="what a rule break (timeout, illegal or garbage answer, crash) costs: "
        "a random move is played instead, or the game is lost (default: %(default)s)",
    )
    group.add_argument(
        "--seed",
        type=int,
        help="seed for openings, penalty moves and the bots' own randomness "
        "(a bot spec's own seed= wins)",
    )


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """``--startup``, ``--memory``, ``--engine-log``."""
    group = parser.add_argument_group("engines (players given as engine:COMMAND, or --isolate)")
    group.add_argument(
        "--startup",
        type=positive_float,
        default=60.0,
        metavar="SECONDS",
        help="time an engine may take to answer 'hello' (default: %(default)g)",
    )
    group.add_argument(
        "--memory",
        type=positive_int,
        metavar="MB",
        help="cap each engine's address space (Linux; none by default)",
    )
    group.add_argument(
        "--engine-log",
        action="store_true",
        help="show what engines write on stderr",
    )


def engine_options(args: argparse.Namespace, echo: Any = None) -> dict[str, Any]:
    """Keyword arguments for ``make_player`` from the engine options."""
    log = None
    if getattr(args, "engine_log", False) and echo is not None:

        def log(line: str) -> None:
            echo(f"[engine] {line}")

    return {"startup": args.startup, "memory_mb": args.memory, "log": log}


def game_from_args(args: argparse.Namespace) -> Game:
    """The game named by ``--game`` with ``--size/--rounds/--first`` merged in."""
    name, settings = parse_spec(args.game)
    for key in ("size", "rounds", "first"):
        value = getattr(args, key, None)
        if value is not None:
            if key in settings:
                raise SettingsError(f"--{key} given twice: in --game {args.game!r} and as --{key}")
            settings[key] = str(value)
    return load_game(format_spec(name, settings))


def write_records(path: str, records: Iterable[GameRecord]) -> int:
    """Write records as JSON Lines (one game per line); returns how many."""
    count = 0
    with Path(path).open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")
            count += 1
    return count
