"""``plyground report`` (tables, ratings, plots, experiments) and ``plyground records``
(list, export and import stored games).

This module is the commands' parsers; :mod:`plyground.cli.report_run` does the work.
"""

from __future__ import annotations

import argparse

from plyground.arena.tournaments.experiments import EXPERIMENTS
from plyground.cli.groups import command
from plyground.cli.options import (
    add_db_option,
    add_page_options,
    add_schedule_options,
    add_sprt_options,
)
from plyground.cli.sprt import name_pair
from plyground.cli.tournament import add_tournament_run_options

__all__ = ["register_records", "register_report"]


@command(
    "report",
    help="standings, ratings, cross-table and plots of stored games; experiments",
    description="""\
Report on stored games: the standings with Elo ratings (maximum likelihood,
95% intervals), points, wins/draws/losses, time and depth per move and rule
breaks; the cross-table; the likelihood that each player is stronger than
each other. By default the latest tournament; --tournament ID for another,
--all for every stored game. --html FILE also writes a self-contained page
with plots. --experiment NAME plays a preset tournament (or finds it
stored) and sets its results beside the course's.""",
    epilog="""\
examples:
  plyground report
  plyground report --all --html report.html
  plyground report --tournament round-robin-20240501T101500Z-3f2a --sprt 0,10
  plyground report --experiment seeds --time 0.5 --concurrency 2""",
)
def register_report(parser: argparse.ArgumentParser) -> None:
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--tournament", metavar="ID", help="report on this tournament")
    scope.add_argument("--all", action="store_true", help="report on every stored game")
    add_page_options(parser, "also write an HTML page with plots")
    parser.add_argument(
        "--prior",
        type=float,
        default=2.0,
        help="virtual draws between players who met, for the ratings (default: %(default)g)",
    )
    add_sprt_options(
        parser, "also test whether the first player is at least ELO1 stronger than the second"
    )
    feedback = parser.add_argument_group("feedback for each player (--html of a tournament)")
    feedback.add_argument(
        "--analyse",
        type=float,
        metavar="SECONDS",
        help="value every move (as plyground analyse --per-player --time SECONDS does) and "
        "give each player's section its accuracy and marks lost",
    )
    feedback.add_argument(
        "--review-url",
        metavar="URL",
        help="where 'plyground serve --db FILE' runs (e.g. http://127.0.0.1:8000): each "
        "game number links to its review there",
    )
    parser.add_argument(
        "--sprt-players",
        type=name_pair,
        metavar="FIRST,SECOND",
        help="the two players --sprt tests, by name (default: the first two in the standings)",
    )
    parser.add_argument(
        "--experiment",
        choices=sorted(EXPERIMENTS),
        help="play (or find stored) a preset and print it beside the course's findings",
    )
    experiment_group = parser.add_argument_group("experiments")
    experiment_group.add_argument(
        "--players",
        nargs="+",
        metavar="NAME=SPEC",
        help="the experiment's players instead of its preset ones",
    )
    add_schedule_options(
        experiment_group,
        rounds_help="round counts instead of the preset's",
        pairs_help="pairs per pairing (default: %(default)s)",
    )
    add_tournament_run_options(parser, time_default=0.5, what="")
    parser.set_defaults(handler=_report)


@command(
    "records",
    help="list, export and import stored game records",
    description="List the stored tournaments; export games as text records "
    "(PGN-like) or JSON Lines; import such files.",
)
def register_records(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="the stored tournaments")
    add_db_option(listing)
    listing.set_defaults(handler=_list)
    export = actions.add_parser("export", help="write games as text records or JSON Lines")
    export.add_argument("--tournament", metavar="ID", help="only this tournament's games")
    export.add_argument(
        "--format", choices=("text", "jsonl"), default="text", help="default: %(default)s"
    )
    export.add_argument("-o", "--output", metavar="FILE", help="default: standard output")
    add_db_option(export)
    export.set_defaults(handler=_export)
    load = actions.add_parser("import", help="read text records or JSON Lines into the database")
    load.add_argument("files", nargs="+", metavar="FILE")
    add_db_option(load)
    load.set_defaults(handler=_import)


def _report(args: argparse.Namespace) -> int:
    from plyground.cli.report_run import report

    return report(args)


def _list(args: argparse.Namespace) -> int:
    from plyground.cli.report_run import list_records

    return list_records(args)


def _export(args: argparse.Namespace) -> int:
    from plyground.cli.report_run import export_records

    return export_records(args)


def _import(args: argparse.Namespace) -> int:
    from plyground.cli.report_run import import_records

    return import_records(args)
