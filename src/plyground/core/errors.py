"""The project's few exceptions.

Each subclasses the builtin a caller would naturally catch (``ValueError`` for
bad input, ``LookupError`` for unknown names, ``RuntimeError`` for a player
that misbehaves), so code that knows nothing of plyground still handles them.
Messages quote the offending input.
"""

from __future__ import annotations

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
]


class PlygroundError(Exception):
    """Base class of every error plyground raises on purpose."""


class ParseError(PlygroundError, ValueError):
    """A text (position, move, cell, game or bot spec) could not be read."""


class IllegalMoveError(PlygroundError, ValueError):
    """A move that is not legal in the position it was played in."""


class SettingsError(PlygroundError, ValueError):
    """A setting that is unknown, of the wrong type, or out of range."""


class UnknownNameError(PlygroundError, LookupError):
    """A game or bot name that is not in its registry."""

    def __str__(self) -> str:  # LookupError would repr() the message
        return str(self.args[0]) if self.args else ""


class EngineError(PlygroundError, RuntimeError):
    """An external or separate-process player broke the protocol."""


class PluginError(PlygroundError, ImportError):
    """An installed package's game or bot (an entry point) that cannot be loaded."""


_PACKAGE = Path(__file__).resolve().parents[1]


def raised_at(error: BaseException) -> str:
    """Where ``error`` was raised, as ``mybot.py, line 12, in choose``: the innermost
    frame of its traceback outside plyground (the user's own code), else the innermost."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    outside = [f for f in frames if not Path(f.filename).resolve().is_relative_to(_PACKAGE)]
    frame = (outside or frames)[-1]
    return f"{Path(frame.filename).name}, line {frame.lineno}, in {frame.name}"
