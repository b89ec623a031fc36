"""The exact solver against plain minimax over the rules, and against the playing search."""

from __future__ import annotations

import random
import threading
from dataclasses import replace

import pytest

from plyground.algorithms.search.minimax import minimax
from plyground.core.errors import SettingsError
from plyground.core.jit import as_int64
from plyground.core.limits import Limit
from plyground.games.adjacency.engine import AdjacencyEngine, SearchFeatures
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState
from plyground.games.adjacency.solver import (
    ExactSolver,
    ExactTechniques,
    SolveResult,
    SolveStopped,
    solve,
)
from plyground.games.adjacency.symmetry import (
    SYMMETRIES,
    image,
    representatives,
    skipped_moves,
    symmetry_tables,
)

from .helpers import random_position

# Techniques on at every node (so the small boards exercise all of them) and each one off.
EVERYWHERE = ExactTechniques(table_min=3, etc_min=3, symmetry_min=3, order_min=3, bounds_min=3)
VARIANTS = (
    ExactTechniques(),
    EVERYWHERE,
    replace(EVERYWHERE, pvs=False, mtd=False),
    ExactTechniques(
        table_min=99, etc_min=99, symmetry_min=99, order_min=99, near_entries=0, bounds_min=99
    ),
    replace(EVERYWHERE, ways=1),
    ExactTechniques(table_min=5, etc_min=4, near_entries=1024),
)


def _reachable(state: AdjacencyState) -> list[AdjacencyState]:
    """Every unfinished position reachable from ``state`` (``state`` included)."""
    seen = {state}
    frontier = [state]
    while frontier:
        node = frontier.pop()
        for move in node.legal_moves():
            child = node.play(move)
            if not child.is_terminal() and child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted(seen, key=lambda node: node.text())


def _margin(state: AdjacencyState, mover_value: float) -> int:
    """A value for the side to move as an X - O margin."""
    return int(mover_value if state.side == 0 else -mover_value)


def _check_against_minimax(result: SolveResult, state: AdjacencyState, table: dict) -> None:  # type: ignore[type-arg]
    truth = minimax(state, table=table)
    assert result.value == _margin(state, truth.value)
    name = state.move_text
    assert result.moves == {name(m): _margin(state, v) for m, v in truth.move_values.items()}
    assert set(result.best) == {name(m) for m in truth.best_moves}
    # The line is legal, ends the game, and ends it at the value.
    node = state
    for text in result.line:
        node = node.play(node.parse_move(text))
    assert node.is_terminal() and node.count(0) - node.count(1) == result.value


@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_every_4x4_position_has_its_minimax_value(rounds: int) -> None:
    start = AdjacencyGame(size=4, rounds=rounds).initial_state()
    table: dict = {}  # type: ignore[type-arg]
    solver = ExactSolver(table_size=1 << 12, techniques=EVERYWHERE)
    positions = _reachable(start)
    for state in positions:
        truth = minimax(state, table=table).value
        assert solver.value(state) == truth, state.text()
    for state in positions[:: max(1, len(positions) // 60)]:
        _check_against_minimax(solver.solve(state, moves=True), state, table)


@pytest.mark.parametrize("rounds", [1, 2, 4, 8])
def test_5x5_positions_have_their_minimax_value(rounds: int) -> None:
    """Every position of the 1- and 2-round games; a sample of the last 4 plies of longer ones."""
    start = AdjacencyGame(size=5, rounds=rounds).initial_state()
    table: dict = {}  # type: ignore[type-arg]
    solver = ExactSolver(table_size=1 << 14)
    for state in _reachable(start) if rounds <= 2 else _late_positions(start, 40, 4):
        assert solver.value(state) == minimax(state, table=table).value, state.text()


def _late_positions(start: AdjacencyState, count: int, plies: int) -> list[AdjacencyState]:
    """``count`` positions reached by random moves, with 1 to ``plies`` plies left."""
    rng = random.Random(start.plies_left)
    found = []
    for _ in range(count):
        state = start
        for _ in range(start.plies_left - rng.randint(1, plies)):
            state = state.play(rng.choice(state.legal_moves()))
        found.append(state)
    return found


@pytest.mark.parametrize(
    "techniques", VARIANTS, ids=["default", "everywhere", "plain", "none", "one-way", "near"]
)
def test_random_positions_values_moves_and_lines_equal_minimax(
    techniques: ExactTechniques,
) -> None:
    rng = random.Random(12)
    solver = ExactSolver(table_size=1 << 12, techniques=techniques)
    table: dict = {}  # type: ignore[type-arg]
    checked = 0
    while checked < 12:
        state = random_position(rng, rng.choice([4, 5]), rounds=rng.randint(2, 8))
        if state.plies_left > 5 and state.size == 5:
            continue
        _check_against_minimax(solver.solve(state, moves=True), state, table)
        checked += 1


def test_exact_values_equal_the_playing_search_at_full_depth() -> None:
    rng = random.Random(8)
    solver = ExactSolver(table_size=1 << 16)
    for _ in range(10):
        state = random_position(rng, rng.choice([6, 7, 8]), rounds=8)
        while state.plies_left > 7:
            state = state.play(rng.choice(state.legal_moves()))
        engine = AdjacencyEngine(table_size=1 << 14, features=SearchFeatures.exact())
        full = engine.search(state, Limit(depth=state.plies_left))
        assert full.exact
        result = solver.solve(state)
        assert result.value == _margin(state, full.info.score or 0.0), state.text()


def test_the_solver_keeps_its_table_between_solves_and_new_game_clears_it() -> None:
    state = AdjacencyGame(size=6, rounds=4).initial_state().with_moves(["c3"])
    solver = ExactSolver(table_size=1 << 14)
    first = solver.solve(state, moves=True)
    again = solver.solve(state, moves=True)
    assert (again.value, again.moves, again.best) == (first.value, first.moves, first.best)
    assert again.nodes < first.nodes
    solver.new_game()
    assert solver.solve(state, moves=True).nodes == first.nodes


def test_a_table_of_other_than_one_or_two_ways_is_refused() -> None:
    state = AdjacencyGame(size=4, rounds=2).initial_state()
    with pytest.raises(SettingsError, match="1 or 2 ways, not 3"):
        ExactSolver(techniques=ExactTechniques(ways=3)).solve(state)


def test_values_are_x_minus_o_whoever_moves() -> None:
    game = AdjacencyGame(size=4, rounds=2)
    o_to_move = game.initial_state().with_moves(["c2"])
    result = solve(o_to_move, moves=True)
    assert result.value == -ExactSolver().value(o_to_move)
    assert result.to_dict()["value"] == result.value
    assert set(result.to_dict()) == {
        "position",
        "value",
        "best",
        "line",
        "moves",
        "nodes",
        "seconds",
        "source",
    }
    assert result.to_dict()["source"] == "solve"


def test_symmetric_start_searches_one_move_of_each_mirror_pair() -> None:
    start = AdjacencyGame(size=6, rounds=3).initial_state()
    result = solve(start, moves=True)
    assert result.symmetric
    assert result.moves is not None
    for name, value in result.moves.items():
        cell = start.parse_move(name)
        mirror = image(1 << cell, 0, start.size).bit_length() - 1  # the diagonal
        assert result.moves[start.move_text(mirror)] == value


_REFLECTIONS = [i for i, (name, _) in enumerate(SYMMETRIES) if "turn" not in name or "half" in name]


def test_the_symmetry_kernel_skips_exactly_the_non_representatives() -> None:
    rng = random.Random(3)
    for size in (4, 5, 6, 7, 8):
        tables = symmetry_tables(size)
        for _ in range(30):
            state = random_position(rng, size)
            if rng.random() < 0.6:  # make it symmetric under one of the reflections
                which = rng.choice(_REFLECTIONS)
                x = state.x | image(state.x, which, size)
                o = (state.o | image(state.o, which, size)) & ~x
                state = AdjacencyState(state.game, x, o, 0, 4)
            empty = state.empty()
            kept = representatives(state.x, state.o, empty, size)
            skip = skipped_moves(tables.ctypes.data, as_int64(state.x), as_int64(state.o), empty)
            assert skip & ~empty == 0
            searched = [c for c in range(size * size) if empty >> c & 1 and not skip >> c & 1]
            assert searched == kept


def test_a_limit_or_a_stop_ends_a_solve_with_solve_stopped() -> None:
    state = AdjacencyGame(size=8, rounds=8).initial_state()
    with pytest.raises(SolveStopped):
        ExactSolver(table_size=1 << 12).solve(state, limit=Limit(nodes=20_000))
    solver = ExactSolver(table_size=1 << 12)
    timer = threading.Timer(0.3, solver.stop)
    timer.start()
    with pytest.raises(SolveStopped):
        solver.solve(state)
    timer.join()
    small = AdjacencyGame(size=4, rounds=2).initial_state()
    assert solver.solve(small).value == solve(small).value  # usable again after a stop


def test_progress_hears_every_root_move() -> None:
    state = AdjacencyGame(size=5, rounds=4).initial_state().with_moves(["c3"])
    heard: list[tuple[int, int]] = []
    solve(state, on_progress=lambda done, total: heard.append((done, total)))
    total = heard[-1][1]
    assert heard == [(done, total) for done in range(1, total + 1)]
    assert total < len(state.legal_moves())  # the diagonal mirrors are not searched
