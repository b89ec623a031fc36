"""``plyground solve NAME``: solve a puzzle, or a game position exactly.

One entry in :data:`SOLVERS` per name (see :mod:`plyground.cli.groups`).
"""

from __future__ import annotations

from typing import Any

from plyground.cli.groups import add_group

__all__ = ["SOLVERS", "register"]

# name -> "module:configure"; a new solver adds one line here.
SOLVERS: dict[str, str] = {
    "queens": "plyground.cli.solve_queens:configure",
    "adjacency": "plyground.cli.solve_adjacency:configure",
}


def register(subparsers: Any) -> None:
    """Add the ``solve`` subcommand group."""
    add_group(
        subparsers,
        "solve",
        help="solve a puzzle (N-Queens), or an adjacency position exactly",
        description="Solve a puzzle, or find the exact value of a game position.",
        members=SOLVERS,
    )
