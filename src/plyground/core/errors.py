"""The project's few exceptions.

Each subclasses the builtin a caller would naturally catch (``ValueError`` for
bad input, ``LookupError`` for unknown names, ``RuntimeError`` for a player
that misbehaves), so code that knows nothing of plyground still handles them.
Messages quote the offending input.
"""

from __future__ import annotations

import contextlib
import linecache
import sysconfig
import traceback
from pathlib import Path

__all__ = [
    "EngineError",
    "IllegalMoveError",
    "ParseError",
    "PluginError",
    "PlygroundError",
    "SettingsError",
    "UnknownNameError",
    "raised_at",
    "source_lines",
    "syntax_error_lines",
    "syntax_error_place",
    "then_lines",
    "user_frames",
    "user_traceback",
]


class PlygroundError(Exception):
    """Base class of every error plyground raises on purpose."""


class ParseError(PlygroundError, ValueError):
    """A text (position, move, cell, game or bot spec) could not be read."""


class IllegalMoveError(PlygroundError, ValueError):
    """A move that is not legal in the position it was played in."""


class SettingsError(PlygroundError, ValueError):
    """A setting that is unknown, of the wrong type, or out of range.

    ``setting`` names the setting at fault when one is (a front end shows the
    message beside that setting's input); None when the problem is not one
    setting's.
    """

    def __init__(self, message: str, *, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting


class UnknownNameError(PlygroundError, LookupError):
    """A game or bot name that is not in its registry."""

    def __str__(self) -> str:  # LookupError would repr() the message
        return str(self.args[0]) if self.args else ""


class EngineError(PlygroundError, RuntimeError):
    """An external or separate-process player broke the protocol."""


class PluginError(PlygroundError, ImportError):
    """An installed package's game or bot (an entry point) that cannot be loaded."""


_PACKAGE = Path(__file__).resolve().parents[1]
_PATHS = sysconfig.get_paths()
_PYTHON = tuple(Path(_PATHS[key]).resolve() for key in ("stdlib", "platstdlib"))
_INSTALLED = tuple(Path(_PATHS[key]).resolve() for key in ("purelib", "platlib"))


def _is_users(frame: traceback.FrameSummary) -> bool:
    """True for a frame of the user's own code: not plyground's, not Python's own
    (its standard library, its import machinery's ``<frozen ...>`` frames); an
    installed package's code (a plugin) is its author's."""
    if frame.filename.startswith("<"):
        return False
    path = Path(frame.filename).resolve()
    if path.is_relative_to(_PACKAGE):
        return False
    if any(path.is_relative_to(root) for root in _INSTALLED):
        return True
    return not any(path.is_relative_to(root) for root in _PYTHON)


def user_frames(error: BaseException) -> list[traceback.FrameSummary]:
    """The frames of ``error``'s traceback in the user's own code, outermost first."""
    return [f for f in traceback.extract_tb(error.__traceback__) if _is_users(f)]


def _shown(filename: str) -> str:
    """A file as a message names it: relative to the working directory when inside it."""
    path = Path(filename)
    with contextlib.suppress(ValueError, OSError):
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    return filename


def source_lines(filename: str, lineno: int | None, name: str | None = None) -> str:
    """One frame as Python prints it: ``  File "mybot.py", line 12, in choose`` and,
    below, the source line (when the file can be read)."""
    head = f'  File "{_shown(filename)}", line {lineno}' + (f", in {name}" if name else "")
    line = linecache.getline(filename, lineno or 0).strip()
    return head + (f"\n    {line}" if line else "")


def user_traceback(error: BaseException) -> str:
    """The user's own frames of ``error``'s traceback (file, line, function and the
    source line of each, outermost first), as Python prints them; plyground's and
    Python's own frames left out, so it is '' when none is the user's."""
    return "\n".join(source_lines(f.filename, f.lineno, f.name) for f in user_frames(error))


def syntax_error_place(error: SyntaxError, place: str) -> str:
    """``place`` (a file), with the syntax error's line when Python gives one (it gives
    none for a NUL byte in the source)."""
    return f"{place}, line {error.lineno}" if error.lineno else place


def syntax_error_lines(error: SyntaxError) -> str:
    """Where a syntax error is, as Python prints it: the file and line, the source
    line and a caret under the place."""
    if not error.filename:
        return ""
    head = f'  File "{_shown(error.filename)}", line {error.lineno}'
    text = (error.text or linecache.getline(error.filename, error.lineno or 0)).rstrip("\n")
    if not text.strip():
        return head
    stripped = text.lstrip()
    lines = [head, f"    {stripped}"]
    if error.offset:
        column = max(0, error.offset - 1 - (len(text) - len(stripped)))
        lines.append("    " + " " * column + "^")
    return "\n".join(lines)


def then_lines(lines: str) -> str:
    """``lines`` (the user's traceback lines) as the rest of a message below its first
    line, or '' when there are none."""
    return f"\n{lines}" if lines else ""


def raised_at(error: BaseException) -> str:
    """Where ``error`` was raised, as ``mybot.py, line 12, in choose``: the innermost
    frame of its traceback in the user's own code, else the innermost."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    frame = (user_frames(error) or frames)[-1]
    return f"{Path(frame.filename).name}, line {frame.lineno}, in {frame.name}"
