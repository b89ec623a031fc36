"""Tournament throughput: games per second at 10 ms per move, with 1 and 2 workers.

Two alpha-beta bots that use their whole 10 ms per move play a round-robin
of 8-round adjacency games (16 plies, so about 0.16 s of thinking a game)
on the local process pool, stored in a temporary database as a real
tournament is. Each pool is warmed up first (workers started, kernels
compiled) on games of another tournament, so the figure is the steady rate.
The scaling ratio is the 2-worker rate over the 1-worker rate (2.0 is
perfect on 2 free cores; the machine is shared, so read it with the load).

Usage: PYTHONPATH=src python benchmarks/tournament_throughput.py [--pairs N] [--time S]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from plyground.arena.play.run_options import RunOptions
from plyground.arena.runs.backends import ProcessPool
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.tournament import Tournament, TournamentSettings, parse_entrant


def _settings(pairs: int, seconds: float, seed: int) -> TournamentSettings:
    return TournamentSettings(
        entrants=(parse_entrant("a=alphabeta"), parse_entrant("b=alphabeta:table=65536")),
        game="adjacency(size=8,rounds=8)",
        pairs=pairs,
        openings=2,
        seed=seed,
        run=RunOptions(time=seconds),
    )


def measure(workers: int, pairs: int, seconds: float, folder: Path) -> tuple[float, int]:
    """(games per second, games) on a warmed-up pool of ``workers``."""
    with RecordStore(folder / f"w{workers}.sqlite3") as store, ProcessPool(workers) as pool:
        warm = Tournament.create(store, _settings(workers, seconds, seed=99), name="warm-up")
        warm.play(pool)
        tournament = Tournament.create(store, _settings(pairs, seconds, seed=1), name="timed")
        start = time.perf_counter()
        games = tournament.play(pool)
        elapsed = time.perf_counter() - start
    return games / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=12, help="pairs of games (default: 12)")
    parser.add_argument("--time", type=float, default=0.01, help="seconds per move")
    args = parser.parse_args()
    print(
        f"adjacency 8x8, 8 rounds, {args.time * 1000:g} ms per move, "
        f"{2 * args.pairs} games per run; load average {os.getloadavg()[0]:.1f}"
    )
    rates = {}
    with tempfile.TemporaryDirectory() as folder:
        for workers in (1, 2):
            rate, games = measure(workers, args.pairs, args.time, Path(folder))
            rates[workers] = rate
            print(f"{workers} worker(s): {rate:.2f} games/s ({games} games)")
    print(f"scaling 2 vs 1 worker: {rates[2] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()
