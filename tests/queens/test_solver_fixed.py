"""Solving N-Queens with queens already placed (the web app's "Solve", keeping the board)."""

from __future__ import annotations

import pytest

from plyground.core.errors import SettingsError
from plyground.games.queens import is_solution
from plyground.solvers.queens import solve_queens


@pytest.mark.parametrize("method", ["backtracking", "mac", "min-conflicts"])
def test_the_solver_keeps_fixed_queens(method: str) -> None:
    found = solve_queens(8, method, seed=1, fixed=(4,))
    assert found.rows is not None and found.rows[0] == 4 and is_solution(found.rows)


@pytest.mark.parametrize("method", ["backtracking", "mac"])
def test_complete_search_proves_that_no_solution_keeps_them(method: str) -> None:
    assert solve_queens(8, method, fixed=(0, 2)).status == "unsatisfiable"  # a1 b3


def test_fixed_rows_are_checked() -> None:
    with pytest.raises(SettingsError, match="fixed rows must be 0 to 7"):
        solve_queens(8, fixed=(8,))
    with pytest.raises(SettingsError, match="cannot keep placed queens"):
        solve_queens(1000, "min-conflicts", fixed=(0,))
