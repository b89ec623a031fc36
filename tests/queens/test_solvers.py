"""Solving N-Queens: the CSP model, the methods, and the O(N) min-conflicts."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from plyground.algorithms.csp import BacktrackingSolver, ac3, min_conflicts
from plyground.core.errors import SettingsError
from plyground.games.queens import is_solution
from plyground.games.queens.counting import count_solutions_reference
from plyground.games.queens.local_search import min_conflicts_queens, verify
from plyground.solvers.queens import METHODS, solve_queens
from plyground.solvers.queens_csp import queens_csp


@pytest.mark.parametrize("size", [4, 5, 6, 7])
@pytest.mark.parametrize("inference", ["none", "forward-checking", "mac"])
def test_csp_model_enumerates_every_solution(size: int, inference: str) -> None:
    solutions = list(
        BacktrackingSolver(queens_csp(size), "mrv+degree", "lcv", inference).solutions()
    )
    rows = {tuple(s[c] for c in range(size)) for s in solutions}
    assert len(rows) == len(solutions) == count_solutions_reference(size)
    assert all(is_solution(r) for r in rows)


def test_forward_checking_and_mac_visit_fewer_nodes() -> None:
    stats = {}
    for inference in ("none", "forward-checking", "mac"):
        solver = BacktrackingSolver(queens_csp(8), "static", "domain", inference)
        result = solver.solve()
        assert result.solved
        stats[inference] = result.stats
    assert stats["mac"].nodes < stats["forward-checking"].nodes < stats["none"].nodes
    assert stats["forward-checking"].prunings > 0 and stats["none"].prunings == 0


def test_ac3_alone_refutes_two_and_three_but_not_four() -> None:
    assert ac3(queens_csp(2))[0] is None
    assert ac3(queens_csp(3))[0] is None
    assert ac3(queens_csp(4))[0] == {c: [0, 1, 2, 3] for c in range(4)}
    csp = queens_csp(4)
    csp.add_constraint([0], lambda row: row == 0)  # a queen in the corner: no solution
    reduced, stats = ac3(csp)
    assert reduced is None and stats.prunings > 0


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("size", [1, 4, 8, 30])
def test_every_method_solves(method: str, size: int) -> None:
    result = solve_queens(size, method, seed=1)
    assert result.status == "solved" and result.rows is not None and is_solution(result.rows)


@pytest.mark.parametrize("method", ["backtracking", "mac"])
def test_no_solution_for_two_and_three(method: str) -> None:
    for size in (2, 3):
        assert solve_queens(size, method).status == "unsatisfiable"


def test_generic_min_conflicts_reports_its_steps() -> None:
    result = min_conflicts(queens_csp(20), seed=4, initial="random")
    assert result.solved and result.stats.steps > 0 and result.stats.checks > 0


def test_specialised_min_conflicts_above_the_generic_cap() -> None:
    result = solve_queens(2000, "min-conflicts", seed=3)
    assert result.solver.startswith("min-conflicts (queens-specialised")
    assert result.rows is not None and is_solution(result.rows)


def test_method_errors() -> None:
    with pytest.raises(SettingsError, match="'dfs'"):
        solve_queens(8, "dfs")
    with pytest.raises(SettingsError, match="too large for mac"):
        solve_queens(10_000, "mac")
    with pytest.raises(SettingsError, match="N must be"):
        solve_queens(0)


@pytest.mark.parametrize("size", [1, 4, 5, 50, 10_000])
def test_local_search_finds_verified_solutions(size: int) -> None:
    result = min_conflicts_queens(size, seed=size)
    assert result.rows is not None and verify(result.rows, size) and is_solution(list(result.rows))


def test_local_search_gives_up_where_there_is_no_solution() -> None:
    result = min_conflicts_queens(3, max_steps=50, restarts=2)
    assert result.rows is None and not result.solved and result.restarts == 2
    with pytest.raises(SettingsError):
        min_conflicts_queens(0)


def test_verify_rejects_non_solutions() -> None:
    assert verify(np.array([1, 3, 0, 2]), 4)
    assert not verify(np.array([0, 2, 1, 3]), 4)
    assert not verify(np.array([1, 3, 0]), 4)
    assert not verify(np.array([1, 3, 0, 4]), 4)


def test_local_search_kernel_without_jit(cli_env: dict[str, str]) -> None:
    """The kernel's Python source (NUMBA_DISABLE_JIT=1) also finds verified solutions."""
    env = dict(cli_env, NUMBA_DISABLE_JIT="1")
    code = (
        "import json; from plyground.games.queens.local_search import min_conflicts_queens as m, "
        "verify; r = [m(n, seed=n) for n in (1, 8, 60)]; "
        "print(json.dumps([x.rows is not None and bool(verify(x.rows, len(x.rows))) for x in r]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    assert json.loads(out.stdout) == [True, True, True]
