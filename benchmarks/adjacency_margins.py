"""Mean final margin of one player over another in stored adjacency tournaments (issue 46).

Between strong adjacency bots a colour-swapped pair usually splits 1-1 (the
second mover wins most games), so wins and losses say little; the margins say
more (docs/adjacency-engine.md). For each tournament in a record database it
prints the games, the first-named player's wins, draws and losses, and its
mean margin per game (marks) with a 95% interval over the pairs (a pair's two
games from one opening, so the opening's bias cancels), as X and as O, and the
nodes its searches visited per move beside the other player's (moves searched,
not answered from the book or by the endgame solver).

    PYTHONPATH=src python benchmarks/adjacency_margins.py --db strength.db --player learned
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the record database")
    parser.add_argument("--player", required=True, help="the player's name in the records")
    args = parser.parse_args()
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    rows = db.execute("SELECT tournament_id, key, record FROM games ORDER BY tournament_id, id")
    by_tournament: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    for tournament, key, record in rows:
        by_tournament[tournament].append((key, json.loads(record)))
    print(
        f"{'tournament':<22} {'games':>5} {'W-D-L':>9} {'margin/game':>16} {'as X':>6} {'as O':>6}"
    )
    for tournament, games in by_tournament.items():
        pairs: dict[str, list[float]] = defaultdict(list)
        sides: dict[int, list[float]] = defaultdict(list)
        wins = draws = losses = 0
        nodes: dict[bool, list[int]] = defaultdict(list)
        for key, record in games:
            names = [player["name"] for player in record["players"]]
            if args.player not in names:
                continue
            seat = names.index(args.player)
            for ply, move in enumerate(record["moves"]):
                info = move.get("info") or {}
                if info.get("nodes") and not (info.get("extra") or {}).get("exact"):
                    nodes[ply % 2 == seat].append(int(info["nodes"]))
            margin = float(record["returns"][seat])
            sides[seat].append(margin)  # the first player plays X
            pairs[key.rsplit("/", 1)[0]].append(margin)  # "r28/a/b/p3/g1": pair p3
            wins += margin > 0
            draws += margin == 0
            losses += margin < 0
        means = [statistics.fmean(m) for m in pairs.values()]
        spread = 1.96 * statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else 0.0
        count = sum(len(m) for m in pairs.values())
        print(
            f"{tournament:<22} {count:>5} {f'{wins}-{draws}-{losses}':>9} "
            f"{f'{statistics.fmean(means):+.2f} ± {spread:.2f}':>16} "
            f"{statistics.fmean(sides[0]) if sides[0] else float('nan'):>+6.2f} "
            f"{statistics.fmean(sides[1]) if sides[1] else float('nan'):>+6.2f} "
            f"{_mean(nodes[True]):>11,.0f} / {_mean(nodes[False]):>10,.0f}"
        )


def _mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else float("nan")


if __name__ == "__main__":
    main()
