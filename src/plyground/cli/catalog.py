"""``plyground bots`` and ``plyground games``: what can be played, and by whom."""

from __future__ import annotations

import argparse

from plyground.cli.groups import command

__all__ = ["register_bots", "register_games"]

OWN_BOTS = (
    "Your own bot: a Bot subclass in a file or module, named as ./mybot.py:MyBot "
    "(docs/your-first-bot.md). A learned policy becomes a bot the same way: subclass "
    "plyground.rl.policy_bot.PolicyBot and answer act(observation, mask) from the policy; "
    "its choose() asks it (docs/rl.md). OpenSpiel's MCTS plays as "
    "plyground.rl.spiel_bot:SpielMCTSBot (pip install 'plyground[rl]')."
)
LEARNING = (
    "For reinforcement learning (pip install 'plyground[rl]', docs/rl.md): "
    "plyground.rl.aec_env(SPEC) is a two-player game as a PettingZoo environment, "
    "plyground.rl.gym_env(SPEC) any game from one seat as a Gymnasium one (a two-player "
    "game against an opponent bot), gymnasium.make_vec('plyground/2048-v0', num_envs=N) "
    "N games as one array, and "
    "'import plyground.rl.openspiel' registers the games with OpenSpiel as plyground_NAME. "
    "A policy learned there plays here as a bot: see 'plyground bots'."
)


@command(
    "bots",
    help="list the bots with their settings",
    description="List every registered bot, what it does, and its settings "
    "(give them as NAME:key=value,... or NAME(key=value,...)).",
)
def register_bots(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--settings", action="store_true", help="also list each bot's settings")
    parser.set_defaults(handler=_list_bots)


@command(
    "games",
    help="list the games with their settings",
    description="List every registered game, its settings "
    "(load one as NAME(key=value,...), e.g. 'adjacency(size=6,rounds=10)'), "
    "its strongest bot (what 'plyground play' and the web app offer first) "
    "and whether it has hints.",
)
def register_games(parser: argparse.ArgumentParser) -> None:
    parser.set_defaults(handler=_list_games)


def _list_bots(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from plyground.bots import bot_class, bot_names

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
    console = Console()
    console.print(table)
    console.print(OWN_BOTS, markup=False, highlight=False)
    return 0


def _list_games(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from plyground.games import game_class, game_names

    table = Table(title="games", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("what it is")
    table.add_column("settings")
    table.add_column("strongest bot")
    table.add_column("hints")
    for name in game_names():
        cls = game_class(name)
        settings = "\n".join(s.describe() for s in cls.SETTINGS)
        hints = "yes" if cls.PROFILE.hint is not None else "no"
        table.add_row(name, cls.DESCRIPTION, settings, cls.PROFILE.strongest_bot, hints)
    console = Console()
    console.print(table)
    console.print(LEARNING, markup=False, highlight=False)
    return 0
