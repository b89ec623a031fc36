"""Which pattern features pay: the held-out error of fits with some parameter groups only
(issue 46).

For each stage with exact labels (2 to 12 plies left by default) it fits the
stage with the global terms alone, with the line patterns added, with the
corner patterns added, and with everything, and prints the mean absolute
error in marks on the held-out games (never fitted).

    PYTHONPATH=src nice python benchmarks/adjacency_features.py --db labels.db
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small solves: threads only contend

from plyground.arena.adjacency_learning.fitting import fit_stage
from plyground.arena.adjacency_learning.store import LabelStore

SETS = {
    "globals": ("globals",),
    "+lines": ("globals", "edge4", "mid4"),
    "+corners": ("globals", "corner2x2", "corner2x3"),
    "all": ("globals", "edge4", "mid4", "corner2x2", "corner2x3"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db", type=Path, required=True, help="the label file (all of it: its training games)"
    )
    parser.add_argument("--plies", type=int, nargs=2, default=(2, 12), metavar=("LEAST", "MOST"))
    args = parser.parse_args()
    with LabelStore(args.db, read_only=True) as store:
        rows = [row for row in store.labelled(("exact",))]
    print(f"held-out mean absolute error (marks) by feature set, exact labels ({args.db})")
    print(f"{'plies':>5} {'fitted':>6} {'held':>5} " + " ".join(f"{name:>9}" for name in SETS))
    for plies in range(args.plies[0], args.plies[1] + 1):
        stage = [row for row in rows if row.plies_left == plies]
        fits = {name: fit_stage((plies, plies), stage, groups) for name, groups in SETS.items()}
        if any(fit is None for fit in fits.values()):
            continue
        first = next(iter(fits.values()))
        assert first is not None
        errors = " ".join(f"{fit.test_error:>9.3f}" for fit in fits.values() if fit is not None)
        print(f"{plies:>5} {first.train:>6} {first.test:>5} {errors}")


if __name__ == "__main__":
    main()
