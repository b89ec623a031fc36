"""What bot a submission holds, in which language, and how to build and run it.

:func:`find_bot` looks through an unpacked submission (any layout) for a
bot, in this order, and says how to build and run it from its folder:

* a **course bot** in Java (a class that ``extends Bot``): the course
  adapter (``course_adapter/``: ``CourseEngine.java``, ``build.sh``, the
  stand-in ``javafx/``) is added beside it, and the adapter's ``Bot.java``
  only when the team has none (with the bot's ``package`` line when it has
  one); with several bot classes the first whose name says minimax or
  alpha-beta is taken, else the first by name, and the note says which;
* a **Java engine** (a class with ``main`` that answers ``bestmove``):
  compiled with ``javac -d classes``, run by its full name;
* a **C engine** (a ``main`` that answers ``bestmove``): compiled with gcc;
* a **Python bot class** (a subclass of plyground's ``Bot``): run through
  ``plyground engine ./FILE.py:CLASS`` by the Python running plyground;
* a **Python engine** (a script that answers ``bestmove``).

Nothing is run here: only files are read and the adapter's are copied.
:class:`NoBotError` says why a submission holds none.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from plyground.core.errors import PlygroundError

__all__ = ["ADAPTER", "FoundBot", "NoBotError", "find_bot"]

ADAPTER = Path(__file__).with_name("course_adapter")
"""The course adapter's files (examples/engines/course/ is this folder)."""

_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
_JAVA_BOT = re.compile(r"\bclass\s+(\w+)\s+extends\s+(?:[\w.]*\.)?Bot\b")
_JAVA_BOT_TYPE = re.compile(r"\b(?:class|interface)\s+Bot\b")
_JAVA_CLASS = re.compile(r"\bclass\s+(\w+)")
_MAIN_JAVA = re.compile(r"\bstatic\s+void\s+main\s*\(")
_MAIN_C = re.compile(r"\bint\s+main\s*\(")
_PY_BOT = re.compile(r"^class\s+(\w+)\s*\(([^)]*)\)\s*:", re.MULTILINE)
_STRONGEST = re.compile(r"minimax|alpha_?beta", re.IGNORECASE)


class NoBotError(PlygroundError):
    """A submission in which no bot was found, and why."""


@dataclass(frozen=True)
class FoundBot:
    """A bot found in a submission: its language, how to build and run it (in its
    folder), and a note (which class, which files were added)."""

    language: str
    command: str
    build: str | None = None
    note: str = ""


def find_bot(folder: Path) -> FoundBot:
    """The bot in ``folder`` (an unpacked submission), with the course adapter added for
    a course bot; NoBotError when there is none."""
    sources = {p: _read(p) for p in sorted(folder.rglob("*")) if p.suffix in (".java", ".c", ".py")}
    java = {p: text for p, text in sources.items() if p.suffix == ".java"}
    c_files = {p: text for p, text in sources.items() if p.suffix == ".c"}
    python = {p: text for p, text in sources.items() if p.suffix == ".py"}
    found = (
        _course_bot(folder, java)
        or _java_engine(folder, java)
        or _c_engine(folder, c_files)
        or _python_class(folder, python)
        or _python_engine(folder, python)
    )
    if found is not None:
        return found
    if not sources:
        raise NoBotError("no .py, .java or .c file in it")
    kinds = ", ".join(sorted({p.suffix for p in sources}))
    raise NoBotError(
        f"no bot in its {kinds} files: no class extending Bot, no Python Bot class and no "
        "program that answers 'bestmove'"
    )


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _relative(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()


def _qualified(text: str, name: str) -> str:
    match = _PACKAGE.search(text)
    return f"{match[1]}.{name}" if match else name


def _course_bot(folder: Path, java: dict[Path, str]) -> FoundBot | None:
    bots = [
        (_qualified(text, match[1]), path, text)
        for path, text in java.items()
        for match in _JAVA_BOT.finditer(text)
        if "abstract class " + match[1] not in text
    ]
    if not bots:
        return None
    bots.sort(key=lambda bot: (not _STRONGEST.search(bot[0]), bot[0]))
    name, path, text = bots[0]
    for item in ("CourseEngine.java", "build.sh"):
        shutil.copyfile(ADAPTER / item, folder / item)
    if not (folder / "javafx").exists():
        shutil.copytree(ADAPTER / "javafx", folder / "javafx")
    added = "the course adapter"
    if not any(_JAVA_BOT_TYPE.search(source) for source in java.values()):
        package = _PACKAGE.search(text)
        stand_in = (ADAPTER / "Bot.java").read_text(encoding="utf-8")
        if package:
            stand_in = f"package {package[1]};\n\n{stand_in}"
        (path.parent / "Bot.java").write_text(stand_in, encoding="utf-8")
        added += " and its Bot.java"
    others = [other for other, _, _ in bots[1:]]
    note = f"course bot {name}" + (f" (of {', '.join([name, *others])})" if others else "")
    return FoundBot(
        "Java (course)",
        shlex.join(["java", "-cp", "classes", "CourseEngine", name]),
        "sh build.sh",
        f"{note}; {added} added",
    )


def _java_engine(folder: Path, java: dict[Path, str]) -> FoundBot | None:
    mains = [(p, t) for p, t in java.items() if _MAIN_JAVA.search(t) and "bestmove" in t]
    if not mains:
        return None
    path, text = mains[0]
    declared = _JAVA_CLASS.search(text)
    name = _qualified(text, declared[1] if declared else path.stem)
    files = [_relative(folder, p) for p in java]
    build = shlex.join(["javac", "-encoding", "UTF-8", "-d", "classes", *files])
    return FoundBot(
        "Java", shlex.join(["java", "-cp", "classes", name]), build, f"main class {name}"
    )


def _c_engine(folder: Path, c_files: dict[Path, str]) -> FoundBot | None:
    mains = [p for p, t in c_files.items() if _MAIN_C.search(t) and "bestmove" in t]
    if not mains:
        return None
    files = [_relative(folder, mains[0])]
    files += [_relative(folder, p) for p, t in c_files.items() if not _MAIN_C.search(t)]
    build = shlex.join(["gcc", "-O2", "-o", "bot", *files, "-lm"])
    return FoundBot("C", "./bot", build, f"main in {files[0]}")


def _python_class(folder: Path, python: dict[Path, str]) -> FoundBot | None:
    for path, text in python.items():
        if "plyground" not in text:
            continue
        for match in _PY_BOT.finditer(text):
            bases = [base.strip() for base in match[2].split(",")]
            if any(base == "Bot" or base.endswith(".Bot") for base in bases):
                spec = f"./{_relative(folder, path)}:{match[1]}"
                command = shlex.join([sys.executable, "-m", "plyground", "engine", spec])
                return FoundBot("Python", command, None, f"bot class {match[1]}")
    return None


def _python_engine(folder: Path, python: dict[Path, str]) -> FoundBot | None:
    scripts = [p for p, t in python.items() if "bestmove" in t and "hello" in t]
    if not scripts:
        return None
    script = _relative(folder, scripts[0])
    return FoundBot("Python", shlex.join([sys.executable, script]), None, f"engine {script}")
