"""The docstring examples of the tuning modules run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "plyground.algorithms.local.real_vectors",
        "plyground.core.evaluation",
        "plyground.bots.evaluators",
    ],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
