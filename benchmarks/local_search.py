"""Speed of the local-search bots: fitness evaluations per second, and what a move's search did.

Run from a checkout: ``PYTHONPATH=src python benchmarks/local_search.py [--time 0.2]``.
Prints, for each bot on the 8-round 8x8 start and on a middle-game position,
the evaluations, evaluations per second and the search's own counts. Figures
are noisy on a shared machine; compare bots measured in the same run.
"""

from __future__ import annotations

import argparse

from plyground import Limit, load_game, make_bot

BOTS = (
    "hillclimb:variant=restart",
    "hillclimb:variant=steepest",
    "hillclimb:variant=sideways",
    "hillclimb:variant=stochastic",
    "annealing",
    "genetic",
)
POSITIONS = (
    ("start", "6OO/6OO/8/8/8/8/XX6/XX6 X 16"),
    ("middle", "6OO/5XOO/3OXO2/2XX4/3O4/2X5/XXO5/XX6 X 10"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move (default 0.2)")
    parser.add_argument("--seed", type=int, default=1, help="bot seed (default 1)")
    args = parser.parse_args()
    game = load_game("adjacency(size=8,rounds=8)")
    print(f"{'bot':30} {'position':8} {'evals':>7} {'evals/s':>8} {'score':>6}  counts")
    for label, text in POSITIONS:
        state = game.parse_state(text)
        for spec in BOTS:
            info = make_bot(spec, seed=args.seed).choose(state, Limit(time=args.time)).info
            rate = info.nodes / info.elapsed if info.elapsed else 0.0
            counts = ", ".join(f"{k}={v}" for k, v in info.extra.items())
            print(f"{spec:30} {label:8} {info.nodes:7d} {rate:8.0f} {info.score:6.2f}  {counts}")


if __name__ == "__main__":
    main()
