"""What tests share for running plyground as a user would: the environment and types.

Test modules import from here (``from cli_support import RunCli``), never
from a ``conftest`` module: several directories have one, and which of
them Python would find under that name depends on the order of collection.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RunCli = Callable[..., subprocess.CompletedProcess[str]]
"""``run_cli(args, input=None, timeout=120, check=False, cwd=None)``: the fixture's type."""


def plyground_env() -> dict[str, str]:
    """The environment for a subprocess that imports plyground from this checkout."""
    env = dict(os.environ)
    src = str(ROOT / "src")
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def run_python(script: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a new Python process that imports plyground from this checkout."""
    return subprocess.run(
        [sys.executable, "-c", script],
        env=plyground_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
