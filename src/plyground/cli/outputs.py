"""Output files named on the command line, checked before any work starts.

A command that plays games for minutes and then cannot write its ``--json``
file has wasted them; :func:`check_output` finds a missing directory, a
directory given as the file, or a place that cannot be written, first.
"""

from __future__ import annotations

import os
from pathlib import Path

from plyground.core.errors import SettingsError

__all__ = ["check_output"]


def check_output(path: str | None, option: str, *, makes_folders: bool = False) -> None:
    """Raise SettingsError, naming ``option`` and ``path``, unless ``path`` (when given)
    can be written: its directory exists and is writable, and it is not a directory.
    With ``makes_folders`` (the writer makes missing folders) a missing directory is
    fine and only an existing one is checked."""
    if path is None:
        return
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise SettingsError(f"{option} {path!r} is a directory; give a file name")
    if makes_folders and not parent.exists():
        return
    if not parent.is_dir():
        raise SettingsError(
            f"{option} {path!r}: the directory {str(parent)!r} does not exist (create it first)"
        )
    writable = os.access(target, os.W_OK) if target.exists() else os.access(parent, os.W_OK)
    if not writable:
        raise SettingsError(f"{option} {path!r} cannot be written (no permission, or read-only)")
