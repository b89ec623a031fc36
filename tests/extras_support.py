"""An environment in which optional dependencies are missing, for the tests that check
a command says so in a sentence instead of a traceback.

:func:`without` writes a ``sitecustomize.py`` that wraps every finder on
``sys.meta_path`` so that none finds the named top-level packages (or their
submodules): importing them raises ``ModuleNotFoundError`` and
``importlib.util.find_spec`` returns None, as in an install without them. Every
Python process started with the returned environment (and its children) loads it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cli_support import plyground_env

__all__ = ["without"]

_BLOCKER = """\
import sys

_MISSING = {missing!r}


class _Hiding:
    # a finder of sys.meta_path that no longer finds the missing packages

    def __init__(self, finder):
        self._finder = finder

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in _MISSING:
            return None
        find = getattr(self._finder, "find_spec", None)
        return None if find is None else find(name, path, target)

    def __getattr__(self, attribute):
        return getattr(self._finder, attribute)


sys.meta_path[:] = [_Hiding(finder) for finder in sys.meta_path]
"""


def without(packages: Sequence[str], folder: Path) -> dict[str, str]:
    """The environment of a plyground subprocess in which ``packages`` cannot be
    imported (``folder`` receives the ``sitecustomize.py`` that hides them)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_BLOCKER.format(missing=tuple(packages)))
    env = plyground_env()
    env["PYTHONPATH"] = str(folder) + os.pathsep + env["PYTHONPATH"]
    return env
