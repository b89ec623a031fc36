"""Nodes per second and depth of the compiled adjacency search: hand-written vs learned
evaluation, side by side in one process (issue 46).

Positions from 8x8 games of 12 and 28 rounds (the start after a few fixed moves,
and the middle); each is searched for ``--time`` seconds by the engine with
the hand-written evaluation (the defaults for the game's length) and with the
learned one (the shipped weights), alternating which goes first, ``--repeat``
times. Prints each search's depth (the last it completed) and nodes/s (every
node it visited, its unfinished depth included, over the wall time), and the
ratio of the rates; then the nodes each needs to complete ``--depth`` from a
fresh table (the same work every time, independent of the load) and its rate,
the best of ``--repeat`` + 1 searches: the steadier of the two ratios on a
busy machine.

    PYTHONPATH=src nice python benchmarks/adjacency_learned_speed.py --time 1
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.engine import AdjacencyEngine
from plyground.games.adjacency.evaluation import default_weights
from plyground.games.adjacency.pattern_file import read_weights, shipped_weights
from plyground.games.adjacency.rules import AdjacencyState

POSITIONS = (
    ("adjacency(size=8,rounds=12)", (20, 30, 40, 12)),
    ("adjacency(size=8,rounds=12)", (20, 30, 40, 12, 21, 33, 19, 44, 28, 11)),
    ("adjacency(size=8,rounds=28)", (20, 30, 40, 12)),
    ("adjacency(size=8,rounds=28)", (20, 30, 40, 12, 21, 33, 19, 44, 28, 11, 35, 26, 43, 18)),
)


def _alternating(engines: dict[str, AdjacencyEngine], repeat: int) -> list[str]:
    """The engines' names in the order of this repeat: each goes first every other time."""
    return list(engines) if repeat % 2 == 0 else list(reversed(engines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per search")
    parser.add_argument("--repeat", type=int, default=2, help="searches per position and side")
    parser.add_argument("--weights", help="a pattern weights file (default: the shipped ones)")
    parser.add_argument("--depth", type=int, default=7, help="the depth whose nodes are counted")
    args = parser.parse_args()
    learned = read_weights(args.weights) if args.weights else shipped_weights()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ratios = []
    fixed_ratios = []
    for spec, moves in POSITIONS:
        game = load_game(spec)
        state = game.initial_state()
        for move in moves:
            state = state.play(move)
        assert isinstance(state, AdjacencyState)
        engines = {
            "hand-written": AdjacencyEngine(default_weights(game)),
            "learned": AdjacencyEngine(patterns=learned),
        }
        for engine in engines.values():  # compile or load, and touch the tables
            engine.search(state, Limit(depth=2))
        rates: dict[str, list[float]] = {name: [] for name in engines}
        depths: dict[str, list[int]] = {name: [] for name in engines}
        for repeat in range(args.repeat):
            for name in _alternating(engines, repeat):
                engine = engines[name]
                engine.new_game()
                began = time.perf_counter()
                result = engine.search(state, Limit(time=args.time))
                # every node visited, the unfinished depth's too: the search runs the whole
                # time and reports the nodes of the depths it completed
                rates[name].append(engine.nodes / (time.perf_counter() - began))
                depths[name].append(result.info.depth)
        ratio = statistics.fmean(rates["learned"]) / statistics.fmean(rates["hand-written"])
        ratios.append(ratio)
        print(f"{state.text()}  ({spec})")
        for name in engines:
            print(
                f"  {name:<13} depth {','.join(map(str, depths[name])):<8} "
                f"{statistics.fmean(rates[name]) / 1e6:6.2f} M nodes/s"
            )
        print(f"  learned / hand-written rate: {ratio:.2f}")
        counts: dict[str, int] = {}
        best: dict[str, float] = {}
        for repeat in range(args.repeat + 1):
            for name in _alternating(engines, repeat):
                engine = engines[name]
                engine.new_game()
                began = time.perf_counter()
                counts[name] = engine.search(state, Limit(depth=args.depth)).info.nodes
                seconds = time.perf_counter() - began
                best[name] = min(best.get(name, math.inf), seconds)
        fixed = (counts["learned"] / best["learned"]) / (
            counts["hand-written"] / best["hand-written"]
        )
        fixed_ratios.append(fixed)
        print(
            f"  depth {args.depth} from a fresh table: "
            f"hand-written {counts['hand-written']:,} nodes "
            f"at {counts['hand-written'] / best['hand-written'] / 1e6:.2f} M/s, learned "
            f"{counts['learned']:,} ({counts['learned'] / counts['hand-written']:.2f}x) at "
            f"{counts['learned'] / best['learned'] / 1e6:.2f} M/s (best of {args.repeat + 1}): "
            f"rate {fixed:.2f}"
        )
    print(
        f"mean rate ratio: timed {statistics.fmean(ratios):.2f}, fixed depth "
        f"{statistics.fmean(fixed_ratios):.2f}; load average at end: "
        f"{os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
