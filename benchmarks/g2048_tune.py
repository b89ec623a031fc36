"""Compare weight sets of the 2048 heuristic in seeded games of a cheap, fixed-depth bot.

    PYTHONPATH=src python benchmarks/g2048_tune.py --games 16 --depth 2 --jobs 2

Each variant changes a few weights of the defaults
(:class:`plyground.games.g2048.evaluation.G2048Weights`) and plays the same
seeded games (same seeds: the same spawns for the same moves). A shallow
search makes the heuristic carry more of the play, so differences show in
minutes; docs/2048.md records the runs and what was chosen. To search the
weights rather than compare named variants: ``plyground tune 2048:depth=2
--game 2048`` (docs/tuning.md).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

from plyground.arena.play.solo import play_solo
from plyground.arena.runs.backends import die_with_parent
from plyground.bots import make_bot
from plyground.games import load_game
from plyground.games.g2048 import G2048State

VARIANTS: dict[str, dict[str, float]] = {
    "default": {},
    "smoothness 10": {"smoothness": 10.0},
    "smoothness 40": {"smoothness": 40.0},
    "no merges term": {"merges": 0.0},
    "empty 500": {"empty": 500.0},
    "empty 100": {"empty": 100.0},
    "monotonicity 100": {"monotonicity": 100.0},
    "monotonicity 20": {"monotonicity": 20.0},
    "no sum term": {"sum": 0.0},
    "sum of squares (power 2)": {"sum_power": 2.0, "sum": 60.0},
    "sum of squares, empty 100": {"sum_power": 2.0, "sum": 60.0, "empty": 100.0},
    "runs 700 (the anchor's merges)": {"runs": 700.0},
    "runs 350": {"runs": 350.0},
}


def play(job: tuple[str, str, int, int]) -> tuple[str, int, int, int]:
    """One game: (variant, score, largest tile, moves)."""
    name, spec, seed, _ = job
    result = play_solo(load_game("2048"), make_bot(spec), seed)
    final = result.final
    assert isinstance(final, G2048State)
    return name, final.score, final.max_tile(), result.moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="variant names to run")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="g2048-tune-"))
    jobs = []
    names = [n for n in VARIANTS if args.only is None or n in args.only]
    for index, name in enumerate(names):
        path = folder / f"variant{index}.json"
        path.write_text(json.dumps(VARIANTS[name]))
        spec = f"2048:depth={args.depth},weights={path}"
        jobs += [(name, spec, args.seed + g, args.depth) for g in range(args.games)]
    print(
        f"{len(names)} variants x {args.games} games (seeds {args.seed}..), depth {args.depth}",
        flush=True,
    )
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs, initializer=die_with_parent) as pool:
        results = pool.map(play, jobs)
    print(f"{'variant':<26} {'mean':>8} {'median':>8} {'>=2048':>7} {'>=4096':>7} {'moves':>6}")
    for name in names:
        mine = [r for r in results if r[0] == name]
        scores = [r[1] for r in mine]
        print(
            f"{name:<26} {statistics.mean(scores):>8,.0f} {statistics.median(scores):>8,.0f} "
            f"{sum(r[2] >= 2048 for r in mine):>7} {sum(r[2] >= 4096 for r in mine):>7} "
            f"{statistics.median(r[3] for r in mine):>6,.0f}"
        )
    print(f"{time.perf_counter() - started:,.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
