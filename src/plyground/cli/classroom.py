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

from plyground.arena.play.run_options import RunOptions
from plyground.arena.reports.report import Absent, html_report
from plyground.arena.runs.jobs import Entrant
from plyground.arena.stats.summary import Summary
from plyground.arena.tournaments.engine_folders import (
    ClassNotes,
    engines_folder,
    find_engines,
    prepare,
)
from plyground.core.files import write_whole

__all__ = [
    "COURSE_OPENINGS",
    "COURSE_TIME",
    "REPORT_NAME",
    "ClassRoll",
    "absent_engines",
    "apply_course_defaults",
    "class_entrants",
    "class_report_path",
    "write_report",
]

COURSE_TIME = 5.0
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
        args.time = COURSE_TIME if engines else 1.0
    if args.openings is None:
        args.openings = COURSE_OPENINGS if engines else 2
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


def absent_engines(notes: ClassNotes | None) -> list[Absent]:
    """A class's engines left out, as the standings' rows without games."""
    if notes is None:
        return []
    return [Absent(f.name, f.reason, f.author, f.log) for f in notes.left_out]


def write_report(path: str, summary: Summary, title: str, notes: ClassNotes | None) -> None:
    """The HTML report (standings, cross-table, rule breaks, time per move, plots),
    with, for a class, each engine's author, the engines left out in the standings
    with the reason and their logs; written whole or not at all."""
    absent = absent_engines(notes)
    authors = [] if notes is None else [f"{n}: by {a}" for n, a in notes.authors if a]
    authors += [f"{f.name}: by {f.author}" for f in absent if f.author]
    page = html_report(summary, title, authors, absent=absent)
    write_whole(path, page)
