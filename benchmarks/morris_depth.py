"""How deep and how fast the Morris searches go in 1 s and 5 s, placing and moving.

For each position (fixed texts: openings after a few placements, and
moving-phase positions from real games) and each time limit, two searches
run with a fresh table and no depth cap, one after the other:

* ``compiled``: the ``morris`` bot's search now, :class:`MorrisEngine` with
  the default evaluation (each position weighed by its own phase);
* ``reference``: the bot as it was, the generic :class:`AlphaBeta` with the
  seed's weights and the root's phase (the ``evaluation=seed,engine=reference``
  bot).

The script prints the deepest completed depth, the nodes and the nodes per
CPU second of each, and their ratio. Figures depend on the machine and its
load: the ratios within one run are what to compare.

    PYTHONPATH=src python benchmarks/morris_depth.py [--times 1 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from plyground.algorithms.search import AlphaBeta
from plyground.core import Limit
from plyground.games import load_game
from plyground.games.morris import MorrisState
from plyground.games.morris.engine import MorrisEngine, warm_up
from plyground.games.morris.evaluation import MorrisEvaluator, MorrisWeights, phase_of

POSITIONS = {
    "placing": [
        ".../.../.../....../.../.../... W 9 9 0",
        "B.W/..W/.BB/B..WB./..W/WW./..B W 3 3 12",
        "W../.B./..W/.B..../.W./B../... W 6 6 6",
    ],
    "moving": [
        "W.B/.WB/W.B/BW..WB/WB./.BW/B.W W 0 0 40",
        "W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30",
        "WWW/.../B.W/WWW.../.B./BW./WB. W 0 0 152",
    ],
}


def searches(phase: str) -> dict[str, AlphaBeta | MorrisEngine]:
    """The two searches, fresh (the bot's own code paths, kept at hand so that their node
    counters include the last, unfinished iteration)."""
    return {
        "compiled": MorrisEngine(MorrisEvaluator()),
        "reference": AlphaBeta(MorrisEvaluator(MorrisWeights.seed(), phase)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=float, nargs="+", default=[1.0, 5.0])
    args = parser.parse_args()
    game = load_game("morris")
    warm_up()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for phase, texts in POSITIONS.items():
        for seconds in args.times:
            depths: dict[str, list[int]] = {"compiled": [], "reference": []}
            rates: dict[str, list[float]] = {"compiled": [], "reference": []}
            for text in texts:
                state = game.parse_state(text)
                assert isinstance(state, MorrisState)
                assert phase_of(state) == phase
                for name, search in searches(phase).items():
                    cpu, wall = time.process_time(), time.perf_counter()
                    info = search.search(state, Limit(time=seconds)).info
                    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                    depths[name].append(info.depth)
                    rates[name].append(search.nodes / max(cpu, 1e-9))
                    print(
                        f"  {phase:8s} {seconds:4.1f} s  {name:9s} depth {info.depth:2d}  "
                        f"{search.nodes:10d} nodes  {rates[name][-1]:9.0f} nodes per CPU second "
                        f"(CPU share {cpu / wall:.0%})  {text}",
                        flush=True,
                    )
            for name, reached in depths.items():
                print(
                    f"{phase} phase, {seconds:g} s per move, {name}: depth "
                    f"{min(reached)}-{max(reached)} (median "
                    f"{statistics.median(reached):g}), "
                    f"{statistics.median(rates[name]):.0f} nodes per CPU second median",
                    flush=True,
                )
            ratio = statistics.median(
                fast / slow
                for fast, slow in zip(rates["compiled"], rates["reference"], strict=True)
            )
            print(f"{phase} phase, {seconds:g} s: compiled/reference node rate {ratio:.1f}x")


if __name__ == "__main__":
    main()
