"""``plyground tournament``'s run: a stored tournament played (or resumed) with live
standings, then its tables, rule breaks, page and SPRT verdict. ``plyground tune`` and
``report --experiment`` play their games through it too.
"""

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

from plyground.arena.records.record import GameRecord
from plyground.arena.reports.report import (
    absent_engines,
    report_tables,
    standings_table,
    tournament_report,
)
from plyground.arena.runs.backends import Backend, make_backend
from plyground.arena.stats.sprt import Sprt, SprtState, even_pairs
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
from plyground.cli.options import engine_log_target, run_options
from plyground.cli.outputs import check_output
from plyground.cli.rule_break_notes import rule_break_notes
from plyground.core.errors import SettingsError
from plyground.core.files import write_whole

__all__ = ["LiveProgress", "resumable_run", "run", "run_tournament"]


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
        book=read_book(args.book),
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


def read_book(path: str | None) -> tuple[str, ...]:
    """The positions of a ``--book`` file: one a line, blank lines and ``#`` comments
    skipped (none without a file)."""
    if path is None:
        return ()
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise SettingsError(f"cannot read the book {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SettingsError(f"the book {path!r} is not text") from None
    book = tuple(line.split("#", 1)[0].strip() for line in lines)
    return tuple(text for text in book if text)


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


_KEPT_BY_RESUME = ("time", "policy", "openings", "book", "sprt", "rounds", "gauntlet")
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


def run(args: argparse.Namespace) -> int:
    """Play (or resume) the tournament the arguments name, then print its report."""
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
        for line in rule_break_notes(records, tournament.settings.run.isolate):
            console.print(line, markup=False, soft_wrap=True)
        if args.html is not None:
            write_whole(args.html, tournament_report(row, summary, args.title, records=records))
            console.print(f"wrote {args.html}")
        state = tournament.sprt_state(records)
        if state is not None:
            first, second = (e.name for e in tournament.settings.entrants)
            even = even_pairs(records, first, second)
            lines = state.lines(first, second, limit=tournament.settings.most_pairs, even=even)
            console.print(f"SPRT {state.test.text()}: {lines[0]}")
            for line in lines[1:]:
                console.print(f"  {line}")
        status = "complete" if row.finished else "not complete: continue with --resume"
        console.print(
            f"{played} games played; {row.played} of {row.planned} stored in {store.path} "
            f"as tournament {tournament.id} ({status})."
        )
    return 0
