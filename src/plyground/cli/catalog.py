"""``plyground bots`` and ``plyground games``: what can be played, and by whom."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from plyground.bots import bot_class, bot_names
from plyground.games import game_class, game_names

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``bots`` and ``games`` subcommands."""
    bots = subparsers.add_parser(
        "bots",
        help="list the bots with their settings",
        description="List every registered bot, what it does, and its settings "
        "(give them as NAME:key=value,... or NAME(key=value,...)).",
    )
    bots.add_argument("--settings", action="store_true", help="also list each bot's settings")
    bots.set_defaults(handler=_list_bots)
    games = subparsers.add_parser(
        "games",
        help="list the games with their settings",
        description="List every registered game and its settings "
        "(load one as NAME(key=value,...), e.g. 'adjacency(size=6,rounds=10)').",
    )
    games.set_defaults(handler=_list_games)


def _list_bots(args: argparse.Namespace) -> int:
    table = Table(title="bots", show_lines=args.settings)
    table.add_column("name", style="bold")
    table.add_column("what it does")
    if args.settings:
        table.add_column("settings")
    for name in bot_names():
        cls = bot_class(name)
        row = [name, cls.DESCRIPTION]
        if args.settings:
            row.append("\n".join(s.describe() for s in cls.SETTINGS))
        table.add_row(*row)
    Console().print(table)
    return 0


def _list_games(args: argparse.Namespace) -> int:
    table = Table(title="games", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("what it is")
    table.add_column("settings")
    for name in game_names():
        cls = game_class(name)
        table.add_row(name, cls.DESCRIPTION, "\n".join(s.describe() for s in cls.SETTINGS))
    Console().print(table)
    return 0
