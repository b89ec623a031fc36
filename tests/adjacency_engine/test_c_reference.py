"""The plain C alpha-beta of benchmarks/reference agrees with the exact solver.

``benchmarks/solve_vs_c.py`` quotes the solver's speed against this C
program, so both must solve the same game: compiled as the benchmark
compiles it and run as a real process on arbitrary valid positions of every
board size and either side to move, on positions of the 8-round 8x8 game
with up to 10 plies left, and on bad input (one line, exit status 2).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver
from strategies import adjacency_positions

SOURCE = Path(__file__).resolve().parents[2] / "benchmarks" / "reference" / "adjacency_alphabeta.c"


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C program, built as the benchmark builds it."""
    if shutil.which("gcc") is None:
        pytest.fail("gcc is not installed: 'make test' installs it (Debian's packages)")
    built = tmp_path_factory.mktemp("reference") / "adjacency_alphabeta"
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-o", str(built), str(SOURCE)], check=True)
    return built


@pytest.fixture(scope="module")
def solver() -> ExactSolver:
    return ExactSolver(table_size=1 << 16)


def _c_solve(program: Path, text: str) -> dict[str, object]:
    done = subprocess.run([str(program), text], capture_output=True, text=True, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def _ours(solver: ExactSolver, state: AdjacencyState) -> int:
    solver.new_game()
    return solver.solve(state, line=False).value


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(adjacency_positions(max_plies=8, max_nodes=20_000))
def test_values_agree_on_arbitrary_positions(
    program: Path, solver: ExactSolver, state: AdjacencyState
) -> None:
    found = _c_solve(program, state.text())
    assert found["position"] == state.text()
    assert found["value"] == _ours(solver, state), state.text()


def _game_positions() -> list[AdjacencyState]:
    """Positions of seeded random 8-round 8x8 games, 3 to 9 plies left (either side)."""
    chooser = random.Random(35)
    positions = []
    for plies_left in (3, 4, 5, 6, 7, 8, 9):
        state = load_game("adjacency(size=8,rounds=8)").initial_state()
        while state.plies_left > plies_left:
            state = state.play(chooser.choice(list(state.legal_moves())))
        assert isinstance(state, AdjacencyState)
        positions.append(state)
    return positions


@pytest.mark.parametrize("state", _game_positions(), ids=lambda state: state.text())
def test_values_agree_in_the_8_round_game(
    program: Path, solver: ExactSolver, state: AdjacencyState
) -> None:
    assert _c_solve(program, state.text())["value"] == _ours(solver, state)


def test_the_notes_10_ply_position(program: Path) -> None:
    """The notes' figure for a plain C search: -6 (46 M nodes there; our C counts its own)."""
    found = _c_solve(program, "6OO/6OO/4O3/3O4/O7/O4X2/OX6/XX1X4 X 10")
    assert found["value"] == -6
    assert isinstance(found["nodes"], int) and found["nodes"] > 0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("3/3/3 X 2", "boards have 4 to 8 rows"),
        ("6OO/6OO/8/8/8/8/XX6/XX5 X 16", "a row has the wrong number of cells"),
        ("6OO/6OO/8/8/8/8/XX6/XZ6 X 16", "a row holds a character other than X, O or a digit"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 Y 16", "the side to move is X or O"),
        ("6OO/6OO/8/8/8/8/XX6/XX6 X", "expected 'rows side plies-left'"),
    ],
)
def test_bad_positions_get_one_line(program: Path, text: str, problem: str) -> None:
    done = subprocess.run([str(program), text], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == f"{problem} in '{text}'\n"
