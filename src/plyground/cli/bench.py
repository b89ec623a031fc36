"""``plyground bench NAME``: speed benchmarks that print figures (never timed tests).

A benchmark is one entry in :data:`BENCHMARKS`: its name and the
``module:function`` that configures its parser. The function receives the
``argparse`` parser of ``plyground bench NAME``, adds its options and sets
``handler`` (a function of the parsed arguments returning an exit code);
the first line of its module's docstring is the help line. Modules should
import heavy things (numba kernels) inside the handler, so ``--help`` stays
fast.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

__all__ = ["BENCHMARKS", "register"]

# benchmark name -> "module:configure"; a new benchmark adds one line here.
BENCHMARKS: dict[str, str] = {
    "adjacency": "plyground.cli.bench_adjacency:configure",
}


def register(subparsers: Any) -> None:
    """Add the ``bench`` subcommand group."""
    parser = subparsers.add_parser(
        "bench",
        help="speed benchmarks (nodes per second, depth reached)",
        description="Run a speed benchmark and print its figures.",
    )
    names = parser.add_subparsers(title="benchmarks", dest="benchmark", metavar="NAME")
    for name, target in BENCHMARKS.items():
        module_name, _, function_name = target.partition(":")
        module = importlib.import_module(module_name)
        summary = (module.__doc__ or name).strip().splitlines()[0]
        sub = names.add_parser(name, help=summary, description=module.__doc__)
        getattr(module, function_name)(sub)

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(handler=show_help)
