"""Learn 2048: an n-tuple network trained by temporal-difference learning over afterstates.

Plays games at 1-ply (the move whose points plus afterstate value is largest) and moves each
afterstate's value toward what followed it (docs/learning.md). The run lives in one network
file (--out): weights and the learner's state, written whole every --checkpoint-every
seconds and at the end; the same command continues a stopped run (kill -9 included) from
its last checkpoint, and asks for more episodes by a larger --episodes. The learning curve
goes to OUT.csv (one row per --window episodes), and to a plot with --plot.

Examples:
  plyground learn 2048 --out net.npz --episodes 100000
  plyground learn 2048 --out small.npz --network '0123 4567 0145 159d' --episodes 20000
  plyground learn 2048 --out tc.npz --init net.npz --tc --alpha 1.0 --episodes 50000
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plyground.cli.groups import INTERRUPTED, TERMINATED
from plyground.cli.options import (
    add_quiet_option,
    add_seed_option,
    count,
    fraction,
    positive_float,
    positive_int,
)

if TYPE_CHECKING:
    from rich.console import Console

    from plyground.algorithms.learning.curve import LearningCurve

__all__ = ["configure"]

_TILES = (2048, 4096, 8192, 16384, 32768)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``plyground learn 2048``."""
    parser.add_argument(
        "--out",
        required=True,
        metavar="FILE",
        help="the run's network file (.npz): created, or continued if it exists",
    )
    parser.add_argument(
        "--episodes",
        type=positive_int,
        default=100_000,
        help="train until this many games in all (default 100000)",
    )
    parser.add_argument(
        "--network",
        default=None,
        metavar="TUPLES",
        help="tuples as cell lists, hex 0-f row by row (default: TDL2048+'s 4x6 network)",
    )
    parser.add_argument(
        "--stages",
        default="",
        metavar="TILES",
        help="multi-stage: thresholds as tiles, e.g. '16384' (a weight set per stage)",
    )
    parser.add_argument(
        "--alpha", type=fraction, default=None, help="learning rate (default 0.1; 1.0 with --tc)"
    )
    parser.add_argument(
        "--lambda",
        dest="lam",
        type=fraction,
        default=0.0,
        help="TD(lambda) at each game's end (default 0: TD(0), online)",
    )
    parser.add_argument(
        "--tc", action="store_true", help="temporal coherence: a learning rate per weight"
    )
    parser.add_argument(
        "--optimistic",
        type=float,
        default=0.0,
        metavar="VALUE",
        help="optimistic initialisation: every afterstate starts at VALUE",
    )
    parser.add_argument(
        "--restarts",
        type=count,
        default=0,
        help="after each game, play this many more from half-way through the one before",
    )
    add_seed_option(parser, 1, "the run's seed (default 1)")
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        help="threads sharing the weights lock-free (default 1; one per core at most)",
    )
    parser.add_argument(
        "--init",
        metavar="FILE",
        default=None,
        help="start a new run from this network's weights (same tuples and stages)",
    )
    parser.add_argument(
        "--checkpoint-every",
        type=positive_float,
        default=300.0,
        metavar="SECONDS",
        help="seconds between checkpoints (default 300)",
    )
    parser.add_argument(
        "--window",
        type=positive_int,
        default=1000,
        help="games per row of the learning curve and of the rates shown (default 1000)",
    )
    parser.add_argument(
        "--csv", default=None, metavar="FILE", help="the learning curve's CSV (default OUT.csv)"
    )
    parser.add_argument(
        "--plot",
        default=None,
        metavar="FILE",
        help="draw the learning curve (PNG or SVG; matplotlib, the report extra)",
    )
    add_quiet_option(parser)
    parser.add_argument(
        "--export",
        metavar="FILE",
        default=None,
        help="do not train: write OUT's network alone to FILE, compressed, for play or shipping",
    )
    parser.add_argument(
        "--storage",
        choices=("float32", "float16", "int16"),
        default="float32",
        help="with --export: how the weights are stored (float16 and int16: half the size)",
    )
    parser.add_argument(
        "--prune",
        type=float,
        default=0.0,
        metavar="SIZE",
        help="with --export: weights smaller than SIZE in magnitude become 0 (a smaller file)",
    )
    parser.add_argument(
        "--step",
        type=float,
        default=0.0,
        metavar="SIZE",
        help="with --export --storage int16: round the weights to multiples of SIZE "
        "(default: the finest int16 holds; a coarser step compresses smaller)",
    )
    parser.add_argument(
        "--compression",
        choices=("deflate", "lzma"),
        default="lzma",
        help="with --export: how the file is compressed (lzma, the default: about a fifth "
        "smaller than deflate, minutes to write a 4x6 network, as quick to read)",
    )
    parser.set_defaults(handler=run)


class _Display:
    """The progress: a live table on a terminal, else a line per curve row."""

    def __init__(self, console: Console, episodes: int, quiet: bool) -> None:
        self.console = console
        self.episodes = episodes
        self.quiet = quiet
        self.live: Any = None
        self.last: tuple[float, int, int] | None = None
        self.speed = (0.0, 0.0)

    def __enter__(self) -> _Display:
        if not self.quiet and self.console.is_terminal:
            from rich.live import Live

            self.live = Live(console=self.console, refresh_per_second=2, transient=False)
            self.live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live is not None:
            self.live.__exit__(None, None, None)

    def _table(self, curve: LearningCurve, seconds: float) -> Any:
        from rich.table import Table

        table = Table(
            title=f"learn 2048: {curve.episodes:,} of {self.episodes:,} games, {seconds:,.0f} s"
        )
        for name in ("games/s", "moves/s", "mean score", *(f"{tile}" for tile in _TILES)):
            table.add_column(name, justify="right")
        recent = curve.recent()
        rates = [f"{100 * recent[f'reached_{tile}']:.1f}%" if recent else "-" for tile in _TILES]
        score = f"{recent['mean_score']:,.0f}" if recent else "-"
        table.add_row(f"{self.speed[0]:,.1f}", f"{self.speed[1]:,.0f}", score, *rates)
        table.caption = f"rates and mean score over the last {curve.window:,} games"
        return table

    def progress(self, curve: LearningCurve, seconds: float, rows: list[list[float]]) -> None:
        now = time.monotonic()
        if self.last is None:  # the first batch of this process: no speed yet
            self.last = (now, curve.episodes, curve.moves)
        then, episodes, moves = self.last
        if now - then >= 1.0:
            spent = now - then
            self.speed = ((curve.episodes - episodes) / spent, (curve.moves - moves) / spent)
            self.last = (now, curve.episodes, curve.moves)
        if self.live is not None:
            self.live.update(self._table(curve, seconds))
            return
        if self.quiet:
            return
        for row in rows:
            named = dict(zip(curve.columns, row, strict=True))
            rates = " ".join(f"{tile}:{100 * named[f'reached_{tile}']:.1f}%" for tile in _TILES)
            self.console.print(
                f"{int(named['episodes']):>9,} games {int(named['moves']):>14,} moves "
                f"{named['seconds']:>8,.0f} s  {self.speed[1]:>9,.0f} moves/s  "
                f"mean {named['mean_score']:>9,.0f}  {rates}",
                highlight=False,
            )

    def checkpointed(self, seconds: float) -> None:
        if not self.quiet and self.live is None:
            self.console.print(f"checkpoint at {seconds:,.0f} s", highlight=False)


def _export(args: argparse.Namespace, run: Path, target: Path) -> int:
    """Write the network of the run in ``run`` alone (no learner state), compressed, its
    weights below ``--prune`` in magnitude set to 0, rounded to ``--step``."""
    import numpy as np

    from plyground.algorithms.learning.network_file import write_network
    from plyground.bots.g2048_td.learner import load_network, network_header
    from plyground.core.errors import SettingsError

    storage, prune, step = args.storage, args.prune, args.step
    if step < 0 or (step and storage != "int16"):
        raise SettingsError("--step rounds int16 weights: it needs --storage int16 and a size > 0")
    network, header, values, _ = load_network(run)
    exported = network_header(network)
    progress = header.get("progress", {})
    curve = progress.get("curve", {})
    exported["trained"] = {
        "games": curve.get("episodes"),
        "moves": curve.get("moves"),
        "seconds": progress.get("seconds"),
        "learner": header.get("learner"),
    }
    if prune > 0:
        values = np.where(np.abs(values) < prune, np.float32(0), values)
        exported["trained"]["pruned_below"] = prune
    write_network(
        target, exported, values, storage=storage, step=step, compression=args.compression
    )
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB, {storage})")
    return 0


def run(args: argparse.Namespace) -> int:
    """Train (or continue) the run in ``args.out``."""
    from rich.console import Console

    from plyground.algorithms.learning.curve import LearningCurve
    from plyground.algorithms.learning.run import train
    from plyground.bots.g2048_td.learner import G2048Learner, LearnerSettings

    alpha = args.alpha if args.alpha is not None else (1.0 if args.tc else 0.1)
    settings = LearnerSettings(
        stages=args.stages,
        alpha=alpha,
        lam=args.lam,
        coherence=args.tc,
        optimistic=args.optimistic,
        restarts=args.restarts,
        seed=args.seed,
    )
    if args.network is not None:
        settings = replace(settings, network=args.network)
    out = Path(args.out)
    if args.export:
        return _export(args, out, Path(args.export))
    csv_path = Path(args.csv) if args.csv else out.with_name(out.name + ".csv")
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    learner = G2048Learner(settings, workers=args.workers)
    curve = LearningCurve(args.window, _TILES, tuple(str(tile) for tile in _TILES))
    seconds = 0.0
    if out.exists():
        progress = learner.restore(out)
        curve = LearningCurve(int(progress["window"]), _TILES, tuple(str(tile) for tile in _TILES))
        curve.restore(progress["curve"])
        seconds = float(progress["seconds"])
        if args.init:
            console.print(f"continuing {out}: --init is used only by a new run", highlight=False)
        if not args.quiet:
            console.print(f"continuing {out} from {curve.episodes:,} games", highlight=False)
    elif args.init:
        learner.initialise_from(args.init)
    if curve.episodes >= args.episodes:
        console.print(
            f"{out} has trained {curve.episodes:,} games already (--episodes {args.episodes:,})"
        )
        return 0

    def checkpoint(at: float) -> None:
        state = {"window": curve.window, "curve": curve.state(), "seconds": at, "init": args.init}
        learner.save(out, state)
        curve.write_csv(csv_path)
        if args.plot:
            curve.plot(args.plot, f"2048, n-tuple network '{settings.network}'")

    with _Display(console, args.episodes, args.quiet) as display:
        stopped = train(
            learner,
            curve,
            args.episodes,
            workers=args.workers,
            checkpoint=checkpoint,
            every=args.checkpoint_every,
            observer=display,
            seconds=seconds,
        )
    if stopped is not None:
        print(
            f"plyground learn: stopped at {curve.episodes:,} games; the same command continues",
            file=sys.stderr,
        )
        return INTERRUPTED if stopped == 2 else TERMINATED
    recent = curve.recent()
    if recent and not args.quiet:
        rates = ", ".join(f"{tile} in {100 * recent[f'reached_{tile}']:.1f}%" for tile in _TILES)
        console.print(
            f"trained {curve.episodes:,} games; last {curve.window:,}: mean score "
            f"{recent['mean_score']:,.0f}, {rates}"
        )
    return 0
