"""Solution counts against OEIS A000170 (docs/rules.md section 5), kernel against reference."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from plyground.core.errors import SettingsError
from plyground.games.queens.counting import (
    MAX_COUNT_SIZE,
    count_solutions,
    count_solutions_reference,
)

OEIS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]


@pytest.mark.parametrize("size", range(1, 10))
def test_reference_matches_oeis(size: int) -> None:
    assert count_solutions_reference(size) == OEIS[size - 1]


def test_kernel_matches_oeis_up_to_14() -> None:
    assert [count_solutions(n) for n in range(1, 15)] == OEIS[:14]


def test_kernel_without_jit_matches_the_reference(cli_env: dict[str, str]) -> None:
    """The kernel's Python source (NUMBA_DISABLE_JIT=1) gives the same counts."""
    env = dict(cli_env, NUMBA_DISABLE_JIT="1")
    code = (
        "import json; from plyground.games.queens.counting import count_solutions; "
        "print(json.dumps([count_solutions(n) for n in range(1, 10)]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    assert json.loads(out.stdout) == OEIS[:9]


@pytest.mark.parametrize("bad", [0, -3, MAX_COUNT_SIZE + 1, 2.5, True, "8"])
def test_bad_sizes(bad: object) -> None:
    with pytest.raises(SettingsError):
        count_solutions(bad)  # type: ignore[arg-type]
    with pytest.raises(SettingsError):
        count_solutions_reference(bad)  # type: ignore[arg-type]
