"""Declared settings for games and bots, and the ``name(key=value,...)`` spec.

One mechanism serves every configurable thing: a class lists its
:class:`Setting` s; :func:`resolve_settings` checks and converts what a user
gave (Python values or strings from a command line); :func:`parse_spec` and
:func:`format_spec` read and write ``adjacency(size=6,rounds=10)`` or
``alphabeta:time=0.5,depth=6``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from plyground.core.errors import ParseError, SettingsError

__all__ = [
    "Configured",
    "Setting",
    "SettingOrder",
    "format_spec",
    "parse_settings",
    "parse_spec",
    "resolve_settings",
]

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_\-]*")  # "2048" is a game name
_TARGET = re.compile(
    r"(?P<name>[^:()=,]+\.py:[A-Za-z_]\w*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Z]\w*)"
    r"(?P<rest>[:(].*)?",
    re.DOTALL,
)
"""A class in a Python file or module as a name: ``./mybot.py:MyBot``,
``mypackage.bots:MyBot`` (a module's class starts with a capital, so
``alphabeta:depth=3`` still reads as a name and a setting)."""


@dataclass(frozen=True)
class Setting:
    """One setting: its name, type, default, bounds or choices, and help.

    ``kind`` is ``int``, ``float``, ``str`` or ``bool``. ``default=None``
    means "optional, no value" (the owner decides what that means).
    """

    name: str
    kind: type
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] | None = None
    offered: tuple[Any, ...] | None = None
    """For a free-text setting (a file or a name): the only values a front end that must
    not reach the disk offers and accepts (the web app; ``""`` for none), where any value
    its owner accepts is allowed elsewhere."""

    def convert(self, value: object, owner: str) -> Any:
        """Return ``value`` as this setting's kind, checked, or raise SettingsError."""
        if value is None:
            if self.default is None:
                return None
            raise SettingsError(f"{owner}: setting {self.name!r} needs a value", setting=self.name)
        try:
            converted = self._as_kind(value)
        except (TypeError, ValueError):
            raise SettingsError(
                f"{owner}: setting {self.name!r} must be {self._kind_words()}, got {value!r}",
                setting=self.name,
            ) from None
        if self.choices is not None and converted not in self.choices:
            options = ", ".join(str(c) for c in self.choices)
            raise SettingsError(
                f"{owner}: setting {self.name!r} must be one of {options}; got {value!r}",
                setting=self.name,
            )
        if self.minimum is not None and converted < self.minimum:
            raise SettingsError(
                f"{owner}: setting {self.name!r} must be at least {self.minimum:g}; got {value!r}",
                setting=self.name,
            )
        if self.maximum is not None and converted > self.maximum:
            raise SettingsError(
                f"{owner}: setting {self.name!r} must be at most {self.maximum:g}; got {value!r}",
                setting=self.name,
            )
        return converted

    def _kind_words(self) -> str:
        """This setting's kind as an error message says it (``'time' must be a number``)."""
        words = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
        return words.get(self.kind, self.kind.__name__)

    def _as_kind(self, value: object) -> Any:
        """``value`` as this setting's kind; TypeError or ValueError when it is none."""
        raw: Any = value
        if self.kind is bool:
            return _to_bool(value)
        if self.kind is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            return int(raw.strip()) if isinstance(raw, str) else int(raw)
        if self.kind is float:
            if isinstance(value, bool):
                raise ValueError
            converted = float(raw)
            if math.isnan(converted):
                raise ValueError
            return converted
        return self.kind(value)

    def describe(self) -> str:
        """A one-line description for help texts."""
        bounds = ""
        if self.choices is not None:
            bounds = " (" + "|".join(str(c) for c in self.choices) + ")"
        elif self.minimum is not None or self.maximum is not None:
            low = "" if self.minimum is None else f"{self.minimum:g}"
            high = "" if self.maximum is None else f"{self.maximum:g}"
            bounds = f" ({low}..{high})"
        return f"{self.name}={self.default}{bounds}: {self.help}"


def _to_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
    raise ValueError(value)


def resolve_settings(
    declared: Sequence[Setting], given: Mapping[str, object], owner: str
) -> dict[str, Any]:
    """Check ``given`` against ``declared`` and fill in defaults.

    Raises :class:`SettingsError` naming an unknown setting (and listing the
    known ones) or a bad value.
    """
    by_name = {s.name: s for s in declared}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        known = ", ".join(by_name) or "none"
        raise SettingsError(
            f"{owner}: unknown setting {unknown[0]!r} (known: {known})", setting=unknown[0]
        )
    return {s.name: s.convert(given.get(s.name, s.default), owner) for s in declared}


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``name(k=v,...)`` or ``name:k=v,...`` (or a bare ``name``).

    The name may also be a class in a file or module (``./mybot.py:MyBot``,
    ``mypackage.bots:MyBot``), followed by its settings the same two ways.

    >>> parse_spec("adjacency(size=6, rounds=10)")
    ('adjacency', {'size': '6', 'rounds': '10'})
    >>> parse_spec("alphabeta:time=0.5")
    ('alphabeta', {'time': '0.5'})
    >>> parse_spec("./mybot.py:MyBot:depth=3")
    ('./mybot.py:MyBot', {'depth': '3'})
    """
    stripped = text.strip()
    if not stripped:
        raise ParseError("empty name: expected something like 'adjacency(size=8,rounds=8)'")
    target = _TARGET.fullmatch(stripped)
    if target is not None:
        name, rest = target["name"], target["rest"] or ""
        if rest.startswith("(") and not rest.endswith(")"):
            raise ParseError(f"unbalanced parentheses in {text!r}")
        body = rest[1:-1] if rest.startswith("(") else rest[1:]
    else:
        name, body = _split_name(stripped, text)
        if not _NAME.fullmatch(name):
            raise ParseError(f"bad name {name!r} in {text!r}")
    return name, _parse_settings(body, text)


def _split_name(stripped: str, text: str) -> tuple[str, str]:
    """A plain spec's name and the text of its settings."""
    if stripped.endswith(")") and "(" in stripped:
        name, _, body = stripped[:-1].partition("(")
    elif ":" in stripped:
        name, _, body = stripped.partition(":")
    elif "(" in stripped or ")" in stripped:
        raise ParseError(f"unbalanced parentheses in {text!r}")
    else:
        name, body = stripped, ""
    return name.strip(), body


def parse_settings(text: str) -> dict[str, str]:
    """A spec's settings alone, ``k=v,...``, as a dict (for an option that takes settings).

    >>> parse_settings("evaluation=4x6-tc")
    {'evaluation': '4x6-tc'}
    """
    return _parse_settings(text, text)


def _parse_settings(body: str, text: str) -> dict[str, str]:
    """``k=v,...`` as a dict (``text`` is the whole spec, for messages)."""
    settings: dict[str, str] = {}
    for raw in body.split(","):
        item = raw.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not _NAME.fullmatch(key):
            raise ParseError(f"bad setting {item!r} in {text!r}: expected key=value")
        if key in settings:
            raise ParseError(f"setting {key!r} given twice in {text!r}")
        settings[key] = value.strip()
    return settings


def format_spec(name: str, settings: Mapping[str, object]) -> str:
    """Inverse of :func:`parse_spec` in the parenthesised form (``None`` values left out)."""
    items = ",".join(f"{k}={v}" for k, v in settings.items() if v is not None)
    return f"{name}({items})" if items else name


@dataclass(frozen=True)
class SettingOrder:
    """Two settings that must come in order: ``low`` must not exceed ``high`` (with
    ``strict``, must be smaller), such as an annealing's end and start temperatures."""

    low: str
    high: str
    strict: bool = False

    def check(self, settings: Mapping[str, Any], owner: str) -> None:
        """Raise SettingsError naming both settings and their values when out of order."""
        low, high = settings[self.low], settings[self.high]
        if low > high or (self.strict and low == high):
            relation = "must be smaller than" if self.strict else "must not exceed"
            raise SettingsError(
                f"{owner}: {self.low} {low!r} {relation} {self.high} {high!r}", setting=self.high
            )


class Configured:
    """Something made by its registry name and settings (a game, a bot): the settings it
    declares, checked once at construction, and the spec that makes it again."""

    NAME: ClassVar[str]
    DESCRIPTION: ClassVar[str]
    SETTINGS: ClassVar[tuple[Setting, ...]] = ()
    ORDERS: ClassVar[tuple[SettingOrder, ...]] = ()
    """Pairs of its settings that must come in order, checked with the settings."""
    KIND: ClassVar[str] = "thing"
    """What it is, for error messages: ``game 'adjacency'``, ``bot 'alphabeta'``."""

    def __init__(self, **settings: object) -> None:
        owner = f"{self.KIND} {self.NAME!r}"
        self._settings: dict[str, Any] = resolve_settings(self.SETTINGS, settings, owner)
        for order in self.ORDERS:
            order.check(self._settings, owner)

    @property
    def name(self) -> str:
        """The registry name, for example ``"adjacency"`` or ``"alphabeta"``."""
        return self.NAME

    @property
    def settings(self) -> Mapping[str, Any]:
        """Every setting with its value (defaults filled in)."""
        return dict(self._settings)

    @property
    def spec(self) -> str:
        """The text that makes this again: ``adjacency(size=8,rounds=8,first=X)``."""
        return format_spec(self.NAME, self._settings)
