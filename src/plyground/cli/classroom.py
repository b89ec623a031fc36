"""``plyground tournament --engines DIR``: a class's engines, built, checked and entered.

Every subfolder of DIR with an ``engine.toml`` (docs/classroom.md) is built
and started once; those that answer ``hello`` play, the rest are reported
with the reason and their log and left out. The games are played at the
course's settings (docs/course.md) unless the options say otherwise, with
every player in its own process (:data:`COURSE_TIME`, :data:`COURSE_OPENINGS`).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from plyground.arena.engine_folders import LeftOut, engines_folder, find_engines, prepare
from plyground.arena.jobs import Entrant
from plyground.arena.report import html_report
from plyground.arena.run_options import RunOptions
from plyground.arena.summary import Summary

__all__ = [
    "COURSE_OPENINGS",
    "COURSE_TIME",
    "REPORT_NAME",
    "ClassRoll",
    "apply_course_defaults",
    "class_entrants",
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
            args.html = str(engines_folder(args.engines) / REPORT_NAME)


@dataclass
class ClassRoll:
    """A class's engines: those that play (as entrants), those left out, and authors."""

    entrants: list[Entrant] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    authors: dict[str, str] = field(default_factory=dict)
    """Each playing engine's author by its name in the tables."""


def class_entrants(directory: str, run: RunOptions, console: Console) -> ClassRoll:
    """The engines of ``directory``, each built, started once under ``run`` and
    announced on ``console``: those that answer ``hello`` play, the rest are left out."""
    engines, left_out = find_engines(directory)
    roll = ClassRoll(left_out=left_out)
    for engine in engines:
        console.print(f"checking {escape(engine.name)} ({escape(engine.folder.name)}/) ...")
        failure = prepare(engine, run)
        if failure is None:
            roll.entrants.append(engine.entrant())
            roll.authors[engine.name] = engine.author
        else:
            roll.left_out.append(failure)
    for failure in roll.left_out:
        console.print(f"[bold]left out[/bold]: {escape(failure.name)}: {escape(failure.reason)}")
        for line in failure.log.splitlines():
            console.print(f"    {escape(line)}", highlight=False)
    return roll


def write_report(path: str, summary: Summary, title: str, roll: ClassRoll) -> None:
    """The HTML report (standings, cross-table, rule breaks, time per move, plots),
    with each engine's author and the engines left out with their logs; written
    whole or not at all."""
    notes = [f"{name}: by {author}" for name, author in roll.authors.items() if author]
    details = [
        (f"{f.name}{f' (by {f.author})' if f.author else ''}: {f.reason}", f.log)
        for f in roll.left_out
    ]
    page = html_report(summary, title, notes, left_out=details)
    target = Path(path)
    partial = target.with_name(f".{target.name}.partial")
    partial.write_text(page, encoding="utf-8")
    partial.replace(target)
