"""A folder of engines, one per subfolder, as a teacher collects them (docs/classroom.md).

Each subfolder holds an ``engine.toml``::

    name = "Ada's bot"              # shown in tables (default: the folder's name)
    author = "Ada Lovelace"         # shown in the report
    command = "java -cp . MyBot"    # run in the subfolder, split like engine:COMMAND
    build = "javac MyBot.java"      # optional: run once, in the subfolder, first

:func:`find_engines` reads them; :func:`prepare` builds one and checks that
it starts and answers ``hello``. An engine whose ``engine.toml`` is missing
or wrong, whose build fails, or that does not start is a :class:`LeftOut`
with the reason and its log, so the rest of the class still plays.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.engine_player import ENGINE_PREFIX, EnginePlayer
from plyground.arena.runs.jobs import Entrant
from plyground.core.errors import EngineError, SettingsError

__all__ = [
    "BUILD_TIMEOUT",
    "MANIFEST",
    "ClassNotes",
    "EngineFolder",
    "LeftOut",
    "engines_folder",
    "find_engines",
    "prepare",
]

MANIFEST = "engine.toml"
BUILD_TIMEOUT = 600.0
"""Seconds an engine's build command may take."""
_LOG_LINES = 40
_FIELDS = ("name", "author", "command", "build")


@dataclass(frozen=True)
class EngineFolder:
    """One engine as its ``engine.toml`` describes it."""

    folder: Path
    name: str
    author: str
    command: str
    build: str | None = None

    def player(self, run: RunOptions, log: Callable[[str], None] | None = None) -> EnginePlayer:
        """The engine as a player under ``run``'s start-up time and memory cap, in its
        folder, called by its name; ``log`` hears its stderr."""
        return EnginePlayer(
            self.command,
            startup=run.startup,
            memory_mb=run.memory_mb,
            cwd=str(self.folder),
            log=log,
            name=self.name,
        )

    def entrant(self) -> Entrant:
        """The tournament player: ``engine:COMMAND`` run in the engine's folder."""
        return Entrant(self.name, ENGINE_PREFIX + self.command, str(self.folder.resolve()))


@dataclass(frozen=True)
class LeftOut:
    """An engine that does not play: who, why, and the log that shows it."""

    folder: Path
    name: str
    author: str
    reason: str
    log: str = ""

    def to_dict(self) -> dict[str, str]:
        return {
            "folder": str(self.folder),
            "name": self.name,
            "author": self.author,
            "reason": self.reason,
            "log": self.log,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeftOut:
        return cls(
            folder=Path(data["folder"]),
            name=str(data["name"]),
            author=str(data["author"]),
            reason=str(data["reason"]),
            log=str(data.get("log", "")),
        )


@dataclass(frozen=True)
class ClassNotes:
    """What a class tournament's report says beyond its games, stored with the
    tournament so that a resumed one reports it too: the folder, each playing
    engine's author and the engines left out."""

    folder: str
    authors: tuple[tuple[str, str], ...] = ()
    """(name in the tables, author) of each playing engine."""
    left_out: tuple[LeftOut, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "authors": [list(pair) for pair in self.authors],
            "left_out": [entry.to_dict() for entry in self.left_out],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClassNotes:
        return cls(
            folder=str(data["folder"]),
            authors=tuple((str(name), str(author)) for name, author in data["authors"]),
            left_out=tuple(LeftOut.from_dict(entry) for entry in data["left_out"]),
        )


def engines_folder(directory: str | Path) -> Path:
    """``directory`` as a Path; SettingsError when it is not a folder."""
    root = Path(directory)
    if not root.is_dir():
        raise SettingsError(f"--engines {str(directory)!r} is not a folder")
    return root


def find_engines(directory: str | Path) -> tuple[list[EngineFolder], list[LeftOut]]:
    """Every subfolder of ``directory`` (sorted; hidden ones skipped) as an engine, or
    as left out when its ``engine.toml`` is missing or wrong. Names are made unique
    by adding the folder's name. SettingsError if ``directory`` is not a folder."""
    root = engines_folder(directory)
    engines: list[EngineFolder] = []
    left_out: list[LeftOut] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        found = _read_manifest(folder)
        if isinstance(found, EngineFolder):
            engines.append(found)
        else:
            left_out.append(found)
    taken = [e.name for e in engines]
    engines = [
        e if taken.count(e.name) == 1 else _renamed(e, f"{e.name} ({e.folder.name})")
        for e in engines
    ]
    return engines, left_out


def _renamed(engine: EngineFolder, name: str) -> EngineFolder:
    return EngineFolder(engine.folder, name, engine.author, engine.command, engine.build)


def _read_manifest(folder: Path) -> EngineFolder | LeftOut:
    path = folder / MANIFEST
    if not path.is_file():
        return LeftOut(folder, folder.name, "", f"no {MANIFEST} in {folder.name}/")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as error:
        return LeftOut(folder, folder.name, "", f"{MANIFEST} cannot be read: {error}")
    problem = _manifest_problem(data)
    name = str(data.get("name") or folder.name).strip() or folder.name
    author = str(data.get("author", "")).strip()
    if problem:
        return LeftOut(folder, name, author, f"{MANIFEST}: {problem}")
    build = data.get("build")
    return EngineFolder(folder, name, author, data["command"].strip(), build or None)


def _manifest_problem(data: dict[str, object]) -> str:
    """What is wrong with an ``engine.toml``'s fields ('' when nothing is)."""
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        return f"unknown field {unknown[0]!r} (fields: {', '.join(_FIELDS)})"
    for key in _FIELDS:
        if key in data and not isinstance(data[key], str):
            return f"{key} must be a string in quotes"
    command = data.get("command")
    if not isinstance(command, str) or not command.strip():
        return 'no command: write command = "how to run your engine"'
    for key in ("command", "build"):
        value = data.get(key)
        if isinstance(value, str):
            try:
                shlex.split(value)
            except ValueError as error:
                return f"{key} {value!r} cannot be split into words: {error}"
    return ""


def prepare(
    engine: EngineFolder, run: RunOptions, build_timeout: float = BUILD_TIMEOUT
) -> LeftOut | None:
    """Build ``engine`` (when it says how) and start it once under ``run``'s start-up
    time and memory cap; None when it answered ``hello``, else why it is left out."""
    if engine.build is not None:
        failure = _build(engine, build_timeout)
        if failure is not None:
            return failure
    lines: list[str] = []
    player = engine.player(run, lines.append)
    try:
        player.start()
    except EngineError as error:
        return LeftOut(engine.folder, engine.name, engine.author, str(error), _tail(lines))
    finally:
        player.close()
    return None


def _build(engine: EngineFolder, timeout: float) -> LeftOut | None:
    assert engine.build is not None
    argv = shlex.split(engine.build)

    def left_out(reason: str, log: str = "") -> LeftOut:
        return LeftOut(engine.folder, engine.name, engine.author, reason, log)

    try:
        build = subprocess.Popen(
            argv,
            cwd=engine.folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a build that overruns goes with all it started
        )
    except FileNotFoundError:
        return left_out(f"build {engine.build!r}: no program {argv[0]!r} to run")
    except OSError as error:
        return left_out(f"build {engine.build!r} cannot run: {error}")
    try:
        output, _ = build.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(build.pid, signal.SIGKILL)
        output, _ = build.communicate()
        log = _tail([output.decode("utf-8", "replace")])
        return left_out(f"build {engine.build!r} took longer than {timeout:g} s", log)
    if build.returncode != 0:
        log = _tail([output.decode("utf-8", "replace")])
        return left_out(f"build {engine.build!r} failed with status {build.returncode}", log)
    return None


def _tail(chunks: list[str]) -> str:
    """The last lines of a log."""
    lines = "\n".join(chunks).splitlines()
    return "\n".join(lines[-_LOG_LINES:])
