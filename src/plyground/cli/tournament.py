"""``plyground tournament``: round-robins, gauntlets and SPRTs, stored as they are played.

This module is the command's parser (and the options every stored run shares);
:mod:`plyground.cli.tournament_run` plays the tournament.
"""

from __future__ import annotations

import argparse

from plyground.arena.play.run_options import DEFAULT_MEMORY_MB
from plyground.cli.groups import command
from plyground.cli.options import (
    PLAYER_HELP,
    add_backend_options,
    add_game_option,
    add_page_options,
    add_run_options,
    add_schedule_options,
    add_seed_option,
    add_sprt_options,
    add_stored_run_options,
    count,
)

__all__ = ["add_tournament_run_options", "register"]


def add_tournament_run_options(
    parser: argparse.ArgumentParser,
    time_default: float | None,
    what: str,
    time_help: str = "%(default)g",
) -> None:
    """What a command that plays a stored run takes (``tournament``, ``tune``,
    ``report --experiment``): how games are played, the seed, where they run,
    and the record database; with ``what`` (``tournament``, ``run``), also
    ``--name`` and ``--resume``."""
    if what:
        add_stored_run_options(parser, what)
    add_seed_option(
        add_run_options(
            parser,
            time_default=time_default,
            memory_default=DEFAULT_MEMORY_MB,
            time_help=time_help,
        ),
        1,
        "seed of the openings, the penalty moves and the bots' randomness: the same "
        "seed plays the same schedule (default: %(default)s)",
    )
    add_backend_options(parser)


@command(
    "tournament",
    help="a round-robin, gauntlet or SPRT between bots and engines, stored as it goes",
    description=f"""\
Play every player against every other (or, with --gauntlet, the first
against the rest) at one or more round counts. Each meeting is --pairs
pairs of games from one opening (--openings random plies) with the colours
swapped. The schedule and the openings depend only on the settings and
--seed. Every game is stored in the database as soon as it ends; a
tournament stopped in any way continues with --resume, playing exactly the
games that are missing. With --sprt ELO0,ELO1, two players play pairs until
the test decides whether the first is at least ELO1 stronger.

{PLAYER_HELP}
  NAME=SPEC             the same, named NAME in tables and records (a=alphabeta:depth=4)""",
    epilog="""\
examples:
  plyground tournament alphabeta greedy random --rounds 8,10,28 --time 0.2 --pairs 2
  plyground tournament alphabeta:time=1 greedy 'engine:./mybot' --gauntlet --openings 4
  plyground tournament --resume
  plyground tournament --engines class/ greedy alphabeta:time=1
  plyground tournament new=alphabeta:depth=5 old=alphabeta:depth=4 --sprt 0,20 --pairs 500
  plyground tournament alphabeta greedy --backend ray --address 10.0.0.5:6379 --concurrency 64""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``tournament``."""
    parser.add_argument("players", nargs="*", metavar="PLAYER", help="[NAME=]SPEC of each player")
    add_game_option(
        parser, "the game with its settings, e.g. 'adjacency(size=6)' (default: %(default)s)"
    )
    add_schedule_options(
        parser,
        rounds_help="round counts to play, e.g. 8,10,28 (default: the game's own)",
        pairs_help="colour-swapped pairs of games per pairing and round count; with --sprt, "
        "the most pairs to play (default: %(default)s)",
    )
    parser.add_argument(
        "--gauntlet", action="store_true", help="the first player against each of the others"
    )
    parser.add_argument(
        "--openings",
        type=count,
        default=None,
        metavar="K",
        help="random plies that start each pair (0: the start position) "
        "(default: 2; 0 with --engines or --book)",
    )
    parser.add_argument(
        "--book",
        metavar="FILE",
        help="start positions, one a line as the game writes them ('#' starts a comment): "
        "pair k starts from the k-th, in order, cycled; no random plies",
    )
    parser.add_argument(
        "--engines",
        metavar="DIR",
        help="a class tournament: every engine in DIR (a subfolder each, with an engine.toml; "
        "docs/classroom.md) is built, checked and entered, with the PLAYERs given as "
        "reference; at the course's settings (5 s a move, start position, paired colours), "
        "each player in its own process; the report goes to DIR/report.html",
    )
    add_page_options(parser, "write the HTML report (tables and plots) here at the end")
    add_sprt_options(parser, "an SPRT between two players: H0 elo=ELO0 against H1 elo=ELO1")
    add_tournament_run_options(
        parser, time_default=None, what="tournament", time_help="1; 5 with --engines"
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from plyground.cli.tournament_run import run

    return run(args)
