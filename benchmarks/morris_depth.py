"""How deep the ``morris`` bot searches in 1 s and 5 s, in the placing and moving phases.

For each position (fixed texts: openings after a few placements, and
moving-phase positions from real games), a fresh bot searches with no depth
cap for each time limit; the script prints the deepest completed depth, the
nodes, and the node rate. Figures depend on the machine and its load: the
ratios within one run are what to compare.

    PYTHONPATH=src python benchmarks/morris_depth.py [--times 1 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from plyground.bots import make_bot
from plyground.core import Limit
from plyground.games import load_game
from plyground.games.morris.evaluation import phase_of

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=float, nargs="+", default=[1.0, 5.0])
    args = parser.parse_args()
    game = load_game("morris")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for phase, texts in POSITIONS.items():
        for seconds in args.times:
            depths, rates = [], []
            for text in texts:
                state = game.parse_state(text)
                assert phase_of(state) == phase
                bot = make_bot("morris", time=seconds, placing=200, moving=200, flying=200)
                cpu = time.process_time()
                info = bot.choose(state, Limit(time=seconds)).info
                cpu = time.process_time() - cpu
                depths.append(info.depth)
                rates.append(info.nodes / max(cpu, 1e-9))
                print(
                    f"  {phase:8s} {seconds:4.1f} s  depth {info.depth:2d}  {info.nodes:8d} nodes  "
                    f"{rates[-1]:7.0f} nodes per CPU second (CPU share {cpu / info.elapsed:.0%})"
                    f"  {text}",
                    flush=True,
                )
            print(
                f"{phase} phase, {seconds:g} s per move: depth {min(depths)}-{max(depths)} "
                f"(median {statistics.median(depths):g}), "
                f"{statistics.median(rates):.0f} nodes per CPU second median",
                flush=True,
            )


if __name__ == "__main__":
    main()
