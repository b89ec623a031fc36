"""``plyground tournament --engines DIR``: a class's engines, built, checked and entered.

Every subfolder of DIR with an ``engine.toml`` (docs/classroom.md) is built
and started once; those that answer ``hello`` play, the rest are left out
and reported in the standings, below those that played, with the reason
(and their log in the HTML report). The games are played at the
course's settings (docs/course.md) unless the options say otherwise, with
every player in its own process (:data:`COURSE_TIME`, :data:`COURSE_OPENINGS`).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from plyground.arena.play.run_options import QUICK_MOVE_SECONDS, RunOptions
from plyground.arena.runs.jobs import Entrant
from plyground.arena.tournaments.engine_folders import (
    ClassNotes,
    engines_folder,
    find_engines,
    prepare,
)
from plyground.core.limits import MOVE_SECONDS

__all__ = [
    "COURSE_OPENINGS",
    "COURSE_TIME",
    "REPORT_NAME",
    "ClassRoll",
    "apply_course_defaults",
    "class_entrants",
    "class_report_path",
]

COURSE_TIME = MOVE_SECONDS
"""Seconds per move in the course's tournament (docs/course.md)."""
COURSE_OPENINGS = 0
"""The course's games start from the start position; each pair swaps the colours."""
REPORT_NAME = "report.html"
"""The report's file in DIR unless ``--html`` names another."""


def apply_course_defaults(args: argparse.Namespace) -> None:
    """Fill the options the user left unset: the course's with ``--engines``, the
    tournament's own otherwise; with ``--engines`` every player runs in its own
    process and the report goes to DIR/report.html unless ``--html`` says where."""
    engines = args.engines is not None
    if args.time is None:
        args.time = COURSE_TIME if engines else QUICK_MOVE_SECONDS
    if args.openings is None:  # a book's positions are played as they are
        args.openings = COURSE_OPENINGS if engines or getattr(args, "book", None) else 2
    if engines:
        args.isolate = True
        if args.html is None:
            args.html = class_report_path(engines_folder(args.engines))


@dataclass
class ClassRoll:
    """A class's engines: those that play (as entrants), and what the report says of
    the class (authors, engines left out), stored with the tournament."""

    entrants: list[Entrant] = field(default_factory=list)
    notes: ClassNotes | None = None


def class_entrants(directory: str, run: RunOptions, console: Console) -> ClassRoll:
    """The engines of ``directory``, each built, started once under ``run`` and
    announced on ``console``: those that answer ``hello`` play, the rest are left out."""
    engines, left_out = find_engines(directory)
    entrants: list[Entrant] = []
    authors: list[tuple[str, str]] = []
    for engine in engines:
        console.print(f"checking {escape(engine.name)} ({escape(engine.folder.name)}/) ...")
        failure = prepare(engine, run)
        if failure is None:
            entrants.append(engine.entrant())
            authors.append((engine.name, engine.author))
        else:
            left_out.append(failure)
    for failure in left_out:
        console.print(f"[bold]left out[/bold]: {escape(failure.name)}: {escape(failure.reason)}")
        for line in failure.log.splitlines():
            console.print(f"    {escape(line)}", highlight=False)
    folder = str(engines_folder(directory).resolve())
    return ClassRoll(entrants, ClassNotes(folder, tuple(authors), tuple(left_out)))


def class_report_path(folder: str | Path) -> str:
    """Where a class tournament's report goes unless ``--html`` says: DIR/report.html."""
    return str(Path(folder) / REPORT_NAME)
