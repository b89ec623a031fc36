"""Training speed of ``plyground learn 2048`` against TDL2048+, paired in one run.

    PYTHONPATH=src python benchmarks/learn_2048_speed.py ../shared/anchors/tdl2048 \\
        --episodes 2000 --rounds 3

The same work on both sides: the 4x6-tuple network ``012345 456789 012456 45689a`` with
its 8 symmetries, from zero weights, TD(0) with alpha 0.1 (spread over the 32 features),
1-ply play, one thread, ``--episodes`` games from the same seed. TDL2048+ (MIT, a copy in
the anchors) is built from its sources into ``--build`` (a temporary directory outside
the repository; nothing of it is in this repository) and run as its README says (``-n
4x6patt -t 1xN -s SEED``). Speed is moves per *CPU* second, so that the machine's other
jobs (it is shared) do not count: theirs is the moves it reports (``ops`` x its time)
over its whole process's CPU time (start-up and allocation included, which favours us a
little), ours the episodes' moves over the CPU time of the episodes alone (after the
compiled kernels are loaded and the weights allocated), each in a fresh process. The
two alternate, A B A B; printed per round: each side's moves per CPU second and mean
score (a check that both learned alike), the ratio ours / theirs, then the median.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

NETWORK = "012345 456789 012456 45689a"

_OURS = """
import json, sys, time
import numpy as np
from plyground.bots.g2048_td.learner import G2048Learner, LearnerSettings
episodes, seed = int(sys.argv[1]), int(sys.argv[2])
warm = G2048Learner(LearnerSettings(network="0123", seed=seed))
warm.batch(0, 1)  # load the compiled kernels (the same ones for every network)
learner = G2048Learner(LearnerSettings(network=sys.argv[3], seed=seed))
start = time.process_time()
moves, scores, _ = learner.batch(0, episodes)
seconds = time.process_time() - start
print(json.dumps({"moves": int(moves.sum()), "seconds": seconds, "mean": float(scores.mean())}))
"""


def build(anchor: Path, where: Path) -> Path:
    """TDL2048+ built from a copy of its sources in ``where``; returns the program."""
    target = where / "tdl2048"
    if not (target / "2048").exists():
        shutil.copytree(anchor, target, dirs_exist_ok=True)
        subprocess.run(["make", "-C", str(target)], check=True, capture_output=True)
    return target / "2048"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def theirs(program: Path, episodes: int, seed: int) -> tuple[float, float]:
    """TDL2048+'s moves per CPU second (its whole process) and mean score."""
    before = _children_cpu()
    done = subprocess.run(
        [str(program), "-n", "4x6patt", "-t", f"1x{episodes}", "-s", str(seed)],
        capture_output=True, text=True, check=True, cwd=program.parent,
    )  # fmt: skip
    cpu = _children_cpu() - before
    rate = re.search(r"\d+/\d+ (\d+)ms ([\d.]+)ops", done.stdout)
    mean = re.search(r"total:\s+avg=(\d+)", done.stdout)
    if rate is None or mean is None:
        raise SystemExit(f"could not read TDL2048+'s output:\n{done.stdout}")
    moves = float(rate.group(2)) * int(rate.group(1)) / 1000
    return moves / cpu, float(mean.group(1))


def ours(episodes: int, seed: int) -> tuple[float, float]:
    """Our learner's moves per CPU second (the episodes alone) and mean score."""
    done = subprocess.run(
        [sys.executable, "-c", _OURS, str(episodes), str(seed), NETWORK],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["moves"] / figures["seconds"], figures["mean"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "anchor", type=Path, help="the TDL2048+ sources (../shared/anchors/tdl2048)"
    )
    parser.add_argument(
        "--build", type=Path, default=None, help="build directory (default: temporary)"
    )
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    where = args.build or Path(tempfile.mkdtemp(prefix="tdl2048-"))
    program = build(args.anchor.resolve(), where)
    print(f"4x6 network, TD(0) alpha 0.1, 1-ply, 1 thread, {args.episodes} games from scratch")
    columns = f"{'ours moves/cpu-s':>16} {'mean':>7} {'TDL2048+ moves/cpu-s':>20} {'mean':>7}"
    print(f"{'round':>5} {columns} {'ratio':>6}")
    ratios = []
    for round_ in range(1, args.rounds + 1):
        our_rate, our_mean = ours(args.episodes, args.seed)
        their_rate, their_mean = theirs(program, args.episodes, args.seed)
        ratios.append(our_rate / their_rate)
        print(
            f"{round_:>5} {our_rate:>16,.0f} {our_mean:>7,.0f} {their_rate:>20,.0f} "
            f"{their_mean:>7,.0f} {ratios[-1]:>6.2f}",
            flush=True,
        )
    print(f"median ratio ours / TDL2048+: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
