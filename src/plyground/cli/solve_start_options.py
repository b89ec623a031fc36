"""The options of ``plyground solve adjacency --start`` (the solve itself:
:mod:`plyground.cli.solve_start`).

Apart from the solve, so that building the command line, which every
``plyground`` command does, does not import the compiled solver.
"""

from __future__ import annotations

import argparse

from plyground.cli.options import add_backend_choice, positive_int
from plyground.games.adjacency.exact_table import DEFAULT_TABLE

__all__ = ["add_start_options", "start_options_given"]


def add_start_options(parser: argparse.ArgumentParser) -> None:
    """The options of a resumable start solve (``--start``, ``--game``, ``--json`` and
    ``--quiet`` are the caller's). The parser's ``start_only`` default lists them, so a
    solve of a POSITION can refuse them (:func:`start_options_given`)."""
    group = parser.add_argument_group("resumable solve of the start (--start)")
    options = [
        group.add_argument(
            "--store",
            metavar="FILE",
            help="with --start: the SQLite file keeping each finished subproblem (required)",
        ),
        *add_backend_choice(group, "subproblems", "--workers"),
        group.add_argument(
            "--table",
            type=positive_int,
            default=DEFAULT_TABLE,
            metavar="ENTRIES",
            help="exact-table entries per worker, 8 bytes each (default: %(default)s)",
        ),
        group.add_argument(
            "--book", metavar="FILE", help="add the finished solve to this opening book file"
        ),
        group.add_argument(
            "--prove",
            action="store_true",
            help="prove the value by null-window tests two plies deep (far cheaper than solving "
            "every first move; the store keeps each leaf's bounds)",
        ),
        group.add_argument(
            "--guess",
            type=int,
            default=0,
            metavar="V",
            help="with --prove: the first threshold, an X - O margin (default: %(default)s)",
        ),
        group.add_argument(
            "--settle",
            action="store_true",
            help="with --prove: go on to settle every first move's value (so every best "
            "first move)",
        ),
        group.add_argument(
            "--settle-replies",
            action="store_true",
            help="with --prove: go on to find the value of every reply to the first best move "
            "(so the strategy's second move keeps what a reply that is not best gives away)",
        ),
        group.add_argument(
            "--strategy",
            action="store_true",
            help="with --prove: once the value is proved, find a move keeping it for each "
            "side two plies deeper (a strategy for both sides; with --book, booked too)",
        ),
        group.add_argument(
            "--exact-entries",
            action="store_true",
            help="with --strategy: make every entry keep its position's own value, not only "
            "the bound it was planned for (null-window tests past the bound, then a move "
            "keeping the value: the move is proved best; resumable, stored as found)",
        ),
        group.add_argument(
            "--no-search",
            action="store_true",
            help="with --strategy: search nothing, take the entries stored so far (to book a "
            "strategy still being computed)",
        ),
    ]
    parser.set_defaults(
        start_only=tuple(
            (option.option_strings[0], option.dest, option.default) for option in options
        )
    )


def start_options_given(args: argparse.Namespace) -> list[str]:
    """The options of a start solve that ``args`` sets to other than their defaults."""
    return [flag for flag, dest, default in args.start_only if getattr(args, dest) != default]
