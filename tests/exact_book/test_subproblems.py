"""A start split into subproblems and recombined gives what one solve of the start gives."""

from __future__ import annotations

import pytest

from plyground.core.errors import PlygroundError
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, parse_position
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.subproblems import (
    RootSolve,
    combine,
    solve_subproblem,
    split_root,
)


def _split_solve(root: AdjacencyState) -> RootSolve:
    subproblems = split_root(root)
    results = {s.move: solve_subproblem(parse_position(s.position), 1 << 16) for s in subproblems}
    return combine(root, subproblems, results)


@pytest.mark.parametrize(("size", "rounds"), [(4, 2), (4, 4), (5, 3), (5, 5)])
def test_combined_subproblems_equal_one_solve_of_the_start(size: int, rounds: int) -> None:
    root = AdjacencyGame(size=size, rounds=rounds).initial_state()
    whole = ExactSolver(1 << 16).solve(root, moves=True, line=False)
    solved = _split_solve(root)
    assert solved.value == whole.value
    assert solved.best == whole.best
    assert solved.moves == whole.moves
    assert solved.book[root.text()] == (whole.value, whole.best)


def test_the_standard_start_is_split_by_its_diagonal_symmetry() -> None:
    root = AdjacencyGame(size=8, rounds=8).initial_state()
    subproblems = split_root(root)
    assert len(subproblems) == 30  # 4 empty diagonal cells + 52 others in mirror pairs
    assert sum(len(s.mirrors) for s in subproblems) == 56
    mirrors = {s.move: s.mirrors for s in subproblems}
    assert mirrors["c1"] == ("c1", "a3")
    assert mirrors["c3"] == ("c3",)


def test_a_position_without_symmetry_has_one_subproblem_per_move() -> None:
    root = parse_position("XX2/X1O1/2OO/4 O 6")
    assert [s.move for s in split_root(root)] == [root.move_text(m) for m in root.legal_moves()]
    whole = ExactSolver(1 << 16).solve(root, moves=True, line=False)
    solved = _split_solve(root)
    assert (solved.value, solved.best, solved.moves) == (whole.value, whole.best, whole.moves)


@pytest.mark.parametrize(("size", "rounds"), [(4, 3), (5, 4)])
def test_every_booked_reply_is_a_best_reply_of_its_position(size: int, rounds: int) -> None:
    """Mirrored moves' replies are mapped, not searched: each is checked by a fresh solve."""
    root = AdjacencyGame(size=size, rounds=rounds).initial_state()
    solved = _split_solve(root)
    assert len(solved.book) == 1 + len(root.legal_moves())
    solver = ExactSolver(1 << 16)
    for text, (value, best) in solved.book.items():
        direct = solver.solve(parse_position(text), line=False)
        assert (direct.value, direct.best) == (value, best), text


def test_combining_refuses_a_missing_subproblem() -> None:
    root = AdjacencyGame(size=4, rounds=2).initial_state()
    subproblems = split_root(root)
    with pytest.raises(PlygroundError, match="not solved yet"):
        combine(root, subproblems, {})
