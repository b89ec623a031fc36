"""``plyground.arena`` hands on the public names of its rooms (the README's
``from plyground.arena import RunOptions, play_match``), each the room's own object."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import plyground.arena


@pytest.mark.parametrize("name", plyground.arena.__all__)
def test_every_public_name_comes_from_its_room(name: str) -> None:
    value = getattr(plyground.arena, name)
    assert value.__module__.startswith("plyground.arena.")
    assert getattr(importlib.import_module(value.__module__), name) is value


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"No plyground\.arena attribute Refere"):
        plyground.arena.Refere  # noqa: B018 - the attribute access is the test


def test_importing_a_low_room_does_not_load_the_arena_above_it() -> None:
    """The face loads nothing by itself: records import no player, match or store."""
    code = (
        "import sys; import plyground.arena.records.record; "
        "print(sorted(m for m in sys.modules if m.startswith('plyground.arena.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['plyground.arena.records', 'plyground.arena.records.record']"
