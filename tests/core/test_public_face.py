"""``plyground``'s lazy face: each public name is its layer's own object, loaded on first use
from where ``__init__.pyi`` says (``lazy_loader``), and the stubs ship in the wheel."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

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
    with pytest.raises(AttributeError, match="No plyground attribute load_gam"):
        plyground.load_gam  # noqa: B018 - the attribute access is the test


def test_importing_plyground_loads_no_layer() -> None:
    code = (
        "import sys, plyground; print(sorted(m for m in sys.modules if m.startswith('plyground')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['plyground']"


def test_the_faces_stubs_ship_in_the_wheel() -> None:
    """Without its ``__init__.pyi`` a face has no public names at run time."""
    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["plyground"]
    package = root / "src" / "plyground"
    shipped = {path for pattern in globs for path in package.glob(pattern)}
    stubs = set(package.rglob("*.pyi"))
    assert {package / "__init__.pyi", package / "arena" / "__init__.pyi"} <= stubs
    assert stubs <= shipped
