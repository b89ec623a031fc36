"""``plyground tune``: evolve a bot's evaluation weights through tournaments."""

from __future__ import annotations

import argparse
import contextlib
import math
import re
import sys
import time
from collections.abc import Callable, Sequence
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
from plyground.arena.tuning.run import (
    INITS,
    PRESETS,
    GenerationResult,
    Member,
    TuneObserver,
    TuneSettings,
    TuningRun,
)
from plyground.arena.tuning.settings import TUNING_MOVE_SECONDS
from plyground.cli.groups import add_command
from plyground.cli.options import count, positive_int, run_options
from plyground.cli.outputs import check_output
from plyground.cli.tournament import LiveProgress, add_tournament_run_options, resumable_run
from plyground.core.errors import SettingsError

__all__ = ["parse_duration", "register"]

_DEFAULTS = TuneSettings
"""The defaults the options show and fall back on: :class:`TuneSettings`' own."""


_DURATION = re.compile(r"(?P<value>\d+(?:\.\d*)?|\.\d+)\s*(?P<unit>[smh]?)")


def parse_duration(text: str) -> float:
    """argparse type: seconds, or a number with ``s``, ``m`` or ``h`` (``90``, ``30m``, ``2h``)."""
    match = _DURATION.fullmatch(text.strip())
    if match is None or float(match.group("value")) <= 0:
        raise argparse.ArgumentTypeError(f"expected a duration like 90, 30m or 2h, got {text!r}")
    factor = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0}[match.group("unit")]
    return float(match.group("value")) * factor


def _opponents(text: str) -> int | str:
    """argparse type: a positive count, or ``all``."""
    return "all" if text == "all" else positive_int(text)


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}")
    return value


_SETTING_OPTIONS: tuple[tuple[str, Callable[[str], Any], str, str, bool], ...] = (
    ("--population", int, "N", "weight sets per generation", True),
    ("--keep", int, "K", "the best kept each generation", True),
    ("--generations", positive_int, "G", "generations to run, a new total with --resume", True),
    ("--opponents", _opponents, "K|all",
     "members each member meets, rounded up to even, or all", True),
    ("--pairs", positive_int, "N", "colour-swapped pairs per meeting", False),
    ("--openings", count, "K",
     "random plies that start each pair; new openings every generation", False),
    ("--games", positive_int, "N", "one-player games: seeded games per member and generation",
     False),
    ("--crossover-rate", _rate, "P", "the chance a child is bred by crossover", False),
    ("--mutation-rate", _rate, "P", "the chance a child is then mutated", False),
    ("--mutation-scale", float, "F", "mutation step as a fraction of each weight's range", False),
)  # fmt: skip
"""The options of :class:`TuneSettings`' fields: flag, type, metavar, help, and whether a
preset may set it (then the option's default is None)."""


def register(subparsers: Any) -> None:
    """Add the ``tune`` subcommand."""
    parser = add_command(
        subparsers,
        "tune",
        help="evolve a bot's evaluation weights through tournaments (genetic algorithm)",
        description="""\
Evolve the weights of BOT's evaluation for GAME. A population of weight sets
(the starting weights plus sets drawn within the ranges the evaluation
declares) plays games: each member against about --opponents others and
against a fixed reference field (by default BOT with its starting weights,
named 'start'). Fitness is each member's Elo from those games (against
'start'). The --keep best are kept and the rest bred from them (blend
crossover, Gaussian mutation), for --generations generations or until
--budget ends. Every game and every generation is stored in the database:
stop at any time and continue with --resume; inspect the games with
'plyground report --tournament RUN'. At the end the best weights go to
--output (load them with 'alphabeta:weights=FILE'), a plot of the best and
mean fitness per generation to --plot, and a confirmation match of --confirm
pairs plays the tuned weights against the starting ones.

In a one-player game (2048) members meet nobody: each plays --games seeded
games a generation (every member the same seeds, new seeds each generation)
and its fitness is its mean score; the confirmation plays the tuned and the
starting weights on --confirm fresh seeds each.

Use a bot with a fixed depth (alphabeta:depth=3, 2048:depth=2): a clock-bound
search depends on the machine's load, which would bias fitness, and a fixed
depth makes the run reproducible (the same seed gives the same run on any
backend).""",
        epilog="""\
examples:
  plyground tune alphabeta:depth=3 --game adjacency --generations 10 --concurrency 2
  plyground tune alphabeta:depth=3 --preset seed --budget 2h --backend ray
  plyground tune morris:placing=2,moving=3,flying=2 --game morris --init defaults
  plyground tune 2048:depth=2 --game 2048 --games 16 --init defaults --concurrency 2
  plyground tune --resume --budget 30m
  plyground match alphabeta:depth=3,weights=best-weights.json alphabeta:depth=3""",
    )
    parser.add_argument(
        "bot", nargs="?", metavar="BOT", help="the bot spec, e.g. alphabeta:depth=3"
    )
    parser.add_argument(
        "--game", default=_DEFAULTS.game, metavar="SPEC", help="the game (default: %(default)s)"
    )
    _add_evolution_options(parser.add_argument_group("evolution"))
    _add_result_options(parser.add_argument_group("results"))
    add_tournament_run_options(parser, time_default=TUNING_MOVE_SECONDS, what="run")
    parser.set_defaults(handler=_run)


def _add_evolution_options(evolution: Any) -> None:
    """The population, how it meets and breeds, and how long it evolves."""
    evolution.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        help="seed: docs/course.md's scheme, 50 sets that all play each other, keep 10, breed 40",
    )
    for flag, kind, metavar, what, preset in _SETTING_OPTIONS:
        name = flag.removeprefix("--").replace("-", "_")
        default = getattr(_DEFAULTS, name)
        evolution.add_argument(
            flag,
            type=kind,
            default=None if preset else default,  # None: the preset or TuneSettings decides
            metavar=metavar,
            help=f"{what} (default: {default})",
        )
    evolution.add_argument(
        "--budget",
        type=parse_duration,
        metavar="DURATION",
        help="stop evolving after this long (90, 30m, 2h): the run stays resumable",
    )
    evolution.add_argument(
        "--reference",
        nargs="+",
        metavar="[NAME=]SPEC",
        help="the fixed reference field every member meets (default: BOT as given, "
        "named 'start'); fitness is Elo against the first",
    )
    evolution.add_argument(
        "--no-reference",
        action="store_true",
        help="members meet only each other (fitness is relative within a generation)",
    )
    evolution.add_argument(
        "--max-moves",
        type=positive_int,
        metavar="N",
        help="one-player games: stop each game after N moves (default: play to the end)",
    )
    evolution.add_argument(
        "--init",
        choices=INITS,
        default=_DEFAULTS.init,
        help="generation 0 besides the starting weights: drawn in the ranges, or varied "
        "around the start (default: %(default)s)",
    )


def _add_result_options(outputs: Any) -> None:
    """Where the best weights and the plot go, and the confirmation match."""
    outputs.add_argument(
        "--output",
        default="best-weights.json",
        metavar="FILE",
        help="where the best weights go (default: %(default)s)",
    )
    outputs.add_argument(
        "--plot",
        metavar="FILE",
        help="PNG of best and mean fitness per generation (default: --output with .png)",
    )
    outputs.add_argument(
        "--confirm",
        type=int,
        default=50,
        metavar="PAIRS",
        help="pairs of games of the tuned against the starting weights (one-player "
        "games: seeds each plays; 0: none; default: %(default)s)",
    )


def _settings(args: argparse.Namespace) -> TuneSettings:
    if not args.bot:
        raise SettingsError("name the bot to tune, e.g. plyground tune alphabeta:depth=3")
    values: dict[str, Any] = {
        name: getattr(_DEFAULTS, name)
        for name in ("population", "keep", "generations", "opponents")
    }
    if args.preset:
        values.update(PRESETS[args.preset])
    for name in ("population", "keep", "generations"):
        if getattr(args, name) is not None:
            values[name] = getattr(args, name)
    if args.opponents is not None:
        values["opponents"] = None if args.opponents == "all" else args.opponents
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
        pairs=args.pairs,
        openings=args.openings,
        init=args.init,
        crossover_rate=args.crossover_rate,
        mutation_rate=args.mutation_rate,
        mutation_scale=args.mutation_scale,
        seed=args.seed,
        games=args.games,
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


def _run(args: argparse.Namespace) -> int:
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
