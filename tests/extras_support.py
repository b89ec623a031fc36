"""An environment in which optional dependencies are missing, for the tests that check
a command says so in a sentence instead of a traceback.

:func:`without` writes a ``sitecustomize.py`` that puts a finder first on
``sys.meta_path`` refusing the named top-level packages (and their submodules)
with ``ModuleNotFoundError``, as an install without them would; every Python
process started with the returned environment (and its children) loads it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from cli_support import plyground_env

__all__ = ["without"]

_BLOCKER = """\
import importlib.abc
import sys

_MISSING = {missing!r}


class _Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in _MISSING:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, _Missing())
"""


def without(packages: Sequence[str], folder: Path) -> dict[str, str]:
    """The environment of a plyground subprocess in which ``packages`` cannot be
    imported (``folder`` receives the ``sitecustomize.py`` that refuses them)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_BLOCKER.format(missing=tuple(packages)))
    env = plyground_env()
    env["PYTHONPATH"] = str(folder) + os.pathsep + env["PYTHONPATH"]
    return env
