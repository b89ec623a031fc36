"""The kernels with the JIT off (``NUMBA_DISABLE_JIT=1``), so coverage sees their lines.

Runs the ``test_small_*`` tests of this folder in a subprocess: the same
assertions against the reference, executed as plain Python.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_small_tests_pass_with_the_jit_off(cli_env: dict[str, str]) -> None:
    here = Path(__file__).parent
    env = {**cli_env, "NUMBA_DISABLE_JIT": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-k",
            "test_small_ and not jit_off",
            str(here / "test_kernels.py"),
            str(here / "test_engine.py"),
            str(here / "test_kernel_properties.py"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout
