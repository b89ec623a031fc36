"""The names of the backends that run many games (``--backend``), kept apart from the
backends themselves: a command's parser offers them without loading a process pool."""

from __future__ import annotations

__all__ = ["BACKENDS"]

BACKENDS = ("pool", "ray")
"""The process pool on this machine, and Ray (:mod:`plyground.arena.runs.backends`)."""
