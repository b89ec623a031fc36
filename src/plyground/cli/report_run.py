"""The work of ``plyground report`` (a stored tournament's tables, page and SPRT; a
one-player run's scores; an experiment played and compared with the course's findings)
and of ``plyground records`` (list, export, import), whose parsers are
:mod:`plyground.cli.report`'s."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from dataclasses import replace

from rich.console import Console
from rich.table import Table

from plyground.arena.records.formats import read_record_file, write_jsonl, write_text_record
from plyground.arena.records.record import GameRecord
from plyground.arena.records.solo_game import SoloGame
from plyground.arena.reports.feedback import Accuracy
from plyground.arena.reports.report import (
    Absent,
    absent_engines,
    html_report,
    report_tables,
    tournament_report,
)
from plyground.arena.stats.sprt import Sprt, even_pairs, paired_scores
from plyground.arena.stats.summary import summarise
from plyground.arena.storage.store import RecordStore, StoreError, TournamentRow
from plyground.arena.tournaments.engine_folders import ClassNotes
from plyground.arena.tournaments.experiments import (
    Experiment,
    experiment,
    experiment_name,
    experiment_rows,
)
from plyground.arena.tournaments.schedule import TournamentFormat
from plyground.arena.tournaments.tournament import (
    Tournament,
    TournamentSettings,
    check_names,
    parse_entrant,
)
from plyground.arena.tuning.solo_fitness import by_player
from plyground.cli.options import run_options
from plyground.cli.outputs import check_output
from plyground.cli.tournament_run import run_tournament
from plyground.core.errors import SettingsError, UnknownNameError
from plyground.core.files import write_whole

__all__ = ["export_records", "import_records", "list_records", "report"]


# -- report ----------------------------------------------------------------------


def report(args: argparse.Namespace) -> int:
    """``plyground report``."""
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    check_output(args.html, "--html")
    # Only an experiment may play (and store) games; a report only reads.
    with RecordStore(args.db, read_only=not args.experiment) as store:
        if args.experiment:
            return _experiment(args, store, console)
        row: TournamentRow | None = None
        if args.all:
            records = [g.record for g in store.games()]
            title = f"all games in {store.path}"
            order = None
            absent: list[Absent] = []
        else:
            if args.tournament:
                row = store.tournament(args.tournament)
            else:
                latest = store.latest_tournament()
                if latest is None:
                    raise StoreError(f"no tournament stored in {str(store.path)!r}; try --all")
                row = latest
            title = f"tournament {row.id} ({row.kind}, {row.played} of {row.planned} games)"
            solo = store.solo_games(row.id)
            if solo:
                return _print_solo_report(console, solo, title, args)
            records = [g.record for g in store.games(row.id)]
            order = [e["name"] for e in row.settings.get("entrants", [])] or None
            classroom = row.settings.get("classroom")
            notes = None if classroom is None else ClassNotes.from_dict(classroom)
            absent = absent_engines(notes)
        _print_report(console, records, title, order, args, absent=absent, row=row)
    return 0


def _print_solo_report(
    console: Console, games: list[SoloGame], title: str, args: argparse.Namespace
) -> int:
    """A one-player run's games, per player: scores and how many ended by the rules."""
    if args.html or args.sprt:
        option = "--html" if args.html else "--sprt"
        raise SettingsError(f"{option} reports games between two players; {title} has one")
    table = Table(title=f"{title}: one-player games")
    for column in ("player", "games", "mean score", "±95%", "median", "best", "ended by rules"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for player, figures in by_player(games).items():
        table.add_row(
            player,
            str(int(figures["games"])),
            f"{figures['mean']:,.0f}",
            f"{figures['margin']:,.0f}",
            f"{figures['median']:,.0f}",
            f"{figures['best']:,.0f}",
            f"{figures['finished']:.0%}",
        )
    console.print(table)
    return 0


def _print_report(
    console: Console,
    records: list[GameRecord],
    title: str,
    order: list[str] | None,
    args: argparse.Namespace,
    *,
    absent: Sequence[Absent] = (),
    row: TournamentRow | None = None,
) -> None:
    """The tables (and SPRT) on the terminal; the page: a tournament's as the
    tournament command writes it (``row``), or of every game."""
    summary = summarise(records, order, prior=args.prior)
    console.print(f"{title}: {summary.games} games")
    for table in report_tables(summary, absent):
        console.print(table)
    if args.sprt:
        _print_sprt(console, records, summary.players, args)
    if args.html:
        if row is None:
            page = html_report(summary, args.title or title, absent=absent)
        else:
            page = tournament_report(
                row,
                summary,
                args.title,
                records=records,
                accuracy=_accuracy(records, args.analyse),
                review=args.review_url,
            )
        write_whole(args.html, page)
        console.print(f"wrote {args.html}")


def _accuracy(records: list[GameRecord], seconds: float | None) -> dict[str, Accuracy] | None:
    """Each player's accuracy over ``records``, every move valued at ``seconds`` (as
    ``plyground analyse --per-player``); None without ``seconds``."""
    if seconds is None:
        return None
    from plyground.arena.adjacency_analysis.analyser import Analyser, AnalysisSettings
    from plyground.arena.adjacency_analysis.annotation import annotate, summarise_players

    if not seconds > 0:
        raise SettingsError(f"--analyse must be a positive number of seconds, got {seconds!r}")
    analyser = Analyser(AnalysisSettings(time=seconds))
    players = summarise_players(annotate(record, analyser) for record in records)
    return {p.name: Accuracy(p.moves, p.accuracy, p.mean_loss, p.blunders) for p in players}


def _print_sprt(
    console: Console, records: list[GameRecord], players: list[str], args: argparse.Namespace
) -> None:
    """The tournament's SPRT (colour-swapped pairs, as it counts them) of the first
    player against the second."""
    low, high = args.sprt
    if args.sprt_players is not None:
        unknown = [name for name in args.sprt_players if name not in players]
        if unknown:
            raise SettingsError(
                f"--sprt-players: no player {unknown[0]!r} in these games "
                f"(players: {', '.join(players)})"
            )
        first, second = args.sprt_players
    elif len(players) < 2:
        raise SettingsError("an SPRT needs games between two players")
    else:
        first, second = players[0], players[1]
    test = Sprt(elo0=low, elo1=high, alpha=args.alpha, beta=args.beta)
    state = test.state_from_scores(paired_scores(records, first, second))
    lines = state.lines(first, second, even=even_pairs(records, first, second))
    console.print(f"SPRT {first} vs {second} {test.text()}: {lines[0]}")
    for line in lines[1:]:
        console.print(f"  {line}")


# -- experiments -----------------------------------------------------------------


def _experiment(args: argparse.Namespace, store: RecordStore, console: Console) -> int:
    preset = experiment(args.experiment)
    try:
        entrants = tuple(parse_entrant(text) for text in (args.players or preset.players))
    except UnknownNameError as error:
        if args.players:
            raise
        raise UnknownNameError(
            f"{error}; the {preset.name!r} experiment plays {', '.join(preset.players)}: "
            "give stand-ins with --players NAME=SPEC ..."
        ) from None
    check_names(entrants)
    settings = TournamentSettings(
        entrants=entrants,
        game=preset.game,
        rounds=tuple(args.rounds or preset.rounds),
        format=TournamentFormat.ROUND_ROBIN,
        pairs=args.pairs,
        openings=0,
        seed=args.seed,
        run=run_options(args),
    )
    name = experiment_name(preset, settings)
    try:
        tournament = Tournament.resume(store, name)
        tournament = replace(tournament, settings=settings)  # with this run's --engine-log
    except StoreError:
        tournament = Tournament.create(store, settings, name)
    if tournament.missing():
        run_tournament(tournament, args, console)
    records = tournament.records()
    names = [e.name for e in entrants]
    console.print(_experiment_table(preset, names, records))
    console.print(f"course: {preset.source}")
    console.print(
        f"plyground: {args.time:g} s per move, {args.pairs} colour-swapped pair(s) per cell "
        f"from the start position, seed {args.seed}; stored as tournament {tournament.id}"
    )
    summary = summarise(records, names, prior=args.prior)
    for table in report_tables(summary):
        console.print(table)
    if args.html:
        title = args.title or f"experiment {preset.name}"
        page = html_report(summary, title, notes=[preset.description])
        write_whole(args.html, page)
        console.print(f"wrote {args.html}")
    return 0


def _experiment_table(preset: Experiment, names: list[str], records: list[GameRecord]) -> Table:
    table = Table(title=f"experiment {preset.name}: {preset.description}")
    table.add_column("pairing")
    table.add_column("rounds", justify="right")
    table.add_column("the course measured")
    table.add_column("plyground measured (W-D-L of the first)")
    for row in experiment_rows(preset, names, records):
        table.add_row(
            f"{row.first} vs {row.second}", str(row.rounds), row.course or "-", row.measured()
        )
    return table


# -- records ---------------------------------------------------------------------


def list_records(args: argparse.Namespace) -> int:
    """``plyground records list``."""
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    with RecordStore(args.db, read_only=True) as store:
        table = Table(title=f"tournaments in {store.path}")
        for column in ("id", "kind", "created", "games", "finished"):
            table.add_column(column)
        for row in store.tournaments():
            table.add_row(
                row.id, row.kind, row.created, f"{row.played}/{row.planned}", row.finished or "no"
            )
        console.print(table)
        loose = store.count_games() - sum(row.played for row in store.tournaments())
        console.print(f"{store.count_games()} games stored ({loose} outside tournaments).")
    return 0


def export_records(args: argparse.Namespace) -> int:
    """``plyground records export``."""
    check_output(args.output, "--output")
    with RecordStore(args.db, read_only=True) as store:
        if args.tournament:
            store.tournament(args.tournament)
            if store.solo_games(args.tournament):
                raise SettingsError(
                    f"{args.tournament!r} holds one-player games, of which only the outcomes "
                    f"are stored (no moves to export): see plyground report --tournament "
                    f"{args.tournament}"
                )
        games = store.games(args.tournament)
    if args.format == "jsonl":
        buffer = io.StringIO()
        write_jsonl((g.record for g in games), buffer)
        text = buffer.getvalue()
    else:
        text = "\n".join(write_text_record(g.record) for g in games)
    if args.output is None:
        sys.stdout.write(text)
    else:
        write_whole(args.output, text)
        print(f"{len(games)} games written to {args.output}", file=sys.stderr)
    return 0


def import_records(args: argparse.Namespace) -> int:
    """``plyground records import``."""
    records: list[GameRecord] = []
    for name in args.files:  # every file is read and checked before anything is stored
        records.extend(read_record_file(name))
    with RecordStore(args.db) as store:
        added, skipped = store.add_games(
            (r, r.tags.get("tournament") or None, r.tags.get("key") or None) for r in records
        )
        print(f"{added} games imported into {store.path}; {skipped} already there.")
    return 0
