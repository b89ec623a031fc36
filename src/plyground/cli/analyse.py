"""``plyground analyse``: a game's moves valued, marks lost, blunders and accuracy; or a position.

The front end reads the source (a record file, a stored game, a position)
and prints; the analysis is :mod:`plyground.arena.adjacency_analysis.analyser` (a position's
move values) and :mod:`plyground.arena.adjacency_analysis.annotation` (a game), which the web
app calls too.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from plyground.arena.adjacency_analysis.analyser import (
    Analyser,
    AnalysisSettings,
    PositionValues,
    json_number,
    margin_text,
)
from plyground.arena.adjacency_analysis.annotation import (
    GameAnalysis,
    PlayerSummary,
    annotate,
    summarise_players,
)
from plyground.arena.g2048_analysis.analyser import (
    DEFAULT_BLUNDER,
    DEFAULT_DEPTH,
    DEFAULT_NETWORK,
)
from plyground.arena.records.formats import read_record_file
from plyground.arena.records.record import GameRecord
from plyground.cli import analyse_2048
from plyground.cli.analyse_notes import switch_notes, why_notes
from plyground.cli.groups import command
from plyground.cli.options import add_db_option, add_game_option
from plyground.core.errors import ParseError, SettingsError
from plyground.core.game import State
from plyground.games import load_game
from plyground.games.adjacency.rules import likely_game, parse_position
from plyground.games.g2048.rules import G2048State

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

__all__ = ["register"]


@command(
    "analyse",
    help="value every move of a game (exact where a solve fits), blunders, accuracy",
    description="""\
Annotate each move of an adjacency game with its value (the final margin,
X's marks minus O's, with best play afterwards): exact where the solver
proves every move of the position within --time, else the alpha-beta
engine's estimate (all moves searched to one depth); the marks the move
lost against the best move; a blunder mark from --blunder marks lost; and
each player's accuracy (share of best moves, mean marks lost). Moves the
referee played for a player after a rule break are marked and left out of
accuracy, marks lost and blunders. With --per-player, every game of the
file or database (or --tournament) is analysed and each player's figures
over all of them are printed: feedback for each student. Or, with
--position, the value of every move in one position.

A 2048 record (or --game 2048 --position): every move valued in expected
points to the end by a learned network (--network, at --depth moves), the
points each move lost, the blunders (--blunder points) and the share of
best moves.""",
    epilog="""\
examples:
  plyground analyse games.txt --index 2
  plyground analyse --db records.sqlite3 --tournament web
  plyground analyse --db records.sqlite3 --tournament class-5b --per-player --time 0.2
  plyground analyse --position '6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12' --json
  plyground analyse game-2048.jsonl --network 4x6-tc --depth 2""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``analyse``."""
    parser.add_argument("file", nargs="?", metavar="FILE", help="a record file (text or JSONL)")
    add_db_option(parser)
    parser.add_argument(
        "--tournament", metavar="ID", help="with --db: only this tournament's games"
    )
    parser.add_argument(
        "--index",
        type=int,
        metavar="N",
        help="which game of the file or database, from 1 in export order (default: the last)",
    )
    parser.add_argument(
        "--per-player",
        action="store_true",
        help="analyse every game and print each player's accuracy, marks lost per move, "
        "blunders and rule breaks over them",
    )
    parser.add_argument("--position", metavar="TEXT", help="analyse this position instead")
    add_game_option(
        parser,
        "with --position: the game's settings, e.g. 'adjacency(size=8,rounds=8)' "
        "(they choose the engine's weights; default: from the position)",
        None,
    )
    parser.add_argument(
        "--time",
        type=float,
        default=AnalysisSettings.time,
        metavar="S",
        help="seconds per position for the exact solve, then the engine (default %(default)g)",
    )
    parser.add_argument(
        "--blunder",
        type=float,
        default=None,
        metavar="MARKS",
        help=f"marks lost that make a blunder (default {AnalysisSettings.blunder:g}; "
        f"2048: expected points, default {DEFAULT_BLUNDER:g})",
    )
    parser.add_argument(
        "--network",
        default=DEFAULT_NETWORK,
        metavar="NAME|FILE",
        help="2048: the learned network that values the moves, a shipped name or a file "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--depth",
        type=int,
        default=DEFAULT_DEPTH,
        help="2048: moves searched (default %(default)s)",
    )
    parser.add_argument("--engine-only", action="store_true", help="do not try exact solves")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_analyse)


def _settings(args: argparse.Namespace) -> AnalysisSettings:
    if not args.time > 0:
        raise SettingsError(f"--time must be a positive number of seconds, got {args.time!r}")
    blunder = AnalysisSettings.blunder if args.blunder is None else args.blunder
    if not blunder > 0:
        raise SettingsError(f"--blunder must be a positive number of marks, got {blunder!r}")
    return AnalysisSettings(time=args.time, blunder=blunder, exact=not args.engine_only)


def _analyse(args: argparse.Namespace) -> int:
    sources = [args.file is not None, args.db is not None, args.position is not None]
    if sum(sources) != 1:
        raise SettingsError("give one thing to analyse: a record FILE, --db PATH or --position")
    if args.game is not None and args.position is None:
        raise SettingsError("--game goes with --position (a record names its own game)")
    if args.tournament is not None and args.db is None:
        raise SettingsError("--tournament needs --db")
    if args.game is not None and load_game(args.game).name == "2048":
        state = load_game(args.game).parse_state(args.position)
        return analyse_2048.analyse_position(args, cast(G2048State, state))
    record = None if args.position is not None or args.per_player else _record(args)
    if record is not None and load_game(record.game).name == "2048":
        return analyse_2048.analyse_game(args, record)
    settings = _settings(args)
    analyser = Analyser(settings)
    if args.position is not None:
        return _analyse_position(args, analyser)
    if args.per_player:
        return _analyse_players(args, analyser)
    assert record is not None
    analysis = _annotate(record, analyser, show=not args.json)
    return _answer(args, analysis.to_dict, lambda: _print_game(analysis))


def _analyse_position(args: argparse.Namespace, analyser: Analyser) -> int:
    """``--position``: every move's value in one position."""
    if args.index is not None or args.per_player:
        option = "--index" if args.index is not None else "--per-player"
        raise SettingsError(f"{option} is about games; it does not go with --position")
    if args.game is None:  # the game the marks and plies add up to, for its weights
        state: State = likely_game(parse_position(args.position)).parse_state(args.position)
    else:
        state = load_game(args.game).parse_state(args.position)
    values = analyser.position(state)
    return _answer(args, values.to_dict, lambda: _print_position(values))


def _analyse_players(args: argparse.Namespace, analyser: Analyser) -> int:
    """``--per-player``: every game analysed, each player's figures over them."""
    if args.index is not None:
        raise SettingsError("--index picks one game; --per-player analyses them all")
    records, where = _records(args)
    if any(load_game(record.game).name == "2048" for record in records):
        raise SettingsError(
            "--per-player sums up adjacency games; analyse a 2048 game on its own (--index N)"
        )
    players = summarise_players(_annotate_all(records, analyser, show=not args.json))
    return _answer(
        args,
        lambda: {"games": len(records), "players": [p.to_dict() for p in players]},
        lambda: _print_players(players, f"{len(records)} games in {where}", analyser.settings),
    )


def _answer(args: argparse.Namespace, data: Callable[[], object], show: Callable[[], None]) -> int:
    """Print ``data()`` as one JSON object with ``--json``, else ``show()`` it as tables."""
    if args.json:
        print(json.dumps(data()))
    else:
        show()
    return 0


def _records(args: argparse.Namespace) -> tuple[list[GameRecord], str]:
    from plyground.arena.storage.store import RecordStore

    """The games of the source the arguments name, and how to name it; ParseError
    when there are none."""
    if args.file is not None:
        records = read_record_file(args.file)
        where = repr(args.file)
    else:
        with RecordStore(args.db, read_only=True) as store:
            if args.tournament is not None:
                store.tournament(args.tournament)
            records = [game.record for game in store.games(args.tournament)]
            where = repr(str(store.path)) + (
                f" (tournament {args.tournament})" if args.tournament else ""
            )
    if not records:
        raise ParseError(f"no games in {where}")
    return records, where


def _record(args: argparse.Namespace) -> GameRecord:
    """The game the arguments name: the ``--index``-th (default the last) of its source."""
    records, where = _records(args)
    index = len(records) if args.index is None else args.index
    if not 1 <= index <= len(records):
        raise SettingsError(
            f"--index {args.index} is out of range: {where} has {len(records)} games"
        )
    return records[index - 1]


def _annotate(record: GameRecord, analyser: Analyser, *, show: bool) -> GameAnalysis:
    """Analyse the game, with a progress bar on a terminal."""
    if not (show and sys.stderr.isatty()):
        return annotate(record, analyser)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("[bold]analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task("positions", total=len(record.moves))
        return annotate(record, analyser, lambda done, total: progress.update(task, completed=done))


def _annotate_all(
    records: list[GameRecord], analyser: Analyser, *, show: bool
) -> list[GameAnalysis]:
    """Analyse every game, with a progress bar (games) on a terminal."""
    if not (show and sys.stderr.isatty()):
        return [annotate(record, analyser) for record in records]
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("[bold]analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    analyses = []
    with progress:
        task = progress.add_task("games", total=len(records))
        for record in records:
            analyses.append(annotate(record, analyser))
            progress.advance(task)
    return analyses


def _marks(value: float) -> str:
    return str(json_number(value))


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 120)


def _print_position(values: PositionValues) -> None:
    from rich.table import Table

    console = _console()
    mover = "XO"[values.to_move]
    partly_booked = bool(values.booked) and not values.exact
    how = {
        "exact": "exact (solved)",
        "book": "exact (the opening book)",
        "engine": f"engine estimate, depth {values.depth}",
    }[values.source]
    if partly_booked:
        how += "; moves 'by book' are exact, the others' losses are the engine's from them"
    console.print(f"position {values.position}: {mover} to move; values are X - O, {how}")
    table = Table()
    columns = ("move", "value", "loss", "by") if partly_booked else ("move", "value", "loss")
    for column in columns:
        table.add_column(column, justify="right" if column in ("value", "loss") else "left")
    best = set(values.best)
    for move in sorted(values.values, key=lambda m: (values.loss(m), m not in best)):
        row = [move, margin_text(values.values[move]), _loss_text(values, move, move in best)]
        if partly_booked:
            row.append("book" if move in values.booked else "engine")
        table.add_row(*row)
    console.print(table)
    console.print(
        f"best: {' '.join(values.best)} ({margin_text(values.best_value)}); "
        f"{values.nodes:,} nodes, {values.seconds:.2f} s"
    )


def _loss_text(values: PositionValues, move: str, best: bool) -> str:
    """A move's loss for a person: ``proved best`` or ``loses 2 marks (proved)`` where its
    value is proved (a solve or the book), ``best`` or ``1.5`` (the engine's estimate)."""
    if not values.is_exact(move):
        return "best" if best else _marks(values.loss(move))
    if best:
        return "proved best"
    lost = json_number(values.loss(move))
    return f"loses {lost} mark{'s' * (lost != 1)} (proved)"


def _print_game(analysis: GameAnalysis) -> None:
    from rich.table import Table

    console = _console()
    console.print(f"{analysis.game}: {' vs '.join(analysis.players)}; values are X - O margins")
    table = Table()
    for column in ("#", "player", "move", "value", "best", "loss", "mark", "by"):
        table.add_column(column)
    for move in analysis.moves:
        mark = "blunder" if move.blunder else ""
        if move.rule_break is not None:
            mark = f"penalty ({move.rule_break})"
        best = " ".join(move.best[:4]) + (" ..." if len(move.best) > 4 else "")
        source = move.source if move.exact else f"engine d{move.depth}"
        loss = "" if move.loss == 0 else _marks(move.loss)
        name = analysis.players[move.player] if move.player < len(analysis.players) else "?"
        table.add_row(
            str(move.ply + 1), name, move.move, margin_text(move.value), best, loss, mark, source
        )
    console.print(table)
    for note in [*why_notes(analysis), *switch_notes(analysis)]:
        console.print(note, markup=False, soft_wrap=True)
    console.print(_accuracy_table(analysis.summary, "accuracy"))
    if any(move.rule_break is not None for move in analysis.moves):
        console.print(
            "penalty: a move the referee played after a rule break; not counted in accuracy, "
            "mean loss or blunders"
        )
    console.print(
        f"{analysis.exact_moves} of {len(analysis.moves)} moves valued exactly; "
        f"blunder: {analysis.settings.blunder:g} marks or more lost"
    )


def _accuracy_table(players: Sequence[PlayerSummary], title: str, games: bool = False) -> Table:
    """Each player's own moves, best moves, accuracy, mean marks lost, blunders and
    rule breaks (penalty moves, apart from the rest)."""
    from rich.table import Table

    table = Table(title=title)
    columns = ["player", *(["games"] if games else []), "moves", "best moves", "accuracy"]
    for column in (*columns, "mean loss", "blunders", "rule breaks"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for player in players:
        table.add_row(
            player.name,
            *([str(player.games)] if games else []),
            str(player.moves),
            str(player.best_moves),
            f"{100 * player.accuracy:.0f}%",
            f"{player.mean_loss:.2f}",
            str(player.blunders),
            str(player.rule_breaks),
        )
    return table


def _print_players(
    players: Sequence[PlayerSummary], where: str, settings: AnalysisSettings
) -> None:
    console = _console()
    console.print(_accuracy_table(players, f"each player over {where}", games=True))
    console.print(
        f"accuracy: share of a player's own moves that were best; mean loss: marks lost per "
        f"own move; blunder: {settings.blunder:g} marks or more lost; rule breaks: moves the "
        "referee played for the player (left out of the rest)"
    )
