"""A record's JSON when it is just its fields: one rule for every such ``to_dict``.

Many records (a board's layout, a player's identity, a suite position, a
bot's level) are sent as JSON field for field. :func:`json_fields` writes
them so, instead of each record naming its fields again: tuples and lists
become lists, mappings dicts, records within the dicts of their fields.
A record whose JSON differs from its fields (rounded numbers, computed
entries, enums as values) writes its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

__all__ = ["json_fields"]


def json_fields(record: Any) -> dict[str, Any]:
    """The fields of the dataclass instance ``record``, in order, as JSON holds them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Seat:
    ...     name: str
    ...     cells: tuple[str, ...]
    ...     settings: Mapping[str, float]
    >>> json_fields(Seat("X", ("a1", "b2"), {"time": 0.5}))
    {'name': 'X', 'cells': ['a1', 'b2'], 'settings': {'time': 0.5}}
    """
    if not is_dataclass(record) or isinstance(record, type):
        raise TypeError(f"expected a dataclass instance, got {record!r}")
    return {field.name: _json_value(getattr(record, field.name)) for field in fields(record)}


def _json_value(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return json_fields(value)
    if isinstance(value, tuple | list):
        return [_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _json_value(item) for key, item in value.items()}
    return value
