"""Adjacency game: learn the pattern evaluation from exact values (generate, label, fit).

Every step reads and writes one SQLite label file (--db), committing each game
and each label as it is found: a run stopped any way (Ctrl-C, kill) loses
only the work in flight, and the same command continues. Fitting reads the
labels only, so it can be redone with other settings without labelling again.

  plyground learn adjacency generate --db labels.db --games 500
  plyground learn adjacency label --db labels.db --plies 2,12
  plyground learn adjacency label --db labels.db --plies 13,16 --split test --limit 200
  plyground learn adjacency fit --db labels.db --out weights.json --plot fit.png
  plyground learn adjacency stages --db labels.db --out weights.json --depth 4
  plyground learn adjacency status --db labels.db

generate plays games between the project's bots from random openings (8x8:
8, 10, 12, 20 and 28 rounds); label solves positions exactly (--plies, and
--most-empty for cheap long-game positions); fit fits one weight set per
stage of plies left by ridge least squares, printing the held-out error per
stage (and plotting it with --plot); stages labels the stages before the
exact ones by the learned evaluation's own search, stage by stage backwards,
fitting after each; export copies the exact labels (with their positions and
games) to a compact label file that fit reads as well; status prints what the
file holds and what it cost.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Sequence
from types import FrameType
from typing import TYPE_CHECKING

from plyground.cli.groups import INTERRUPTED

if TYPE_CHECKING:
    from plyground.arena.adjacency_learning.fitting import StageFit
    from plyground.arena.adjacency_learning.labelling import Progress
    from plyground.arena.adjacency_learning.store import Label, LabelStore

__all__ = ["configure"]


def _plies(text: str) -> tuple[int, int]:
    try:
        low, high = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected two plies like 2,12, got {text!r}") from None
    if not 1 <= low <= high <= 56:
        raise argparse.ArgumentTypeError(f"plies must be 1 <= least <= most <= 56, got {text!r}")
    return low, high


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Options of ``plyground learn adjacency``."""
    steps = parser.add_subparsers(title="steps", dest="step", metavar="STEP", required=True)
    generate = steps.add_parser("generate", help="play games and store their positions")
    generate.add_argument("--games", type=_positive, required=True, help="games in the file")
    generate.add_argument("--first-seed", type=int, default=1, help="seed of the first game")
    label = steps.add_parser("label", help="label positions with their exact values")
    label.add_argument("--plies", type=_plies, default=(2, 12), help="plies left (least,most)")
    label.add_argument(
        "--most-empty", type=_positive, default=64, help="only positions with so few empty cells"
    )
    label.add_argument("--split", choices=("train", "test"), help="only this side's games")
    label.add_argument("--limit", type=_positive, help="label at most this many")
    fit = steps.add_parser("fit", help="fit the stages' weights; print the held-out error")
    fit.add_argument("--out", required=True, help="the weights file to write")
    fit.add_argument("--plot", help="a PNG of the error per stage")
    fit.add_argument(
        "--features",
        choices=("all", "globals"),
        default="all",
        help="fit every parameter group, or the global terms alone (default: all)",
    )
    stages = steps.add_parser("stages", help="label earlier stages by search, backwards")
    stages.add_argument("--out", required=True, help="the weights file to write")
    stages.add_argument("--depth", type=_positive, default=4, help="plies each search looks")
    stages.add_argument(
        "--per-stage", type=_positive, default=600, help="labels per stage (exact ones count)"
    )
    stages.add_argument("--plot", help="a PNG of the error per stage")
    export = steps.add_parser("export", help="copy the exact labels to a compact label file")
    export.add_argument("--out", required=True, help="the new label file")
    export.add_argument("--split", choices=("train", "test"), help="only this side's games")
    export.add_argument(
        "--plies", type=_plies, default=(1, 56), help="only positions with these plies left"
    )
    steps.add_parser("status", help="what the file holds and what it cost")
    for sub in (fit, stages):
        sub.add_argument(
            "--game",
            metavar="SPEC",
            help="fit (and label) one game's positions only, e.g. "
            "'adjacency(size=8,rounds=28,first=X)' (default: every game)",
        )
    for sub in (generate, label, fit, stages, export, steps.choices["status"]):
        sub.add_argument("--db", required=True, help="the SQLite label file")
        sub.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.set_defaults(handler=_run)


class _Stop:
    """Set on SIGTERM: the step ends after the label in flight (what is stored stays)."""

    def __init__(self) -> None:
        self.requested = False
        signal.signal(signal.SIGTERM, self._request)

    def _request(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True

    def __call__(self) -> bool:
        return self.requested


def _run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one return per step
    # One BLAS thread: the solves are small, and on a shared machine threads only contend
    # (a stage's fit took 5.5 s with the default threads at load 8, 0.7 s with one).
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    from plyground.arena.adjacency_learning.store import LabelStore

    stop = _Stop()
    try:
        with LabelStore(args.db, read_only=args.step in ("status", "fit", "export")) as store:
            if args.step == "generate":
                return _generate(store, args, stop)
            if args.step == "label":
                return _label(store, args, stop)
            if args.step == "fit":
                return _fit(store, args)
            if args.step == "stages":
                return _stages(store, args, stop)
            if args.step == "export":
                copied = store.export(args.out, split=args.split, plies=args.plies)
                print(f"{copied} exact labels copied to {args.out}")
                return 0
            return _status(store)
    except KeyboardInterrupt:
        print(
            "stopped: every label stored so far is kept; run the same command to go on",
            file=sys.stderr,
        )
        return INTERRUPTED


def _say(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(text, flush=True)


def _generate(store: LabelStore, args: argparse.Namespace, stop: _Stop) -> int:
    from plyground.arena.adjacency_learning.games import play_game

    wanted = range(args.first_seed, args.first_seed + args.games)
    have = store.seeds()
    todo = [seed for seed in wanted if seed not in have]
    started = time.perf_counter()
    for done, seed in enumerate(todo, 1):
        if stop():
            break
        game = play_game(seed)
        store.add_game(game)
        _say(
            args,
            f"game {done}/{len(todo)} seed {seed} {game.game} {game.split} "
            f"{len(game.positions)} positions {game.seconds:.2f} s",
        )
    games, positions, seconds = store.game_summary()
    print(
        f"{games} games, {positions} positions; playing cost {seconds:.1f} s "
        f"({time.perf_counter() - started:.1f} s this run)"
    )
    return 0


def _label(store: LabelStore, args: argparse.Namespace, stop: _Stop) -> int:
    from plyground.arena.adjacency_learning.labelling import label_exact

    started = time.perf_counter()

    def hear(done: int, total: int, label: Label) -> None:
        _say(
            args,
            f"label {done}/{total} plies {label.depth} value {label.value:+.0f} "
            f"nodes {label.nodes} {label.seconds:.3f} s",
        )

    done = label_exact(
        store,
        args.plies,
        split=args.split,
        most_empty=args.most_empty,
        limit=args.limit,
        on_label=hear,
        stopping=stop,
    )
    print(f"{done} positions labelled exactly in {time.perf_counter() - started:.1f} s")
    return 0


def _status(store: LabelStore) -> int:
    games, positions, seconds = store.game_summary()
    print(f"{games} games, {positions} positions (playing them: {seconds:.1f} s)")
    print(f"{'kind':<7} {'plies':>5} {'labels':>7} {'held out':>8} {'nodes':>14} {'seconds':>9}")
    for kind, plies, count, nodes, spent, held in store.counts():
        print(f"{kind:<7} {plies:>5} {count:>7} {held:>8} {nodes:>14,} {spent:>9.1f}")
    return 0


def _print_fits(fits: Sequence[StageFit]) -> None:
    print(
        f"{'plies':>7} {'fitted':>6} {'held':>5} {'ridge':>6} {'MAE fit':>8} "
        f"{'MAE held':>8} {'hand-written':>12} {'material':>8}"
    )
    for fit in fits:
        low, high = fit.plies
        span = f"{low}-{high}" if low != high else str(low)
        print(
            f"{span:>7} {fit.train:>6} {fit.test:>5} {fit.penalty:>6g} {fit.train_error:>8.3f} "
            f"{fit.test_error:>8.3f} {fit.handwritten_error:>12.3f} {fit.material_error:>8.3f}"
        )


def _fit(store: LabelStore, args: argparse.Namespace) -> int:
    """Fit every stage with labels, print the table, write the weights (and the plot)."""
    from plyground.arena.adjacency_learning.fitting import FEATURE_SETS, fit_stages, plot_errors
    from plyground.games.adjacency.pattern_file import write_weights

    started = time.perf_counter()
    labelled = [row for row in store.labelled() if args.game in (None, row.game)]
    fits, weights = fit_stages(labelled, groups=FEATURE_SETS[args.features])
    if weights is None:
        print("no stage has enough labelled positions to fit: label more first", file=sys.stderr)
        return 1
    _print_fits(fits)
    write_weights(weights, args.out)
    if args.plot:
        plot_errors(fits, args.plot)
        print(f"plot: {args.plot}")
    print(
        f"weights: {args.out} ({len(fits)} stages); fitting took "
        f"{time.perf_counter() - started:.1f} s"
    )
    return 0


def _stages(store: LabelStore, args: argparse.Namespace, stop: _Stop) -> int:
    """Fit the exactly labelled stages; then, stage by stage backwards from the end, label
    the next stage by a search of the weights fitted so far and fit it."""
    from plyground.arena.adjacency_learning.fitting import (
        STAGES,
        fit_stage,
        plot_errors,
        weights_of,
    )
    from plyground.arena.adjacency_learning.labelling import label_search
    from plyground.games.adjacency.pattern_file import write_weights

    started = time.perf_counter()
    labelled = [row for row in store.labelled() if args.game in (None, row.game)]
    fits: list[StageFit] = []
    for span in STAGES:
        if stop():
            break
        rows = [row for row in labelled if span[0] <= row.plies_left <= span[1]]
        exact = sum(row.kind == "exact" for row in rows)
        wanted = args.per_stage - store.label_count("search", span, args.game) - exact
        weights = weights_of(fits)
        if wanted > 0 and weights is not None:
            began = time.perf_counter()
            done = label_search(
                store,
                span,
                weights,
                args.depth,
                limit=wanted,
                on_label=_stage_progress(args, span),
                stopping=stop,
                game=args.game,
            )
            _say(
                args,
                f"stage {span[0]}-{span[1]}: {done} positions labelled by depth-{args.depth} "
                f"search in {time.perf_counter() - began:.1f} s",
            )
            rows = [
                row
                for row in store.labelled()
                if span[0] <= row.plies_left <= span[1] and args.game in (None, row.game)
            ]
        fit = fit_stage(span, rows)
        if fit is None:
            print(f"stage {span[0]}-{span[1]}: too few labels to fit; stopping", file=sys.stderr)
            break
        fits.append(fit)
        fitted = weights_of(fits)
        assert fitted is not None
        write_weights(fitted, args.out)
    _print_fits(fits)
    if args.plot and fits:
        plot_errors(fits, args.plot)
        print(f"plot: {args.plot}")
    print(
        f"weights: {args.out} ({len(fits)} stages); labelling and fitting took "
        f"{time.perf_counter() - started:.1f} s"
    )
    return 0


def _stage_progress(args: argparse.Namespace, span: tuple[int, int]) -> Progress:
    def hear(done: int, total: int, label: Label) -> None:
        _say(
            args,
            f"stage {span[0]}-{span[1]}: label {done}/{total} "
            f"value {label.value:+.2f} nodes {label.nodes} {label.seconds:.3f} s",
        )

    return hear
