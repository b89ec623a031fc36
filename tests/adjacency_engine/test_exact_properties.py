"""The exact solver on arbitrary valid positions, against a plain negamax written here.

Arbitrary: marks anywhere (not only what a game reaches), every board size,
either side to move, plies left from 1 to 8 (strategies.adjacency_positions
keeps each game tree small enough for the negamax). The solver's value,
every move's value, its best moves and its line; its null-window test; the
compiled playing search deepened to the end; and, on a sample, ``plyground
solve adjacency`` run as a user runs it.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plyground.core.limits import Limit
from plyground.games.adjacency.engine import AdjacencyEngine
from plyground.games.adjacency.rules import AdjacencyState, geometry, parse_position
from plyground.games.adjacency.solver import ExactSolver, ExactTechniques
from strategies import adjacency_positions

EVERYWHERE = ExactTechniques(table_min=3, etc_min=3, symmetry_min=3, order_min=3, bounds_min=3)
"""Every technique at every node that can have it, so small trees exercise them all."""
TECHNIQUES = (
    ExactTechniques(),
    ExactTechniques(ways=1),
    EVERYWHERE,
    replace(EVERYWHERE, ways=1),
    ExactTechniques(table_min=5, etc_min=4, near_entries=1024),
)
"""The defaults; every technique everywhere; each with the one-way table; and the near-end
table (3 and 4 plies to go, small enough to collide) with cutoffs that probe it."""


@dataclass(frozen=True)
class Truth:
    """A position's negamax values, as X - O margins at the end."""

    value: int
    moves: dict[str, int]

    @property
    def best(self) -> set[str]:
        return {name for name, value in self.moves.items() if value == self.value}


def negamax(state: AdjacencyState) -> Truth:
    """Every move's value by plain negamax over the rules (memoised, no pruning)."""
    size = state.size
    neighbours = geometry(size).neighbours
    full = geometry(size).full

    @functools.cache
    def mover_value(own: int, theirs: int, plies: int) -> int:
        empty = full & ~(own | theirs)
        if plies == 0 or empty == 0:
            return own.bit_count() - theirs.bit_count()
        return max(child_value(own, theirs, plies, cell) for cell in _cells(empty))

    def child_value(own: int, theirs: int, plies: int, cell: int) -> int:
        flips = neighbours[cell] & theirs
        return -mover_value(theirs ^ flips, own | 1 << cell | flips, plies - 1)

    own, theirs = (state.x, state.o) if state.side == 0 else (state.o, state.x)
    sign = 1 if state.side == 0 else -1
    moves = {
        state.move_text(cell): sign * child_value(own, theirs, state.plies_left, cell)
        for cell in _cells(state.empty())
    }
    return Truth(max(moves.values()) if sign == 1 else min(moves.values()), moves)


def _cells(mask: int) -> list[int]:
    return [cell for cell in range(mask.bit_length()) if mask >> cell & 1]


def _final_margin(state: AdjacencyState, line: tuple[str, ...]) -> int:
    for move in line:
        state = state.play(state.parse_move(move))
    assert state.is_terminal()
    return state.count(0) - state.count(1)


@settings(max_examples=1000, deadline=None)
@given(adjacency_positions(), st.sampled_from(TECHNIQUES))
def test_the_solver_equals_negamax_on_arbitrary_positions(
    state: AdjacencyState, techniques: ExactTechniques
) -> None:
    truth = negamax(state)
    solver = ExactSolver(table_size=1 << 10, techniques=techniques)
    result = solver.solve(state, moves=True)
    assert (result.value, result.moves) == (truth.value, truth.moves)
    assert set(result.best) == truth.best
    assert _final_margin(state, result.line) == truth.value
    mover = truth.value if state.side == 0 else -truth.value
    assert solver.value(state) == mover
    for threshold in (truth.value, truth.value + 1):
        holds, bound = solver.at_least(state, threshold)
        if holds:
            assert threshold <= bound <= truth.value
        else:
            assert truth.value <= bound < threshold


@settings(max_examples=500, deadline=None)
@given(adjacency_positions(max_nodes=800))
def test_the_playing_search_deepened_to_the_end_equals_the_solver_and_negamax(
    state: AdjacencyState,
) -> None:
    truth = negamax(state)
    engine = AdjacencyEngine(table_size=1 << 10)
    found = engine.search(state, Limit(depth=state.plies_left))
    assert found.exact
    score = found.info.score if state.side == 0 else -(found.info.score or 0.0)
    assert score == truth.value == ExactSolver(table_size=1 << 10).solve(state).value
    assert state.move_text(found.move) in truth.best


def _cli_solve(run_cli, position: str, *options: str) -> dict:  # type: ignore[no-untyped-def, type-arg]
    result = run_cli(["solve", "adjacency", position, "--moves", "--json", *options])
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    answer: dict = json.loads(result.stdout)  # type: ignore[type-arg]
    return answer


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(adjacency_positions(max_plies=4, max_nodes=400))
def test_plyground_solve_answers_arbitrary_positions(run_cli, state: AdjacencyState) -> None:  # type: ignore[no-untyped-def]
    answer = _cli_solve(run_cli, state.text())
    truth = negamax(state)
    assert (answer["value"], answer["moves"]) == (truth.value, truth.moves)
    assert set(answer["best"]) == truth.best


@pytest.mark.parametrize(
    ("position", "game"),
    [
        ("8/8/8/3XO3/3OX3/8/8/8 X 2", None),
        ("XX6/8/8/8/8/8/8/6OO X 3", None),
        ("8/8/8/8/8/8/2OO4/8 O 4", "adjacency(size=8,rounds=2,first=O)"),
    ],
)
def test_positions_with_h8_empty_are_solved(run_cli, position: str, game: str | None) -> None:  # type: ignore[no-untyped-def]
    """Once a traceback: the root's move mask with h8 (bit 63) empty overflowed an int64."""
    answer = _cli_solve(run_cli, position, *(["--game", game] if game else []))
    state = parse_position(position)
    if state.plies_left <= 3:
        assert answer["value"] == negamax(state).value
    engine = AdjacencyEngine(table_size=1 << 16)
    found = engine.search(state, Limit(depth=state.plies_left))
    score = found.info.score if state.side == 0 else -(found.info.score or 0.0)
    assert found.exact and answer["value"] == score
