"""Shared fixtures: subprocess runs of the CLI, and the repository root."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cli_support import RunCli, plyground_env


@pytest.fixture
def run_cli() -> RunCli:
    """Run ``plyground ARGS...`` as a real subprocess (as a user would)."""

    def run(
        args: Sequence[str],
        input: str | None = None,
        timeout: float = 120,
        check: bool = False,
        cwd: Path | None = None,
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "plyground", *args],
            input=input,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=plyground_env(),
            check=check,
            cwd=cwd,
        )

    return run


@pytest.fixture
def cli_env() -> dict[str, str]:
    """The environment for a subprocess that imports plyground from this checkout."""
    return plyground_env()
