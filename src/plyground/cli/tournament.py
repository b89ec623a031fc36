"""``plyground tournament``: round-robins, gauntlets and SPRTs, stored as they are played."""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from plyground.arena.play.run_options import DEFAULT_MEMORY_MB
from plyground.arena.records.record import GameRecord
from plyground.arena.reports.report import (
    absent_engines,
    report_tables,
    standings_table,
    tournament_report,
)
from plyground.arena.runs.backends import Backend, make_backend
from plyground.arena.stats.sprt import Sprt, SprtState
from plyground.arena.stats.summary import summarise
from plyground.arena.storage.store import RecordStore
from plyground.arena.storage.store_errors import StoreError, resumable
from plyground.arena.tournaments.schedule import TournamentFormat, own_rounds
from plyground.arena.tournaments.tournament import (
    RunChoices,
    Tournament,
    TournamentObserver,
    TournamentSettings,
    check_names,
    describe,
    estimate_seconds,
    parse_entrant,
)
from plyground.cli.classroom import (
    ClassRoll,
    apply_course_defaults,
    class_entrants,
    class_report_path,
)
from plyground.cli.groups import add_command
from plyground.cli.options import (
    PLAYER_HELP,
    add_backend_options,
    add_page_options,
    add_run_options,
    add_seed_option,
    add_sprt_options,
    add_stored_run_options,
    count,
    engine_log_target,
    positive_int,
    run_options,
)
from plyground.cli.outputs import check_output
from plyground.cli.rule_break_notes import rule_break_notes
from plyground.core.errors import SettingsError
from plyground.core.files import write_whole

__all__ = [
    "add_tournament_run_options",
    "parse_rounds",
    "register",
    "resumable_run",
    "run_tournament",
]


def parse_rounds(text: str) -> tuple[int, ...]:
    """argparse type: ``8,10,28`` (round counts, each at least 1)."""
    try:
        values = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected round counts like 8,10,28, got {text!r}"
        ) from None
    if not values or any(v < 1 for v in values):
        raise argparse.ArgumentTypeError(f"expected round counts of at least 1, got {text!r}")
    return values


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


def register(subparsers: Any) -> None:
    """Add the ``tournament`` subcommand."""
    parser = add_command(
        subparsers,
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
    parser.add_argument("players", nargs="*", metavar="PLAYER", help="[NAME=]SPEC of each player")
    parser.add_argument(
        "--game",
        default="adjacency",
        metavar="SPEC",
        help="the game with its settings, e.g. 'adjacency(size=6)' (default: %(default)s)",
    )
    parser.add_argument(
        "--rounds",
        type=parse_rounds,
        metavar="R[,R...]",
        help="round counts to play, e.g. 8,10,28 (default: the game's own)",
    )
    parser.add_argument(
        "--gauntlet", action="store_true", help="the first player against each of the others"
    )
    parser.add_argument(
        "--pairs",
        type=positive_int,
        default=1,
        metavar="N",
        help="colour-swapped pairs of games per pairing and round count; with --sprt, "
        "the most pairs to play (default: %(default)s)",
    )
    parser.add_argument(
        "--openings",
        type=count,
        default=None,
        metavar="K",
        help="random plies that start each pair (0: the start position) "
        "(default: 2; 0 with --engines)",
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


def _settings(args: argparse.Namespace, console: Console) -> TournamentSettings:
    run = run_options(args)
    entrants = tuple(parse_entrant(text) for text in args.players)
    roll = ClassRoll()
    if args.engines is not None:
        roll = class_entrants(args.engines, run, console)
        entrants = (*roll.entrants, *entrants)
    left_out = len(roll.notes.left_out) if roll.notes is not None else 0
    check_names(entrants)
    if len(entrants) < 2:
        raise SettingsError(
            "a tournament needs at least two players"
            + (f" ({left_out} of {args.engines} left out)" if left_out else "")
        )
    sprt = None
    if args.sprt is not None:
        sprt = Sprt(elo0=args.sprt[0], elo1=args.sprt[1], alpha=args.alpha, beta=args.beta)
    settings = TournamentSettings(
        entrants=entrants,
        game=args.game,
        rounds=tuple(args.rounds) if args.rounds else (own_rounds(args.game),),
        format=TournamentFormat.GAUNTLET if args.gauntlet else TournamentFormat.ROUND_ROBIN,
        pairs=args.pairs,
        openings=args.openings,
        seed=args.seed,
        run=run,
        sprt=sprt,
        classroom=roll.notes,
        choices=RunChoices(
            html=None if args.html is None else str(Path(args.html).resolve()),
            title=args.title,
            concurrency=args.concurrency,
        ),
    )
    return settings


class LiveProgress(TournamentObserver):
    """Games done, ETA and the current standings: live on a terminal, a line per game
    otherwise."""

    def __init__(self, console: Console, quiet: bool = False, concurrency: int = 1) -> None:
        self.console = console
        self.quiet = quiet
        self.concurrency = concurrency
        self.records: list[GameRecord] = []
        self.live: Live | None = None
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task = self.progress.add_task("playing", total=1)
        self._drawn = 0.0
        self.sprt: SprtState | None = None

    def started(self, tournament: Tournament, total: int, done: Sequence[GameRecord]) -> None:
        self.records = list(done)
        self.progress.update(self.task, total=total, completed=len(done))
        if self.quiet:
            return
        self.console.print(f"tournament {tournament.id}: {describe(tournament.settings)}")
        if done:
            self.console.print(f"{len(done)} of {total} games already stored; playing the rest")
        missing = tournament.missing()
        if missing:
            self.console.print(_duration_text(tournament, missing, self.concurrency))
        if self.console.is_terminal:
            self.live = Live(self._view(), console=self.console, refresh_per_second=4)
            self.live.start()

    def _view(self) -> Group:
        parts: list[Any] = [self.progress]
        if self.records:
            parts.append(standings_table(summarise(self.records), title="current standings"))
        if self.sprt is not None:
            parts.append(f"SPRT: {self.sprt.describe()}")
        return Group(*parts)

    def game_stored(self, record: GameRecord, done: int, total: int) -> None:
        self.records.append(record)
        self.progress.update(self.task, completed=done)
        if self.quiet:
            return
        if self.live is not None:
            now = time.monotonic()
            if now - self._drawn > 0.5 or done == total:
                self.live.update(self._view())
                self._drawn = now
        else:
            names = " - ".join(p.name for p in record.players)
            breaks = f", {len(record.rule_breaks)} rule break(s)" if record.rule_breaks else ""
            key = unquote(record.tags.get("key", ""))
            self.console.print(f"[{done}/{total}] {names} {record.result} ({key}{breaks})")

    def sprt_updated(self, state: SprtState) -> None:
        self.sprt = state
        if self.live is not None:
            self.live.update(self._view())

    def stop(self) -> None:
        """End the live display (leaving its last frame on screen)."""
        if self.live is not None:
            self.live.update(self._view())
            self.live.stop()
            self.live = None


def _duration_text(tournament: Tournament, missing: Sequence[Any], concurrency: int) -> str:
    """``up to about 1 h 20 min: 56 games x 16 moves x 5 s a move / 1 at once``."""
    time_per_move = tournament.settings.run.time
    seconds = estimate_seconds(missing, time_per_move, concurrency)
    moves = round(seconds * max(1, concurrency) / time_per_move / len(missing))
    hours, minutes = divmod(math.ceil(seconds / 60), 60)
    length = f"{hours} h {minutes} min" if hours else f"{minutes} min"
    if seconds < 60:
        length = f"{math.ceil(seconds)} s"
    return (
        f"up to about {length}: {len(missing)} games x {moves} moves x {time_per_move:g} s "
        f"a move / {concurrency} at once"
    )


@contextlib.contextmanager
def resumable_run(
    command: str, run_id: str, store: RecordStore, stop: Callable[[], None]
) -> Iterator[None]:
    """Around a stored run of ``plyground COMMAND``: ``stop()`` ends its live display
    whatever happens; Ctrl-C says how many games are stored and how to continue; a
    storage failure met mid-run (a read-only file, a full disk) says how to continue."""
    resume = f"plyground {command} --resume {run_id} --db {store.path}"
    try:
        yield
    except KeyboardInterrupt:
        stop()
        stored = store.count_games(run_id)
        print(f"\nstopped: {stored} games are stored. Continue with: {resume}", file=sys.stderr)
        raise
    except StoreError as error:
        raise resumable(error, resume) from None
    finally:
        stop()


def run_tournament(
    tournament: Tournament,
    args: argparse.Namespace,
    console: Console,
    backend: Backend | None = None,
) -> int:
    """Play what is missing of ``tournament`` with the run options of ``args`` (on
    ``backend`` when given, else on the one they name); says first how long it may take."""
    own = backend is None
    if backend is None:
        backend = make_backend(args.backend, args.concurrency, args.address)
    observer = LiveProgress(console, quiet=args.quiet, concurrency=backend.concurrency)
    with resumable_run("tournament", tournament.id, tournament.store, observer.stop):
        if not own:
            return tournament.play(backend, observer)
        with backend:
            return tournament.play(backend, observer)


_KEPT_BY_RESUME = ("time", "policy", "openings", "sprt", "rounds", "gauntlet")
"""Options that decide how the games are played: a resume plays by the stored ones."""


def _resumed(store: RecordStore, args: argparse.Namespace) -> Tournament:
    """The tournament ``--resume`` names, with this run's outputs and concurrency filled
    from the first run's where this run gives none."""
    given = [f"--{name}" for name in _KEPT_BY_RESUME if getattr(args, name, None)]
    if given:
        raise SettingsError(
            "--resume plays the stored tournament by its own settings; "
            f"leave out {', '.join(given)}"
        )
    tournament = Tournament.resume(store, args.resume or None)
    choices = tournament.settings.choices
    classroom = tournament.settings.classroom
    if args.html is None:  # where the first run wrote it
        args.html = choices.html
        if args.html is None and classroom is not None:
            args.html = class_report_path(classroom.folder)
        check_output(args.html, "--html")
    if args.title is None:
        args.title = choices.title
    if args.concurrency is None:
        args.concurrency = choices.concurrency
    run = replace(tournament.settings.run, engine_log=engine_log_target(args.engine_log))
    return replace(tournament, settings=replace(tournament.settings, run=run))


def _run(args: argparse.Namespace) -> int:
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    resume = args.resume is not None
    if resume and (args.players or args.engines):
        raise SettingsError(
            "--resume continues a stored tournament with its own players; give none"
        )
    if not resume:
        apply_course_defaults(args)
    check_output(args.html, "--html")
    # bad players or settings are refused before a database is made for them
    settings = None if resume else _settings(args, console)
    with RecordStore(args.db, must_exist=resume) as store:
        tournament = _resumed(store, args) if settings is None else None
        # a backend that cannot start (Ray refusing the connection) stops here, before a
        # new tournament is stored for a later --resume to find
        with make_backend(args.backend, args.concurrency, args.address) as backend:
            if tournament is None:
                assert settings is not None
                tournament = Tournament.create(store, settings, args.name)
            played = run_tournament(tournament, args, console, backend)
        records = tournament.records()
        row = store.tournament(tournament.id)
        console.print()
        summary = summarise(records, [e.name for e in tournament.settings.entrants])
        absent = absent_engines(tournament.settings.classroom)
        for table in report_tables(summary, absent):
            console.print(table)
        for line in rule_break_notes(records):
            console.print(line, markup=False, soft_wrap=True)
        if args.html is not None:
            write_whole(args.html, tournament_report(row, summary, args.title))
            console.print(f"wrote {args.html}")
        state = tournament.sprt_state(records)
        if state is not None:
            first, second = (e.name for e in tournament.settings.entrants)
            lines = state.lines(first, second, limit=tournament.settings.most_pairs)
            console.print(f"SPRT {state.test.text()}: {lines[0]}")
            for line in lines[1:]:
                console.print(f"  {line}")
        status = "complete" if row.finished else "not complete: continue with --resume"
        console.print(
            f"{played} games played; {row.played} of {row.planned} stored in {store.path} "
            f"as tournament {tournament.id} ({status})."
        )
    return 0
