"""What to type instead: the player specs a student gets wrong first, and the fix.

A student names their bot as they would run it (``mybot.py``, ``MyBot.java``)
or forgets the class after the file (``./studentbot.py``). :func:`spec_hint`
says what the spec should have been, for the error that names the problem;
:func:`with_spec_hint` adds it to such an error.
"""

from __future__ import annotations

import re
from pathlib import Path

from plyground.core.errors import PlygroundError

__all__ = ["spec_hint", "with_spec_hint"]

_SCRIPT = re.compile(r"^[\w./~-]+\.(?P<ext>py|java|class|c|jar|exe|out)$")
_BOT_CLASS = re.compile(r"^class\s+(?P<name>\w+)\s*\([^)]*Bot\b[^)]*\)", re.MULTILINE)


def spec_hint(text: str, cwd: str | None = None) -> str:
    """What ``text`` was likely meant to be, as a sentence, or '' when there is no guess."""
    found = _SCRIPT.match(text.strip())
    if found is None:
        return ""
    name = text.strip()
    ext = found["ext"]
    if ext == "py":
        return _python_hint(name, cwd)
    if ext in ("java", "class"):
        stem = Path(name).stem
        return f"compile it (javac {stem}.java) and name the command: engine:'java -cp . {stem}'"
    if ext == "jar":
        return f"name the command that runs it: engine:'java -jar {name}'"
    shown = name if "/" in name else f"./{name}"
    if ext == "c":
        binary = shown[: -len(".c")]
        return f"compile it (gcc -O2 -o {binary} {name}) and name the program: engine:{binary}"
    return f"name the program to run: engine:{shown}"


def with_spec_hint(error: PlygroundError, text: str, cwd: str | None = None) -> PlygroundError:
    """``error`` of the same type with the hint for ``text`` added (itself when none)."""
    hint = spec_hint(text, cwd)
    if not hint:
        return error
    return type(error)(f"{error}; {hint}")


def _python_hint(name: str, cwd: str | None) -> str:
    """The hint for a Python file named alone: its Bot class, or the engine command."""
    path = Path(cwd or ".") / name
    source = path.read_text(errors="replace") if path.is_file() else ""
    classes = _BOT_CLASS.findall(source)
    shown = name if "/" in name else f"./{name}"
    engine = (
        f"engine:'python3 {name}' (quoted, so the command is one argument) for a script "
        "speaking docs/protocol.md"
    )
    if source and not classes:
        return f"{name} has no Bot class; to run it as an engine type {engine}"
    bot = f"{shown}:{classes[0] if classes else 'MyBot'}"
    return f"name the Bot class in the file: {bot}; or {engine}"
