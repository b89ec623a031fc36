"""Shared fixtures: subprocess runs of the CLI, and the repository root."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from filelock import FileLock

from cli_support import RunCli, plyground_env


@pytest.fixture(scope="session")
def run_cli() -> RunCli:
    """Run ``plyground ARGS...`` as a real subprocess (as a user would); session-wide, so
    module fixtures that build something once can run it too."""

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


@pytest.fixture(scope="session")
def morris_endgames_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A data directory where ``plyground endgames --upto 3v3 --check 40`` has built the
    solved Morris endgames, and what it printed. Built once a test run (some seconds): the
    xdist workers share one directory, and the first to need it builds it under a lock."""
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:
        shared = tmp_path_factory.getbasetemp().parent  # the run's, above each worker's
    else:
        shared = tmp_path_factory.mktemp("endgames")
    home, printed = shared / "morris-endgames", shared / "morris-endgames.out"
    with FileLock(shared / "morris-endgames.lock"):
        if not printed.exists():
            result = subprocess.run(
                [sys.executable, "-m", "plyground", "endgames", "--upto", "3v3", "--check", "40"],
                capture_output=True,
                text=True,
                timeout=600,
                env=plyground_env() | {"XDG_DATA_HOME": str(home)},
                check=False,
            )
            assert result.returncode == 0, result.stderr
            printed.write_text(result.stdout)  # last: it marks the tables built
    return home, printed.read_text()
