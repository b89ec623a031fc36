"""``plyground play``: a game in the terminal, people and bots in any seats.

The front end knows no game (:mod:`plyground.cli.terminal_view` draws it and
asks people for their moves); a one-player game with chance (2048) is played
by :mod:`plyground.cli.play2048`.
"""

from __future__ import annotations

import argparse

from plyground.arena.players.player import HUMAN
from plyground.cli.groups import command
from plyground.cli.options import (
    PLAYER_HELP,
    SEED_HELP,
    add_game_options,
    add_run_options,
    add_seed_option,
    game_from_args,
    run_options,
    start_players,
    write_records,
)
from plyground.cli.outputs import check_output
from plyground.core.errors import SettingsError
from plyground.core.limits import MOVE_SECONDS

__all__ = ["register"]


@command(
    "play",
    help="play a game in the terminal (you against a bot, by default)",
    description=f"""\
Play a game in the terminal. By default you are X and the strongest bot
(alphabeta, 5 s a move) is O. Either seat can be a person, a bot or an
engine, so you can also watch two bots, or play a friend on one keyboard.

Type a move as a cell (d5). Commands: 'undo' takes back your last move,
'hint' gives the best moves of your position and how they are known (in
the games 'plyground games' lists with a hint; the adjacency game: the
opening book, an exact solve, or the engine's estimate, as docs/analysis.md
says), 'moves' lists the legal moves, 'quit' stops. A bad or occupied cell
is explained and you are asked again.

{PLAYER_HELP}""",
    epilog="""\
examples:
  plyground play                                  you (X) vs alphabeta, 8x8, 8 rounds
  plyground play 2048                             2048 by arrow keys; --x 2048 watches the bot
  plyground play --o greedy --size 6 --rounds 10
  plyground play --x alphabeta:time=1 --o human --first O
  plyground play --x greedy --o alphabeta:time=0.5      watch two bots
  plyground play --o "engine:plyground engine alphabeta" --time 2
  plyground play --position '6OO/6OO/8/8/3X4/8/XX6/XX6 O 15'""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    parser.add_argument(
        "game_spec",
        nargs="?",
        metavar="GAME",
        help="the game to play, with settings if you like (default adjacency; "
        "same as --game): a name 'plyground games' lists, or e.g. 'adjacency(size=6)'",
    )
    parser.add_argument("--x", default=HUMAN, metavar="PLAYER", help="first seat (default: human)")
    parser.add_argument(
        "--o",
        metavar="PLAYER",
        help="second seat (default: the game's strongest bot, which 'plyground games' lists)",
    )
    parser.add_argument("--position", metavar="TEXT", help="start from this position text instead")
    parser.add_argument("--json", metavar="FILE", help="write the game record (JSON Lines)")
    add_game_options(parser)
    add_seed_option(
        add_run_options(parser, time_default=MOVE_SECONDS, isolate=False), None, SEED_HELP
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from plyground.bots import strongest_bot
    from plyground.cli.terminal_view import TerminalView

    if args.game_spec is not None:
        if args.game != "adjacency":
            raise SettingsError(
                f"the game is given twice: {args.game_spec!r} and --game {args.game!r}"
            )
        args.game = args.game_spec
    check_output(args.json, "--json")
    game = game_from_args(args)
    if args.o is None:
        args.o = strongest_bot(game.name)
    if game.capabilities.players == 1 and game.capabilities.chance:
        from plyground.cli.play2048 import play_from_play_args

        return play_from_play_args(game, args)
    if game.capabilities.players == 1:
        raise SettingsError(
            f"{game.spec!r} is a puzzle, not a game to play: solve it with "
            f"'plyground solve {game.name} N'"
        )
    if game.capabilities.players != 2 or game.capabilities.chance:
        raise SettingsError(f"play needs a two-player game without chance; {game.spec!r} is not")
    start = game.parse_state(args.position) if args.position else None
    console = Console(highlight=False, markup=False)
    view = TerminalView(console, game)
    options = run_options(args)
    players = start_players((args.x, args.o), options, args.seed, console.print, ask=view.ask)
    try:
        record = options.referee(game, view, seed=args.seed).play(players, start)
    finally:
        for player in players:
            player.close()
    if args.json:
        write_records(args.json, [record])
        console.print(f"Record written to {args.json}.")
    return 0
