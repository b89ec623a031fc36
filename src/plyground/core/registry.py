"""The one name -> object registry: games, bots, evaluations, kernels, views.

An entry is either the object itself or a ``"module:attr"`` target, imported
only when the name is first looked up (so loading tic-tac-toe never imports
another game's kernels). A registry given an entry-point group also offers
what installed packages declare there (``plyground.games``,
``plyground.bots``; see docs/plugins.md): a package adds a game or a bot
without editing plyground. Entry points are read only when a name is not
built in, or when every name is listed, and loaded only when looked up; one
that fails to load is reported naming its package. A target's module may
also be a Python file (``./mybot.py:MyBot``): that is how a user's own bot in
a file is loaded (docs/your-first-bot.md).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from plyground.core.errors import (
    PluginError,
    UnknownNameError,
    raised_at,
    syntax_error_lines,
    syntax_error_place,
    then_lines,
    user_traceback,
)

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["Registry", "is_file_target", "load_file", "load_target"]

T = TypeVar("T")


def load_target(target: str) -> Any:
    """The object a ``"module:attr"`` target names (``attr`` may be dotted); the
    module may be a Python file (``path/to/file.py:attr``, see :func:`load_file`).

    >>> load_target("plyground.core.registry:Registry.names").__name__
    'names'
    """
    module_name, colon, attribute = target.rpartition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(f"target {target!r} is not of the form 'module:attr'")
    if is_file_target(target):
        found: Any = load_file(module_name)
        if not hasattr(found, attribute.split(".")[0]):
            defined = sorted(n for n, v in vars(found).items() if isinstance(v, type))
            listed = ", ".join(defined) or "none"
            raise PluginError(
                f"{module_name} has no {attribute.split('.')[0]!r} (classes there: {listed})"
            )
    else:
        found = importlib.import_module(module_name)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


def is_file_target(target: str) -> bool:
    """True for a target whose module is a Python file (``./mybot.py:MyBot``)."""
    return target.rpartition(":")[0].endswith(".py")


_FILES: dict[Path, ModuleType] = {}


def load_file(path: str) -> ModuleType:
    """The module a Python file makes, run once per process (a later call returns it).

    Whatever goes wrong in the file (it is missing, a syntax error, an error
    while it runs) is a :class:`PluginError`: a line naming the file and the
    line, then the user's own traceback lines (the frames in their files, or
    the syntax error's source line and caret), never plyground's traceback.
    """
    resolved = Path(path).expanduser().resolve()
    if resolved in _FILES:
        return _FILES[resolved]
    if resolved.is_dir():
        raise PluginError(f"{path}: is a directory, not a Python file")
    if not resolved.is_file():
        raise PluginError(f"{path}: no such file")
    name = "plyground_file_" + hashlib.sha1(str(resolved).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise PluginError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # classes defined there know their module (pickling, repr)
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[name]
        raise PluginError(
            f"{syntax_error_place(error, str(path))}: SyntaxError: {error.msg}"
            + then_lines(syntax_error_lines(error))
        ) from None
    except Exception as error:  # any failure of the user's code as it runs
        del sys.modules[name]
        raise PluginError(
            f"{path} failed to load ({raised_at(error)}): {type(error).__name__}: {error}"
            + then_lines(user_traceback(error))
        ) from None
    _FILES[resolved] = module
    return module


class Registry(Generic[T]):
    """Named entries of one kind, kept in registration order (built-ins, then plugins).

    ``kind`` names the kind in errors (``unknown bot 'x' (known: ...)``);
    ``unknown`` overrides the start of that message (``{name}`` is the name
    asked for); ``group`` is the entry-point group installed packages add to.
    """

    def __init__(self, kind: str, *, group: str | None = None, unknown: str | None = None) -> None:
        self.kind = kind
        self.group = group
        self._unknown = unknown or f"unknown {kind} {{name!r}}"
        self._entries: dict[str, T | str] = {}
        self._loaded: dict[str, T] = {}
        self._plugins: dict[str, EntryPoint] | None = None

    def add(self, name: str, entry: T | str) -> None:
        """Register ``entry`` (an object, or a lazy ``"module:attr"`` target) as ``name``."""
        if name in self._entries:
            raise ValueError(f"{self.kind} {name!r} is already registered")
        self._entries[name] = entry

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator form of :meth:`add`."""

        def decorate(entry: T) -> T:
            self.add(name, entry)
            return entry

        return decorate

    def get(self, name: str) -> T:
        """The entry for ``name``, imported on first use; UnknownNameError lists the names."""
        if name in self._loaded:
            return self._loaded[name]
        if name in self._entries:
            entry = self._entries[name]
            loaded: T = load_target(entry) if isinstance(entry, str) else entry
        elif name in self._entry_points():
            loaded = self._load_plugin(self._entry_points()[name])
        else:
            known = ", ".join(self.names()) or "none"
            raise UnknownNameError(f"{self._unknown.format(name=name)} (known: {known})")
        self._loaded[name] = loaded
        return loaded

    def find(self, name: str) -> T | None:
        """The entry for ``name``, or None when there is none."""
        return self.get(name) if name in self else None

    def names(self) -> list[str]:
        """Every name: the built-in ones in registration order, then the plugins'."""
        return [*self._entries, *(n for n in self._entry_points() if n not in self._entries)]

    def built_in_names(self) -> list[str]:
        """The names registered in this process, in order, without reading the installed
        packages' entry points (for what must stay quick, such as building a parser)."""
        return list(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries or name in self._entry_points()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def rescan(self) -> None:
        """Read the entry points again (after a package was installed in this process)."""
        self._plugins = None
        self._loaded = {name: obj for name, obj in self._loaded.items() if name in self._entries}

    def __len__(self) -> int:
        return len(self.names())

    def _entry_points(self) -> dict[str, EntryPoint]:
        """The group's entry points by name, read once (none without a group)."""
        if self._plugins is None:
            self._plugins = {}
            if self.group is not None:
                # imported here: reading the installed packages' metadata is slow to load,
                # and a built-in name (every command's usual case) never needs it
                from importlib.metadata import entry_points

                for point in entry_points(group=self.group):
                    if point.name in self._entries or point.name in self._plugins:
                        warnings.warn(
                            f"{self.kind} {point.name!r} from package {_package(point)} "
                            f"is ignored: the name is taken",
                            stacklevel=2,
                        )
                        continue
                    self._plugins[point.name] = point
        return self._plugins

    def _load_plugin(self, point: EntryPoint) -> T:
        try:
            loaded: T = point.load()
        except Exception as error:  # any failure of a foreign package's import
            raise PluginError(
                f"{self.kind} {point.name!r} from package {_package(point)} failed to load "
                f"({point.value}): {type(error).__name__}: {error}"
            ) from error
        return loaded


def _package(point: EntryPoint) -> str:
    """The distribution that declares ``point``, as its users know it."""
    dist = point.dist
    return repr(dist.name) if dist is not None else "(unknown)"
