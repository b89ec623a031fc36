"""The optional libraries of ``plyground[rl]``, imported with a clear error when missing."""

from __future__ import annotations

import importlib
from types import ModuleType

from plyground.core.errors import SettingsError

__all__ = ["require"]

INSTALL = "pip install 'plyground[rl]'"


def require(module: str, library: str) -> ModuleType:
    """Import ``module`` of ``library`` (``"pettingzoo"``, ``"PettingZoo"``); SettingsError
    saying how to install it when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise SettingsError(f"this needs {library}, which is not installed: {INSTALL}") from None
