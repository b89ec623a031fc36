"""``plyground bench NAME``: speed benchmarks that print figures (never timed tests).

A benchmark is one entry in :data:`BENCHMARKS` (see :mod:`plyground.cli.groups`):
its name and the ``module:function`` that configures its parser.
"""

from __future__ import annotations

from typing import Any

from plyground.cli.groups import add_group

__all__ = ["BENCHMARKS", "register"]

# benchmark name -> "module:configure"; a new benchmark adds one line here.
BENCHMARKS: dict[str, str] = {
    "adjacency": "plyground.cli.bench_adjacency:configure",
    "clock": "plyground.cli.bench_clock:configure",
}


def register(subparsers: Any) -> None:
    """Add the ``bench`` subcommand group."""
    add_group(
        subparsers,
        "bench",
        help="speed benchmarks (nodes per second, depth reached; does a bot keep its clock)",
        description="Run a speed benchmark and print its figures.",
        members=BENCHMARKS,
    )
