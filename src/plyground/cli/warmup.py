"""``plyground warmup``: compile every numba kernel now (or load it from the disk cache).

What is warmed is every game's ``warm_ups`` (:func:`plyground.games.warmups.warm_ups`).
"""

from __future__ import annotations

import argparse
from typing import Any

from plyground.games.warmups import warm_all, warm_ups

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``warmup`` subcommand."""
    parser = subparsers.add_parser(
        "warmup",
        help="compile (or load from the cache) every numba kernel",
        description=__doc__,
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing unless it fails")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    if args.quiet:
        warm_all()
        return 0
    groups = len(warm_ups())
    print(f"warming {groups} kernel groups (a first run compiles; later runs load the cache)")

    def report(label: str, seconds: float) -> None:
        print(f"  {label:<24} {seconds:6.2f} s", flush=True)

    total = warm_all(report)
    print(f"kernels ready in {total:.2f} s")
    return 0
