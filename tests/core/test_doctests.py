"""Every example in the package's docstrings runs and shows what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import plyground


def modules_with_examples() -> list[str]:
    names = ["plyground"]
    for info in pkgutil.walk_packages(plyground.__path__, "plyground."):
        spec = importlib.util.find_spec(info.name)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        with open(spec.origin, encoding="utf-8") as source:
            if ">>> " in source.read():
                names.append(info.name)
    return names


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"no example found in {name}"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
