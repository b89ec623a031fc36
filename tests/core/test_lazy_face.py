"""``plyground``'s lazy face: each public name is its layer's own object, loaded on first use."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import plyground


@pytest.mark.parametrize("name", sorted(set(plyground.__all__) - {"__version__"}))
def test_every_public_name_is_its_layers_object(name: str) -> None:
    value = getattr(plyground, name)
    homes = [
        layer
        for layer in ("plyground.bots", "plyground.core", "plyground.games")
        if getattr(importlib.import_module(layer), name, None) is value
    ]
    assert homes, f"plyground.{name} is not the object of any layer it names"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'plyground' has no attribute 'load_gam'"):
        plyground.load_gam  # noqa: B018 - the attribute access is the test


def test_importing_plyground_loads_no_layer() -> None:
    code = (
        "import sys, plyground; print(sorted(m for m in sys.modules if m.startswith('plyground')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['plyground', 'plyground.lazy_face']"
