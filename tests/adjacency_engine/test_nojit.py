"""The kernels with the JIT off (``NUMBA_DISABLE_JIT=1``), so coverage sees their lines.

Runs the ``test_small_*`` tests of this folder in a subprocess: the same
assertions against the reference, executed as plain Python. And an 8x8
solve with h8 (bit 63, the sign bit) empty through ``plyground solve
adjacency`` with the JIT off, equal to the compiled solver's to the node
(plain Python once looped forever over such masks and wrote past its buffers).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from plyground.games.adjacency.rules import parse_position
from plyground.games.adjacency.solver import solve

H8_EMPTY = "XOXOXOX1/OXOXOXOX/XXOOXXOO/OOXXOO2/XOXOX3/OXOXOXOX/XOXOXOXO/1OXOXOX1 X 7"
"""Eight empty cells, h8 and a1 among them, 7 plies: the table, its enhanced
transposition cutoffs and the two-ply move order all run."""


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


def test_an_8x8_solve_with_the_jit_off_equals_the_compiled_one(cli_env: dict[str, str]) -> None:
    env = {**cli_env, "NUMBA_DISABLE_JIT": "1"}
    command = [sys.executable, "-m", "plyground", "solve", "adjacency", H8_EMPTY, "--json"]
    result = subprocess.run(
        [*command, "--moves"], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    plain = json.loads(result.stdout)
    compiled = solve(parse_position(H8_EMPTY), moves=True)
    assert plain["value"] == compiled.value == 3
    assert plain["best"] == list(compiled.best)
    assert plain["line"] == list(compiled.line)
    assert plain["moves"] == compiled.moves
    assert plain["nodes"] == compiled.nodes
