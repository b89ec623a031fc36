"""``plyground tune``'s run: the generations played with a live view, then the weights
written, the fitness plotted and the best confirmed in a match."""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from plyground.arena.reports.plots import INSTALL_PLOTS, PlotsUnavailableError, plot_fitness
from plyground.arena.runs.backends import make_backend
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.tournament import Entrant, parse_entrant
from plyground.arena.tuning.results import confirmation, solo_confirmation, write_weights
from plyground.arena.tuning.run import GenerationResult, Member, TuneObserver, TuningRun
from plyground.arena.tuning.settings import PRESETS, TuneSettings
from plyground.cli.options import run_options
from plyground.cli.outputs import check_output
from plyground.cli.tournament_run import LiveProgress, resumable_run
from plyground.cli.tune_options import OPTION_FIELDS, PRESET_FIELDS
from plyground.core.errors import SettingsError

__all__ = ["run"]


def _settings(args: argparse.Namespace) -> TuneSettings:
    """The run's settings the options give (a preset, then each option given)."""
    if not args.bot:
        raise SettingsError("name the bot to tune, e.g. plyground tune alphabeta:depth=3")
    values: dict[str, Any] = {
        name: getattr(TuneSettings, name)  # the defaults the options show
        for name in PRESET_FIELDS
    }
    if args.preset:
        values.update(PRESETS[args.preset])
    for name in PRESET_FIELDS:
        given = getattr(args, name)
        if given is not None:
            values[name] = None if given == "all" else given  # --opponents all: None
    values.update({name: getattr(args, name) for name in OPTION_FIELDS})
    if args.no_reference and args.reference:
        raise SettingsError("--reference and --no-reference exclude each other")
    reference: tuple[Entrant, ...] | None = None
    if args.no_reference:
        reference = ()
    elif args.reference:
        reference = tuple(parse_entrant(text) for text in args.reference)
    return TuneSettings(
        bot=args.bot,
        game=args.game,
        reference=reference,
        init=args.init,
        seed=args.seed,
        max_moves=args.max_moves,
        run=run_options(args),
        **values,
    )


def _weights_text(member: Member) -> str:
    return " ".join(f"{k}={v:g}" for k, v in member.weights.items())


def _fitness_text(measure: str, value: float) -> str:
    """A fitness as shown: Elo signed, a mean score as a plain number."""
    return f"{value:+.0f}" if measure == "elo" else f"{value:,.0f}"


def _history_table(results: Sequence[GenerationResult]) -> Table:
    what = "Elo against the reference" if results[0].measure == "elo" else "mean score"
    table = Table(title=f"fitness per generation ({what})", title_justify="left")
    for column in ("gen", "best", "±95%", "mean", "best member", "weights"):
        table.add_column(
            column, justify="left" if column in ("best member", "weights") else "right"
        )
    for result in results[-12:]:
        best = result.ranked()[0]
        fitness = result.fitness[best.id]
        table.add_row(
            str(result.number),
            _fitness_text(result.measure, result.best),
            f"{fitness['margin']:,.0f}",
            _fitness_text(result.measure, result.mean),
            f"{best.id} ({best.origin})",
            _weights_text(best),
        )
    return table


class LiveTuning(TuneObserver):
    """Generations and games done, time left, and the fitness history: live on a
    terminal, a line per generation otherwise."""

    def __init__(self, console: Console, quiet: bool, budget: float | None) -> None:
        self.console = console
        self.quiet = quiet
        self.started = time.monotonic()
        self.budget = budget
        self.results: list[GenerationResult] = []
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        )
        self.generations = self.progress.add_task("generations", total=1)
        self.games = self.progress.add_task("games", total=1)
        self.live: Live | None = None
        self._drawn = 0.0

    def begin(self, run: TuningRun) -> None:
        """Show the run's header and its history so far."""
        self.results = run.results()
        total = run.settings.generations
        self.progress.update(self.generations, total=total, completed=len(self.results))
        if self.quiet:
            return
        s = run.settings
        ranges = ", ".join(f"{w.name} {w.low:g}..{w.high:g}" for w in s.tunable)
        field = ", ".join(e.name for e in s.reference_field) or "none"
        opponents = "all" if s.opponents is None else s.opponents
        meeting = (
            f"{s.games} seeded games each, fitness the mean score"
            if s.solo
            else f"opponents {opponents}, reference {field}"
        )
        self.console.print(
            f"tuning run {run.id}: {s.bot} on {s.game_spec}; population {s.population}, "
            f"keep {s.keep}, {total} generations; {meeting}; "
            f"{s.games_per_generation()} games per generation; seed {s.seed}"
        )
        self.console.print(f"weights: {ranges}")
        if self.console.is_terminal:
            self.live = Live(self._view(), console=self.console, refresh_per_second=4)
            self.live.start()

    def _view(self) -> Group:
        parts: list[Any] = [self.progress]
        if self.budget is not None:
            left = max(0.0, self.budget - (time.monotonic() - self.started))
            parts.append(f"budget: {left / 60:.1f} min left")
        if self.results:
            parts.append(_history_table(self.results))
        return Group(*parts)

    def _refresh(self, force: bool = False) -> None:
        if self.live is not None:
            now = time.monotonic()
            if force or now - self._drawn > 0.5:
                self.live.update(self._view())
                self._drawn = now

    def generation_started(
        self, run: TuningRun, number: int, members: Sequence[Member], total: int, done: int
    ) -> None:
        self.progress.update(
            self.games, total=total, completed=done, description=f"generation {number}"
        )
        self._refresh(force=True)

    def game_stored(self, key: str, done: int, total: int) -> None:
        self.progress.update(self.games, completed=done)
        self._refresh()

    def generation_finished(self, run: TuningRun, result: GenerationResult) -> None:
        self.results.append(result)
        self.progress.update(self.generations, completed=len(self.results))
        if self.live is not None:
            self._refresh(force=True)
        elif not self.quiet:
            best = result.ranked()[0]
            fitness = result.fitness[best.id]
            shown = _fitness_text(result.measure, result.best)
            self.console.print(
                f"generation {result.number}: best {shown} ±{fitness['margin']:,.0f} "
                f"({best.id}, {best.origin}: {_weights_text(best)}), "
                f"mean {_fitness_text(result.measure, result.mean)}"
            )

    def stop(self) -> None:
        """End the live display (leaving its last frame on screen)."""
        if self.live is not None:
            self.live.update(self._view())
            self.live.stop()
            self.live = None


def run(args: argparse.Namespace) -> int:
    """Run (or resume) the tuning run the arguments name, then write its results."""
    # before any generation, not after all of them (their folders are made when missing)
    check_output(args.output, "--output", makes_folders=True)
    check_output(args.plot, "--plot", makes_folders=True)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    if args.resume is not None and args.bot:
        raise SettingsError("--resume continues a stored run with its own bot; give none")
    # a bad bot or setting is refused before a database is made for it
    settings = None if args.resume is not None else _settings(args)
    with RecordStore(args.db, must_exist=args.resume is not None) as store:
        resumed = None
        if settings is None:
            resumed = TuningRun.resume(store, args.resume or None, args.generations)
        # a backend that cannot start stops here, before a new run is stored
        with make_backend(args.backend, args.concurrency, args.address) as backend:
            if resumed is None:
                assert settings is not None
                run = TuningRun.create(store, settings, args.name)
            else:
                run = resumed
            observer = LiveTuning(console, args.quiet, args.budget)
            deadline = None if args.budget is None else time.monotonic() + args.budget
            with resumable_run("tune", run.id, store, observer.stop):
                observer.begin(run)
                complete = run.evolve(backend, observer, deadline)
                observer.stop()
                _finish(run, args, console, complete, backend)
    return 0


def _finish(
    run: TuningRun, args: argparse.Namespace, console: Console, complete: bool, backend: Any
) -> None:
    results = run.results()
    store = run.store
    if not complete:
        console.print(
            f"budget spent after {len(results)} of {run.settings.generations} generations; "
            f"continue with: plyground tune --resume {run.id} --db {store.path}"
        )
    if not results:
        console.print("no generation was completed: no weights to write")
        return
    console.print(_history_table(results))
    best, rating = run.best()
    output = write_weights(args.output, run, best, rating)
    rating_text = ""
    if run.settings.solo:
        rating_text = f"mean score {rating:,.0f} over its games in the run"
    elif math.isfinite(rating):
        rating_text = f"{rating:+.0f} Elo over all the run's games"
    console.print(f"best: {best.id} ({_weights_text(best)}) {rating_text}")
    console.print(f"weights written to {output} (load with weights={output})")
    plot = Path(args.plot) if args.plot else output.with_suffix(".png")
    try:
        title = f"tuning {run.settings.bot} on {run.settings.game_spec}"
        console.print(f"fitness plot written to {plot_fitness(results, plot, title)}")
    except PlotsUnavailableError:
        console.print(f"no fitness plot: {INSTALL_PLOTS} adds it", markup=False)
    if args.confirm > 0 and run.settings.solo:
        _confirm_solo(run, best, args, console, backend)
    elif args.confirm > 0:
        console.print(
            f"confirmation: {args.confirm} pairs of tuned ({best.id}) against start, "
            "on openings of their own"
        )
        progress = LiveProgress(console, quiet=args.quiet)
        try:
            tournament, estimate = confirmation(run, best, args.confirm, backend, progress)
        finally:
            progress.stop()
        console.print(
            f"tuned vs start: score {estimate.score:.3f} over {estimate.games} games, "
            f"Elo {estimate.text()} (95% interval); stored as tournament {tournament.id}"
        )
    console.print(
        f"games stored in {store.path} as tuning run {run.id}: "
        f"plyground report --tournament {run.id} --db {store.path}"
    )


def _confirm_solo(
    run: TuningRun, best: Member, args: argparse.Namespace, console: Console, backend: Any
) -> None:
    """The tuned and the starting weights on --confirm fresh seeds each, compared."""
    console.print(
        f"confirmation: tuned ({best.id}) and start on {args.confirm} seeds of their own each"
    )
    progress = Progress(
        TextColumn("confirmation"), BarColumn(), MofNCompleteColumn(), console=console
    )
    task = progress.add_task("games", total=2 * args.confirm)
    with progress if console.is_terminal and not args.quiet else contextlib.nullcontext():
        comparison = solo_confirmation(
            run, best, args.confirm, backend, lambda done, _: progress.update(task, completed=done)
        )
    tuned, start = comparison.tuned, comparison.start
    console.print(
        f"tuned: mean score {tuned['mean']:,.0f} ±{tuned['margin']:,.0f} (median "
        f"{tuned['median']:,.0f}); start: {start['mean']:,.0f} ±{start['margin']:,.0f} (median "
        f"{start['median']:,.0f}); tuned - start, seed by seed: {comparison.difference:+,.0f} "
        f"±{comparison.margin:,.0f} (95%); stored as tournament {comparison.tournament_id}"
    )
