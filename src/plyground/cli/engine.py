"""``plyground engine BOT``: serve a registered bot over the engine protocol.

The bot answers on stdin and stdout through
:class:`~plyground.cli.engine_server.EngineServer` (docs/protocol.md). What
the bot itself prints (a ``print`` left in a bot's file while debugging it)
goes to stderr: the protocol has standard output to itself.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from plyground.cli.groups import command
from plyground.core.settings import parse_spec

__all__ = ["register"]


@command(
    "engine",
    help="serve a bot over the engine protocol (stdin/stdout)",
    description="""\
Serve a registered bot over the engine protocol (docs/protocol.md) on stdin and
stdout, so other programs (and plyground's own referee) can play against it.
Logs go to stderr only. A session looks like this ('>' you, '<' the engine):

  > hello 1
  < hello 1 name=greedy version=1 spec=greedy(time=5.0)
  > newgame adjacency(size=8,rounds=8)
  > position 6OO/6OO/8/8/8/8/XX6/XX6 X 16
  > go 5000
  < info depth=1 score=1 nodes=56 time=2 pv=c1
  < bestmove c1
  > quit

A position it cannot read is explained on stderr and answered 'bestmove none'.""",
    epilog="""\
examples:
  plyground engine greedy
  plyground engine alphabeta:time=2
  plyground engine alphabeta depth=6 time=1
  plyground match greedy 'engine:plyground engine alphabeta' --games 4""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``engine``."""
    parser.add_argument("bot", metavar="BOT", help="bot spec, e.g. 'alphabeta:time=2'")
    parser.add_argument(
        "settings", nargs="*", metavar="KEY=VALUE", help="more bot settings, e.g. depth=6"
    )
    parser.add_argument(
        "--game",
        default="adjacency",
        help="the game until the first 'newgame' (default: %(default)s)",
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from plyground.bots import make_bot
    from plyground.cli.engine_server import EngineServer
    from plyground.games import load_game

    protocol = _protocol_channel()  # before the bot's file is imported: it may print too
    extra = ",".join(args.settings)
    spec = args.bot
    if extra:
        name, given = parse_spec(spec)
        extra_given = parse_spec(f"{name}:{extra}")[1]
        spec = f"{name}:" + ",".join(f"{k}={v}" for k, v in {**given, **extra_given}.items())
    bot = make_bot(spec)
    load_game(args.game)  # a bad --game is a usage error, reported before serving
    return EngineServer(bot, args.game, stdout=protocol).serve()


def _protocol_channel() -> TextIO:
    """Standard output kept for the protocol's lines alone. Everything else written to it
    from now on, by ``print`` or by compiled code writing to descriptor 1, goes to standard
    error, where a referee keeps it apart: one stray line on stdout would be taken for the
    engine's answer, a rule break."""
    sys.stdout.flush()
    channel = open(os.dup(1), "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - kept open
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel
