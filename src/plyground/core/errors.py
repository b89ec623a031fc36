"""The project's few exceptions.

Each subclasses the builtin a caller would naturally catch (``ValueError`` for
bad input, ``LookupError`` for unknown names, ``RuntimeError`` for a player
that misbehaves), so code that knows nothing of plyground still handles them.
Messages quote the offending input.
"""

from __future__ import annotations

__all__ = [
    "EngineError",
    "IllegalMoveError",
    "ParseError",
    "PluginError",
    "PlygroundError",
    "SettingsError",
    "UnknownNameError",
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
