"""``plyground class import SUBMISSIONS --into CLASS``: a folder of submissions made a class.

Each zip or folder in SUBMISSIONS (one per student, as a learning platform
exports them) is copied into a folder of its own in CLASS, its bot found,
its ``engine.toml`` written, built, started and played in one short smoke
game (:mod:`plyground.arena.tournaments.class_import`); then a table says
what entered and, for each submission that did not, why in one line.
Running it again redoes only new and changed submissions. docs/classroom.md
walks the whole loop.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from plyground.cli.groups import command
from plyground.cli.options import add_startup_option, positive_float

__all__ = ["register"]


@command(
    "class",
    help="a class's submissions: import a folder of zips and folders as engines",
    description="""\
Import a folder of submissions (a zip or a folder per student, Java, Python
or C, any layout) into a class folder that 'plyground tournament --engines'
and 'plyground serve --engines' take: each submission gets a folder of its
own with an engine.toml (name and author from --roster, else from the
submission's name), is built, started and played in one short smoke game,
and a table says what entered and why the others did not. Submissions that
would write outside their folder (zip paths with '..'), hold symbolic links
or huge files are refused. Run it again after new or changed submissions
arrive: only those are imported again.""",
    epilog="""\
examples:
  plyground class import submissions/ --into class/
  plyground class import submissions/ --into class/ --roster roster.csv
  plyground tournament --engines class/ greedy --name week3 --db class.sqlite3""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``class``."""
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    load = actions.add_parser(
        "import", help="import a folder of submissions into a class folder of engines"
    )
    load.add_argument("submissions", metavar="SUBMISSIONS", help="the folder of submissions")
    load.add_argument(
        "--into", required=True, metavar="CLASS", help="the class folder (made if missing)"
    )
    load.add_argument(
        "--roster",
        metavar="CSV",
        help="names and authors: columns submission and name and/or author",
    )
    load.add_argument(
        "--time",
        type=positive_float,
        default=1.0,
        metavar="SECONDS",
        help="time per move of the smoke game (default: %(default)g)",
    )
    add_startup_option(load, "time a bot may take to start")
    load.set_defaults(handler=_import)


def _import(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from plyground.arena.play.run_options import RunOptions
    from plyground.arena.tournaments.class_import import import_class, read_roster

    console = Console(highlight=False)
    roster = read_roster(Path(args.roster)) if args.roster else None
    run = RunOptions(startup=args.startup)
    entries = import_class(
        Path(args.submissions),
        Path(args.into),
        run,
        roster=roster,
        smoke_time=args.time,
        progress=lambda line: console.print(line, markup=False),
    )
    table = Table(title=f"{len(entries)} submissions in {args.submissions}")
    for column in ("submission", "folder", "language", "status", "why (left out) or what"):
        table.add_column(column, overflow="fold")
    for e in entries:
        table.add_row(
            e.submission, e.folder + "/", e.language or "-", e.status, e.reason,
            style="red" if e.status.startswith("left out") else None,
        )  # fmt: skip
    console.print(table)
    playing = sum(not e.status.startswith("left out") for e in entries)
    console.print(
        f"{playing} of {len(entries)} entered in {args.into}; left out: "
        f"{len(entries) - playing}. Next: plyground tournament --engines {args.into} greedy "
        "--name NAME --db class.sqlite3",
        markup=False,
        soft_wrap=True,
    )
    return 0
