"""A package's lazy public face: each public name imported from its home when first asked for.

A face (``plyground``, ``plyground.arena``) declares its public names once, as the
imports under ``if TYPE_CHECKING:`` at its top, each in the re-exporting form
``from plyground.bots import Bot as Bot``. Type checkers read them there; at run time
:func:`lazy_face` reads the same lines from the face's source, so that importing the face
loads none of its homes, and asking for a name loads only that name's home.

This module imports nothing of plyground, and nothing heavier than :mod:`ast`, so that
``import plyground`` stays light.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_face"]


def lazy_face(module_name: str, source_path: str) -> tuple[Callable[[str], Any], list[str]]:
    """The module ``__getattr__`` and the ``__all__`` of the face ``module_name``.

    ``source_path`` is the face's ``__file__``; its ``if TYPE_CHECKING:`` imports say where
    each public name lives. A name is imported on first use and then kept in the face's
    globals, so the next use costs nothing.
    """
    homes = _declared_homes(source_path)
    face = sys.modules[module_name]

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(face, name, value)
        return value

    return load, sorted(homes)


def _declared_homes(source_path: str) -> dict[str, str]:
    """Public name -> the module it is imported from, under the source's ``if TYPE_CHECKING:``."""
    with open(source_path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), source_path)
    homes: dict[str, str] = {}
    for statement in tree.body:
        if (
            isinstance(statement, ast.If)
            and isinstance(statement.test, ast.Name)
            and statement.test.id == "TYPE_CHECKING"
        ):
            for node in statement.body:
                if isinstance(node, ast.ImportFrom) and node.module is not None:
                    homes.update((alias.asname or alias.name, node.module) for alias in node.names)
    return homes
