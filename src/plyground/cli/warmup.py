"""``plyground warmup``: compile the games' numba kernels now (or load them from the disk cache).

What is warmed is every game's ``warm_ups`` (:func:`plyground.games.warmups.warm_ups`): the
kernels a game and its bots' searches play with. The learners' kernels (``plyground learn``)
compile on their first run.
"""

from __future__ import annotations

import argparse
import os

from plyground.cli.groups import command
from plyground.cli.options import positive_int

__all__ = ["register"]


@command(
    "warmup",
    help="compile (or load from the cache) the games' numba kernels",
    description=" ".join((__doc__ or "").split()),  # one paragraph, wrapped to the terminal
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``warmup``."""
    parser.add_argument("--quiet", action="store_true", help="print nothing unless it fails")
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="kernel groups compiled at once, each in its own process (default: %(default)s, "
        "this machine's cores)",
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from plyground.games.warmups import warm_all, warm_ups  # (a process pool) when warming

    if args.quiet:
        warm_all(processes=args.concurrency)
        return 0
    groups = len(warm_ups())
    print(f"warming {groups} kernel groups (a first run compiles; later runs load the cache)")

    def report(label: str, seconds: float) -> None:
        print(f"  {label:<24} {seconds:6.2f} s", flush=True)

    total = warm_all(report, processes=args.concurrency)
    print(f"kernels ready in {total:.2f} s")
    return 0
