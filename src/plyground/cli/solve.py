"""``plyground solve NAME``: solve a puzzle, or a game position exactly.

One entry in :data:`SOLVERS` per name: the ``module:function`` that adds the
options of ``plyground solve NAME`` and sets ``handler``; the first line of
its module's docstring is the help line (as ``plyground bench``). Modules
import heavy things inside the handler, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

__all__ = ["SOLVERS", "register"]

# name -> "module:configure"; a new solver adds one line here.
SOLVERS: dict[str, str] = {
    "queens": "plyground.cli.solve_queens:configure",
    "adjacency": "plyground.cli.solve_adjacency:configure",
}


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand group."""
    parser = subparsers.add_parser(
        "solve",
        help="solve a puzzle (N-Queens), or an adjacency position exactly",
        description="Solve a puzzle, or find the exact value of a game position.",
    )
    names = parser.add_subparsers(title="what to solve", dest="puzzle", metavar="NAME")
    for name, target in SOLVERS.items():
        module_name, _, function_name = target.partition(":")
        module = importlib.import_module(module_name)
        summary = (module.__doc__ or name).strip().splitlines()[0]
        sub = names.add_parser(
            name,
            help=summary,
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        getattr(module, function_name)(sub)

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(handler=show_help)
