"""``plyground warmup``: compile every numba kernel now (or load it from the disk cache).

Kernels are compiled on first use and cached on disk (``cache=True``: in
``__pycache__`` next to the module, or under ``NUMBA_CACHE_DIR``, or numba's
per-user cache when the package directory is read-only). Warming them
before a game means nobody waits for a compile while a clock runs.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

__all__ = ["KERNELS", "register", "warm_all"]

# What to warm: a label -> "module:function" (the function takes no arguments
# and calls every kernel of its module once). A new kernel module adds a line.
KERNELS: dict[str, str] = {
    "adjacency kernels": "plyground.games.adjacency.kernels:warm_up",
    "adjacency search": "plyground.games.adjacency.engine:warm_up",
}


def register(subparsers: Any) -> None:
    """Add the ``warmup`` subcommand."""
    parser = subparsers.add_parser(
        "warmup",
        help="compile (or load from the cache) every numba kernel",
        description=__doc__,
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing unless it fails")
    parser.set_defaults(handler=_run)


def warm_all(report: Any = None) -> float:
    """Warm every kernel in :data:`KERNELS`; returns the seconds it took.

    ``report(label, seconds)``, when given, hears each group as it is done.
    """
    began = time.perf_counter()
    for label, target in KERNELS.items():
        started = time.perf_counter()
        module_name, _, function_name = target.partition(":")
        getattr(importlib.import_module(module_name), function_name)()
        if report is not None:
            report(label, time.perf_counter() - started)
    return time.perf_counter() - began


def _run(args: argparse.Namespace) -> int:
    if args.quiet:
        warm_all()
        return 0
    print(f"warming {len(KERNELS)} kernel groups (a first run compiles; later runs load the cache)")

    def report(label: str, seconds: float) -> None:
        print(f"  {label:<24} {seconds:6.2f} s", flush=True)

    total = warm_all(report)
    print(f"kernels ready in {total:.2f} s")
    return 0
