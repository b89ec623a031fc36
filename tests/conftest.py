"""Shared fixtures: subprocess runs of the CLI, and the repository root."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(ROOT / "src")
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


RunCli = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def run_cli() -> RunCli:
    """Run ``plyground ARGS...`` as a real subprocess (as a user would)."""

    def run(
        args: Sequence[str], input: str | None = None, timeout: float = 120, check: bool = False
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "plyground", *args],
            input=input,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=_env(),
            check=check,
        )

    return run


@pytest.fixture
def cli_env() -> dict[str, str]:
    """The environment for a subprocess that imports plyground from this checkout."""
    return _env()
