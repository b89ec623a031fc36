"""A folder of submissions into a class folder of engines (``plyground class import``).

Each entry of the submissions folder (a zip or a folder per student, as a
learning platform exports them) is one student's. :func:`import_class`
copies it into a folder of its own in the class folder
(:mod:`~plyground.arena.tournaments.submission_files`, which refuses
hostile input), finds its bot (:mod:`~plyground.arena.tournaments.submission_bots`),
writes its ``engine.toml`` (name and author from a roster, else from the
submission's name), builds it and starts it as a tournament will
(:func:`~plyground.arena.tournaments.engine_folders.prepare`), and plays
one short smoke game against ``random``. Each submission comes to one
:class:`Entry`: entered (with what its smoke game showed) or left out with a
one-line reason. What was imported is kept in ``.imported.json`` in the
class folder, so a second import redoes only new and changed submissions.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.bot_player import BotPlayer
from plyground.arena.tournaments.engine_folders import MANIFEST, EngineFolder, prepare
from plyground.arena.tournaments.submission_bots import NoBotError, find_bot
from plyground.arena.tournaments.submission_files import SubmissionRefusedError, digest, unpack
from plyground.bots import make_bot
from plyground.core.errors import SettingsError
from plyground.games import load_game

__all__ = ["SMOKE_GAME", "STATE_FILE", "Entry", "Roster", "import_class", "read_roster"]

STATE_FILE = ".imported.json"
"""What the last import did, in the class folder (a dot file: tournaments skip it)."""
SMOKE_GAME = "adjacency(size=8,rounds=2)"
"""The smoke game: the course's board, two rounds, against ``random``."""
_PLATFORM_TAIL = re.compile(r"_\d+_assignsubmission_\w*$|_assignsubmission_\w*$")


@dataclass(frozen=True)
class Entry:
    """One submission's outcome: ``entered`` or ``left out`` (with `` (unchanged)`` when
    a re-import found it as it was), where it went and why, in one line."""

    submission: str
    folder: str
    name: str
    author: str
    language: str
    status: str
    reason: str


@dataclass(frozen=True)
class Roster:
    """Names and authors by submission (a CSV with ``submission`` and ``name`` and/or
    ``author`` columns); a submission matches a row whose ``submission`` it starts with."""

    rows: tuple[tuple[str, str, str], ...]

    def lookup(self, submission: str) -> tuple[str, str] | None:
        """(name, author) of ``submission`` (either may be ''), or None."""
        matches = [row for row in self.rows if submission.lower().startswith(row[0].lower())]
        if not matches:
            return None
        _, name, author = max(matches, key=lambda row: len(row[0]))
        return name, author


def read_roster(path: Path) -> Roster:
    """The roster CSV at ``path``; SettingsError naming what is wrong with it."""
    try:
        with path.open(newline="", encoding="utf-8-sig") as data:
            reader = csv.DictReader(data)
            fields = [field.strip().lower() for field in reader.fieldnames or []]
            if "submission" not in fields or not {"name", "author"} & set(fields):
                raise SettingsError(
                    f"roster {str(path)!r} needs a header with a 'submission' column and a "
                    f"'name' or 'author' column, got {', '.join(fields) or 'none'}"
                )
            rows = []
            for row in reader:
                values = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
                if values.get("submission"):
                    rows.append(
                        (values["submission"], values.get("name", ""), values.get("author", ""))
                    )
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise SettingsError(f"roster {str(path)!r} cannot be read: {error}") from None
    return Roster(tuple(rows))


def import_class(
    source: Path,
    into: Path,
    run: RunOptions,
    *,
    roster: Roster | None = None,
    smoke_time: float = 1.0,
    progress: Callable[[str], None] = lambda _: None,
) -> list[Entry]:
    """Import every submission in ``source`` into ``into`` (made if missing); returns an
    :class:`Entry` per submission, in the order of their names."""
    if not source.is_dir():
        raise SettingsError(f"{str(source)!r} is not a folder of submissions")
    into.mkdir(parents=True, exist_ok=True)
    state_path = into / STATE_FILE
    state = _load_state(state_path)
    taken = {str(kept["folder"]) for kept in state.values()}
    entries = []
    for submission in sorted(p for p in source.iterdir() if not p.name.startswith(".")):
        if submission.is_file() and submission.suffix.lower() != ".zip":
            continue
        fingerprint = digest(submission) if not submission.is_symlink() else "link"
        kept = state.get(submission.name)
        if kept is not None and kept["digest"] == fingerprint:
            before = kept["entry"]
            entries.append(Entry(**{**before, "status": f"{before['status']} (unchanged)"}))
            continue
        folder = str(kept["folder"]) if kept else _free_folder(submission.name, roster, taken)
        taken.add(folder)
        progress(f"importing {submission.name} into {into.name}/{folder}/ ...")
        entry = _import_one(submission, into / folder, run, roster, smoke_time)
        entries.append(entry)
        state[submission.name] = {"digest": fingerprint, "folder": folder, "entry": asdict(entry)}
        _save_state(state_path, state)
    return entries


def _import_one(
    submission: Path, target: Path, run: RunOptions, roster: Roster | None, smoke_time: float
) -> Entry:
    name, author = _identity(submission.name, roster)

    def entry(language: str, status: str, reason: str) -> Entry:
        return Entry(submission.name, target.name, name, author, language, status, reason)

    shutil.rmtree(target, ignore_errors=True)  # a changed submission starts afresh
    if submission.is_symlink():
        return entry("", "left out", "it is a symbolic link (refused)")
    try:
        unpack(submission, target)
        found = find_bot(target)
    except (SubmissionRefusedError, NoBotError) as error:
        return entry("", "left out", str(error))
    except OSError as error:
        shutil.rmtree(target, ignore_errors=True)
        return entry("", "left out", f"it cannot be read: {error}")
    _write_manifest(target / MANIFEST, name, author, found.command, found.build)
    engine = EngineFolder(target, name, author, found.command, found.build)
    failure = prepare(engine, run)
    if failure is not None:
        return entry(found.language, "left out", _one_line(failure.reason))
    return entry(found.language, "entered", _smoke(engine, run, smoke_time, found.note))


def _smoke(engine: EngineFolder, run: RunOptions, seconds: float, note: str) -> str:
    """One short game against ``random``: the note, and what went wrong in it if anything."""
    game = load_game(SMOKE_GAME)
    player = engine.player(run)
    opponent = BotPlayer(make_bot("random", seed=1))
    try:
        record = replace(run, time=seconds).referee(game, seed=1).play([player, opponent])
    finally:
        player.close()
        opponent.close()
    breaks = [b for b in record.rule_breaks if b.player == 0]
    if not breaks:
        return note
    first = breaks[0]
    return _one_line(
        f"{note}; smoke game: {len(breaks)} rule break(s), the first at ply {first.ply + 1}: "
        f"{first.kind.value}: {first.detail}"
    )


def _one_line(text: str, width: int = 300) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 3] + "..."


def _identity(submission: str, roster: Roster | None) -> tuple[str, str]:
    """(name, author): the roster's, else the submission's name without the platform's
    tail (``Ada Lovelace_123_assignsubmission_file_`` -> ``Ada Lovelace``) and ``.zip``."""
    stem = submission[: -len(".zip")] if submission.lower().endswith(".zip") else submission
    person = _PLATFORM_TAIL.sub("", stem).replace("_", " ").strip() or stem
    listed = roster.lookup(submission) if roster is not None else None
    if listed is None:
        return person, person
    name, author = listed
    return name or author or person, author or name or person


def _free_folder(submission: str, roster: Roster | None, taken: set[str]) -> str:
    """A folder name for ``submission`` in the class folder: its person's, in lower case
    with dashes, made unique."""
    base = re.sub(r"[^a-z0-9]+", "-", _identity(submission, roster)[1].lower()).strip("-")
    base = base or "student"
    folder, number = base, 2
    while folder in taken:
        folder, number = f"{base}-{number}", number + 1
    return folder


def _write_manifest(path: Path, name: str, author: str, command: str, build: str | None) -> None:
    fields: Mapping[str, str | None] = {
        "name": name,
        "author": author,
        "build": build,
        "command": command,
    }
    lines = [f"{key} = {json.dumps(value)}" for key, value in fields.items() if value]
    path.write_text(
        "# written by plyground class import (docs/classroom.md)\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )


def _load_state(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # an unreadable record of the last import: everything is imported again
    return data if isinstance(data, dict) else {}


def _save_state(path: Path, state: Mapping[str, object]) -> None:
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(json.dumps(state, indent=1, sort_keys=True), encoding="utf-8")
    temporary.replace(path)
