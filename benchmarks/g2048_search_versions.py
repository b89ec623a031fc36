"""Speed of the ``2048`` bot's compiled search (its heuristic) in this tree against another
commit's, paired in one run.

    PYTHONPATH=src python benchmarks/g2048_search_versions.py 4ab370d --rounds 8

The positions of ``benchmarks/g2048.py``'s speed test (every 25 moves of the game of seed 5
played by ``2048:depth=2``), searched by ``2048:depth=DEPTH,cut=0.001`` ``--reps`` times
each with a fresh transposition table, in evaluated moves per CPU second of the searches
alone. The other commit's ``src`` is extracted with ``git archive`` into a temporary
directory; each version runs in a fresh process (its own numba cache), the two alternate,
A B A B. Printed per round: both rates and the ratio this tree / the other, then the
median ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_MEASURE = """
import json, random, sys, time
from plyground.bots import make_bot
from plyground.core.chance import draw_outcome
from plyground.games import load_game

depth, reps = int(sys.argv[1]), int(sys.argv[2])
game = load_game("2048")
player = make_bot("2048:depth=2")
rng = random.Random(5)
state = game.initial_state()
sample, moves = [], 0
while not state.is_terminal() and len(sample) < 40:
    if state.is_chance():
        state = state.play(draw_outcome(state.chance_outcomes(), rng))
        continue
    if moves % 25 == 0:
        sample.append(state)
    state = state.play(player.choose(state).move)
    moves += 1
spec = f"2048:depth={depth},cut=0.001,time=3600"
make_bot(spec).choose(sample[0])  # load the kernels
nodes, cpu = 0, 0.0
for _ in range(reps):
    bot = make_bot(spec)
    bot.new_game(game)
    start = time.process_time()
    for position in sample:
        nodes += bot.choose(position).info.nodes
    cpu += time.process_time() - start
print(json.dumps({"rate": nodes / cpu, "positions": len(sample)}))
"""


def rate(src: Path, depth: int, reps: int) -> float:
    """Evaluated moves per CPU second of the search in the tree ``src``."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(depth), str(reps)],
        capture_output=True, text=True, check=True, env={"PYTHONPATH": str(src), "PATH": ""},
    )  # fmt: skip
    figures: float = json.loads(done.stdout.strip().splitlines()[-1])["rate"]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the other version: a commit of this repository")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--reps", type=int, default=25)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    other = Path(tempfile.mkdtemp(prefix="g2048-version-"))
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", args.commit, "src"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(other)], input=archive.stdout, check=True)
    print(f"depth {args.depth}, cut 0.001, {args.reps} passes; evaluated moves per CPU second")
    print(f"{'round':>5} {args.commit:>14} {'this tree':>14} {'ratio':>6}")
    ratios = []
    for round_ in range(1, args.rounds + 1):
        theirs = rate(other / "src", args.depth, args.reps)
        ours = rate(root / "src", args.depth, args.reps)
        ratios.append(ours / theirs)
        print(f"{round_:>5} {theirs:>14,.0f} {ours:>14,.0f} {ratios[-1]:>6.2f}", flush=True)
    print(f"median ratio this tree / {args.commit}: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
