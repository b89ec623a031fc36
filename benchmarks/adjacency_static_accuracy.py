"""Static accuracy of the adjacency evaluations against exact values (issue 46).

On the held-out games of a label file (``plyground learn adjacency``: never
fitted), every position with an exact label and 12 to 16 plies left is
valued by the hand-written evaluation (the measured defaults for its game's
length) and by the learned one; it prints, per plies left and in all, the
mean absolute error in marks with two standard errors, and how many positions.

    PYTHONPATH=src nice python benchmarks/adjacency_static_accuracy.py
    PYTHONPATH=src nice python benchmarks/adjacency_static_accuracy.py --db labels.db \
        --weights weights.json --plies 2 16
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from plyground.arena.adjacency_learning.store import LabelStore
from plyground.core.errors import PlygroundError
from plyground.games import load_game
from plyground.games.adjacency.evaluation import AdjacencyEvaluator, default_weights
from plyground.games.adjacency.pattern_file import read_weights, shipped_weights
from plyground.games.adjacency.patterns import PatternEvaluator
from plyground.games.adjacency.rules import parse_position

DATA = Path(__file__).parent / "data" / "adjacency-labels.sqlite3"


def _mean(errors: list[float]) -> str:
    if not errors:
        return "-"
    spread = 2 * statistics.stdev(errors) / len(errors) ** 0.5 if len(errors) > 1 else 0.0
    return f"{statistics.fmean(errors):.2f} ± {spread:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DATA, help="the label file")
    parser.add_argument("--weights", help="a pattern weights file (default: the shipped ones)")
    parser.add_argument("--plies", type=int, nargs=2, default=(12, 16), metavar=("LEAST", "MOST"))
    args = parser.parse_args()
    try:
        weights = read_weights(args.weights) if args.weights else shipped_weights()
        with LabelStore(args.db, read_only=True) as store:
            rows = [
                row
                for row in store.labelled(("exact",))
                if row.split == "test" and args.plies[0] <= row.plies_left <= args.plies[1]
            ]
    except PlygroundError as error:
        print(f"adjacency_static_accuracy: {error}", file=sys.stderr)
        sys.exit(2)
    learned = PatternEvaluator(weights)
    hand: dict[str, AdjacencyEvaluator] = {}
    errors: dict[tuple[int, str], list[float]] = defaultdict(list)
    rounds: dict[int, set[int]] = defaultdict(set)
    for row in rows:
        state = parse_position(row.position)
        if row.game not in hand:
            hand[row.game] = AdjacencyEvaluator(default_weights(load_game(row.game)))
        for plies in (row.plies_left, 0):  # 0: all plies together
            errors[plies, "hand"].append(abs(hand[row.game].evaluate(state) - row.value))
            errors[plies, "learned"].append(abs(learned.evaluate(state) - row.value))
        rounds[row.plies_left].add(int(load_game(row.game).settings["rounds"]))
    print(
        f"{len(rows)} held-out positions with exact values, {args.plies[0]}-{args.plies[1]} "
        f"plies left ({args.db})"
    )
    print(f"{'plies':>5} {'positions':>9} {'hand-written MAE':>17} {'learned MAE':>13}  rounds")
    for plies in sorted({row.plies_left for row in rows}):
        print(
            f"{plies:>5} {len(errors[plies, 'hand']):>9} {_mean(errors[plies, 'hand']):>17} "
            f"{_mean(errors[plies, 'learned']):>13}  {','.join(map(str, sorted(rounds[plies])))}"
        )
    print(
        f"{'all':>5} {len(errors[0, 'hand']):>9} {_mean(errors[0, 'hand']):>17} "
        f"{_mean(errors[0, 'learned']):>13}"
    )


if __name__ == "__main__":
    main()
