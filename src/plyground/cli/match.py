"""``plyground match A B --games N``: two players over paired games, with a summary."""

from __future__ import annotations

import argparse
import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from plyground.cli.groups import INTERRUPTED, command
from plyground.cli.options import (
    PLAYER_HELP,
    SEED_HELP,
    add_game_options,
    add_run_options,
    add_seed_option,
    count,
    game_from_args,
    positive_int,
    run_options,
    start_players,
    write_records,
)
from plyground.cli.outputs import check_output
from plyground.core.errors import SettingsError
from plyground.core.limits import MOVE_SECONDS

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from plyground.arena.play.run_options import RunOptions
    from plyground.arena.players.player import Player
    from plyground.arena.records.record import GameRecord
    from plyground.arena.tournaments.match import MatchResult, SideSummary
    from plyground.core.game import Game

__all__ = ["register", "summary_table"]


@command(
    "match",
    help="play two bots or engines against each other and summarise",
    description=f"""\
Play A against B over N games with paired colours: every opening is played
twice, A taking the first seat once and the second seat once. Openings are
the start position, or --openings K random plies from the --seed. Prints a
summary: wins, draws and losses, score, Elo difference with its 95%
interval, average margin, rule breaks by kind, average depth and time per
move.

{PLAYER_HELP}
  (--isolate runs each plain bot in its own process, as an engine.)""",
    epilog="""\
examples:
  plyground match alphabeta:time=0.2 greedy --games 20 --rounds 8 --seed 1
  plyground match annealing greedy --games 10 --time 0.5 --openings 4 --seed 2
  plyground match alphabeta 'engine:./mybot --level 3' --games 6 --policy forfeit
  plyground match alphabeta greedy --isolate --games 4 --json games.jsonl""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``match``."""
    parser.add_argument("a", metavar="A", help="side A: a bot spec or engine:COMMAND")
    parser.add_argument("b", metavar="B", help="side B: a bot spec or engine:COMMAND")
    parser.add_argument(
        "--games",
        type=positive_int,
        default=2,
        metavar="N",
        help="games to play; an even number gives complete pairs (default: %(default)s)",
    )
    parser.add_argument(
        "--openings",
        type=count,
        default=0,
        metavar="K",
        help="random plies before each pair's first move (default: %(default)s)",
    )
    parser.add_argument("--json", metavar="FILE", help="write every game record (JSON Lines)")
    parser.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="also say what each side is: its bot spec or engine command",
    )
    add_game_options(parser)
    add_seed_option(add_run_options(parser, time_default=MOVE_SECONDS), None, SEED_HELP)
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from plyground.arena.players.make import HUMAN, check_bots_play
    from plyground.cli.rule_break_notes import rule_break_notes

    check_output(args.json, "--json")  # before any game, not after all of them
    game = game_from_args(args)
    if HUMAN in (args.a.strip(), args.b.strip()):
        raise SettingsError("a match is between bots or engines; use 'plyground play'")
    check_bots_play((args.a, args.b), game)  # an isolated bot would break every move
    console = Console(highlight=False, markup=False)
    options = run_options(args)
    players = start_players((args.a, args.b), options, args.seed, console.print)
    finished: list[GameRecord] = []
    result: MatchResult | None = None
    try:
        # Ctrl-C keeps the games already played: a match stopped late loses only its last game
        with contextlib.suppress(KeyboardInterrupt):
            result = _play(
                args, options, game, (players[0], players[1]), console, keep=finished.append
            )
    finally:
        for player in players:
            player.close()
    written = None
    if args.json and finished:  # before anything is printed: a Ctrl-C then loses no record
        written = f"{write_records(args.json, finished)} game records written to {args.json}."
    if result is None:
        console.print(f"interrupted after {len(finished)} of {args.games} games")
    else:
        console.print(summary_table(result, game.spec, args.time))
        console.print(_elo_line(result))
    for line in rule_break_notes(finished, options.isolate):
        console.print(line, markup=False, soft_wrap=True)
    if written:
        console.print(written)
    return 0 if result is not None else INTERRUPTED


def _play(
    args: argparse.Namespace,
    options: RunOptions,
    game: Game,
    players: tuple[Player, Player],
    console: Console,
    *,
    keep: Callable[[GameRecord], object],
) -> MatchResult:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from plyground.arena.tournaments.match import play_match

    labels = side_labels(players, (args.a, args.b))
    if args.verbose:
        for letter, label, spec in zip("AB", labels, (args.a, args.b), strict=True):
            console.print(f"{letter} {label}: {spec}", markup=False, soft_wrap=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[tally]}"),
        console=console,
        transient=False,
    )
    points = [0.0, 0.0]

    def finished(index: int, record: GameRecord) -> None:
        keep(record)
        seat_a = int(record.tags["seat_a"])
        points[0] += record.score(seat_a)
        points[1] += record.score(1 - seat_a)
        seats = ("A", "B") if seat_a == 0 else ("B", "A")
        names = [game.player_name(seat) for seat in (0, 1)]
        breaks = f", {len(record.rule_breaks)} rule breaks" if record.rule_breaks else ""
        progress.console.print(
            f"game {index + 1}: {seats[0]} as {names[0]}, {seats[1]} as {names[1]}: "
            f"{record.result} ({names[0]} {record.returns[0]:+g}{breaks})"
        )
        progress.update(task, advance=1, tally=f"A {points[0]:g} - B {points[1]:g}")

    with progress:
        task = progress.add_task("match", total=args.games, tally="")
        return play_match(
            game,
            players,
            args.games,
            run=options,
            seed=args.seed,
            openings=args.openings,
            labels=labels,
            on_game=finished,
            close=False,
        )


def side_labels(players: tuple[Player, Player], specs: tuple[str, str]) -> tuple[str, str]:
    """The sides' names in the table: each player's name (an engine's ``hello`` name, a
    bot's name), or the specs when the two names are the same."""
    names = (players[0].info.name, players[1].info.name)
    return specs if names[0] == names[1] else names


def _number(value: float, form: str) -> str:
    return "-" if math.isnan(value) else format(value, form)


def _breaks(side: SideSummary) -> str:
    if not side.rule_breaks:
        return "none"
    return ", ".join(f"{kind} {count}" for kind, count in sorted(side.rule_breaks.items()))


def summary_table(result: MatchResult, game_spec: str, seconds: float) -> Table:
    """The match summary: one row per side."""
    from rich.table import Table

    games = result.sides[0].games
    table = Table(title=f"{games} games of {game_spec}, {seconds:g} s per move")
    table.add_column("side")
    table.add_column("player", overflow="fold")
    for name in ("W", "D", "L", "score", "margin", "breaks", "depth", "s/move"):
        table.add_column(name, justify="right")
    for letter, side in zip("AB", result.sides, strict=True):
        table.add_row(
            letter,
            side.label,
            str(side.wins),
            str(side.draws),
            str(side.losses),
            _number(100 * side.score, ".1f") + "%",
            _number(side.average_margin, "+.2f"),
            _breaks(side),
            _number(side.average_depth, ".1f"),
            _number(side.average_time, ".3f"),
        )
    return table


def _elo_line(result: MatchResult) -> str:
    return f"Elo difference A - B: {result.elo.text()} (95% interval)"
