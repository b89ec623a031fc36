"""What shipping a 2048 network small costs in strength: file size and 1-ply rates for
each way of storing it (float32, float16, int16) and each pruning size.

    PYTHONPATH=src python benchmarks/learn_2048_shipping.py RUN.npz --games 1000 \\
        --storage float32 float16 int16 --prune 0 1 4 16 [--step 0 64] [--compression lzma]

Each variant is written as ``plyground learn 2048 --export`` writes it (a compressed
``.npz``, weights below the pruning size set to 0, int16 rounded to each ``--step``), read
back, and played at 1-ply by the compiled greedy player on the same spawns (``--seed``,
apart from training's): printed per variant, the file's size, the weights left non-zero,
the mean score and the share of games reaching 2048, 8192, 16384 and 32768 with 95%
intervals (Wilson's).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

from plyground.algorithms.learning.network_file import write_network
from plyground.arena.stats.elo import score_interval
from plyground.bots.g2048_td.learner import load_network, network_header, play_greedy

TILES = (2048, 8192, 16384, 32768)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2_000_000)
    parser.add_argument("--storage", nargs="*", default=["float32", "float16", "int16"])
    parser.add_argument("--prune", type=float, nargs="*", default=[0.0])
    parser.add_argument("--step", type=float, nargs="*", default=[0.0])
    parser.add_argument("--compression", choices=("deflate", "lzma"), default="lzma")
    args = parser.parse_args()
    network, _, values, _ = load_network(args.run)
    header = network_header(network)
    rates = " ".join(f"{tile:>19}" for tile in TILES)
    print(f"{'storage':<8} {'prune':>6} {'step':>5} {'MB':>6} {'non-zero':>11} {'mean':>8} {rates}")
    variants = [
        (storage, prune, step)
        for storage in args.storage
        for prune in args.prune
        for step in (args.step if storage == "int16" else [0.0])
    ]
    with tempfile.TemporaryDirectory() as where:
        for storage, prune, step in variants:
            kept = np.where(np.abs(values) < prune, np.float32(0), values)
            path = Path(where) / f"{storage}-{prune}-{step}.npz"
            write_network(
                path, header, kept, storage=storage, step=step, compression=args.compression
            )
            _, _, read, _ = load_network(path)
            games = play_greedy(network, read, args.games, args.seed)
            shares = []
            for tile in TILES:
                share = float(np.mean(games[:, 1] >= tile.bit_length() - 1))
                low, high = score_interval(share, 0.0, args.games)
                shares.append(f"{100 * share:5.1f}% [{100 * low:4.1f}-{100 * high:5.1f}]")
            print(
                f"{storage:<8} {prune:>6g} {step:>5g} {path.stat().st_size / 1e6:>6.1f} "
                f"{np.count_nonzero(read):>11,} {games[:, 0].mean():>8,.0f} {' '.join(shares)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
