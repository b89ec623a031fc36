"""Does a bot keep its clock? Every move's wall and processor time against its limit.

The bot plays whole games against a copy of itself (or alone, for 2048), and
each move is timed from the outside as the arena times it. Printed: p50, p99
and the largest of each as a share of the limit, how many moves went past
it, whether the referee would have called any a timeout (the limit plus its
grace), why the searches stopped, and the slowest moves. Processor time past
the limit is the bot's own doing; wall time can also be a busy machine's.

  plyground bench clock --bot alphabeta:time=0.05 --moves 300
  plyground bench clock --bot ./mybot.py:MyBot:time=1 --moves 40
  plyground bench clock --bot 2048:time=0.05 --game 2048
  plyground bench clock --bot alphabeta:time=0.05 --moves 100 --cold
"""

from __future__ import annotations

import argparse

from plyground.cli.options import add_game_option, add_seed_option, positive_int

__all__ = ["configure"]


def configure(parser: argparse.ArgumentParser) -> None:
    """Options of ``plyground bench clock``."""
    parser.add_argument(
        "--bot", required=True, metavar="SPEC", help="the bot, with its time: 'greedy:time=0.1'"
    )
    add_game_option(parser, "the game (default: the bot's own, or adjacency)", None)
    parser.add_argument(
        "--moves", type=positive_int, default=200, help="moves to time (default %(default)s)"
    )
    add_seed_option(parser, 1, "seed of chance outcomes (default 1)")
    parser.add_argument(
        "--worst", type=int, default=5, help="how many of the slowest moves to list (default 5)"
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help="leave Python's garbage collector on during moves (the arena pauses it)",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="no new_game, as a script calling choose at once: the first moves run while the "
        "bot's compiled search loads (time this in a new process)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Time the moves and print the report."""
    from plyground.arena.play.clock_check import check_clock
    from plyground.arena.play.referee import Referee
    from plyground.bots import make_bot
    from plyground.core.settings import resolve_settings
    from plyground.games import load_game

    bot = make_bot(args.bot)
    name = args.game or (bot.GAMES[0] if bot.GAMES else "adjacency")
    game = load_game(name)
    result = check_clock(
        args.bot, game, args.moves, args.seed, paused=not args.bare, cold=args.cold
    )
    grace = resolve_settings(Referee.SETTINGS, {}, "referee")["grace"]  # the referee's default
    for line in result.report(grace, max(0, args.worst)):
        print(line)
    return 0
