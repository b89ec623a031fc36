"""The compiled searches' shared pieces in core: the clock block, bounds, killers, PVS's
re-search rule, the search memory and the deepening driver's helpers.

The engines' differential tests (tests/adjacency_engine, tests/morris) prove them inside
the searches; these pin each rule on its own, including the branches a search rarely takes.
"""

from __future__ import annotations

import math
import resource
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.evaluation import by_distance
from plyground.core.limits import SearchInfo
from plyground.core.search_kernels import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    CLOCK_DEADLINE,
    CLOCK_NODE_LIMIT,
    CLOCK_NODES,
    CLOCK_STOPPED,
    add_killer,
    back_up,
    bound_cuts,
    count_node,
    first_window,
    remember_cutoff,
    research_window,
    result_bound,
)
from plyground.core.search_memory import (
    M_GENERATION,
    M_KILLERS,
    M_PV,
    M_TABLE,
    M_TABLE_MASK,
    MEMORY_WORDS,
    SearchMemory,
)
from plyground.core.search_results import EngineResult, last_result, legal_line, line_texts
from plyground.games.tictactoe.rules import TicTacToeGame


def test_count_node_stops_at_the_node_limit_when_it_reads_the_clock() -> None:
    clock = np.zeros(4, dtype=np.int64)
    clock[CLOCK_NODE_LIMIT] = 5
    stops = [count_node(clock.ctypes.data, 3) for _ in range(8)]
    # The limit is only looked at every 4th node: at node 8, not at node 5.
    assert stops == [False] * 7 + [True]
    assert clock[CLOCK_NODES] == 8
    assert clock[CLOCK_STOPPED] == 1


def test_count_node_stops_at_a_past_deadline() -> None:
    clock = np.zeros(4, dtype=np.int64)
    clock[CLOCK_DEADLINE] = 1  # long past on the monotonic clock
    assert not count_node(clock.ctypes.data, 1)
    assert count_node(clock.ctypes.data, 1)


def test_a_stored_bound_settles_a_node_only_outside_its_window() -> None:
    assert bound_cuts(BOUND_EXACT, 0.5, 0.0, 1.0)
    assert bound_cuts(BOUND_LOWER, 1.0, 0.0, 1.0)
    assert not bound_cuts(BOUND_LOWER, 0.5, 0.0, 1.0)
    assert bound_cuts(BOUND_UPPER, 0.0, 0.0, 1.0)
    assert not bound_cuts(BOUND_UPPER, 0.5, 0.0, 1.0)


def test_a_fail_soft_result_is_bounded_by_the_window_it_was_searched_in() -> None:
    assert result_bound(-1.0, 0.0, 1.0) == BOUND_UPPER
    assert result_bound(0.0, 0.0, 1.0) == BOUND_UPPER
    assert result_bound(2.0, 0.0, 1.0) == BOUND_LOWER
    assert result_bound(0.5, 0.0, 1.0) == BOUND_EXACT


@pytest.mark.parametrize(
    ("value", "child_depth", "window_beta", "again"),
    [
        (0.5, 3, 1.0, (-1, 1.0)),  # full depth, full window: the value stands
        (-1.0, 2, 0.1, (-1, 0.1)),  # reduced, fails low: stands
        (0.5, 2, 0.1, (3, 0.1)),  # reduced, beats alpha: full depth, still a null window
        (0.5, 3, 0.1, (3, 1.0)),  # null window, inside (alpha, beta): the full window
        (0.05, 3, 0.1, (3, 1.0)),
        (2.0, 3, 0.1, (-1, 0.1)),  # null window, fails high past beta: stands (a cutoff)
    ],
)
def test_pvs_searches_a_child_again_only_as_its_rule_says(
    value: float, child_depth: int, window_beta: float, again: tuple[int, float]
) -> None:
    assert research_window(value, 0.0, 1.0, child_depth, 3, window_beta) == again


def test_a_killer_move_pushes_the_older_one_down_once() -> None:
    killers = np.full(4, -1, dtype=np.int64)
    add_killer(killers.ctypes.data, 1, 7)
    add_killer(killers.ctypes.data, 1, 7)
    assert killers.tolist() == [-1, -1, 7, -1]
    add_killer(killers.ctypes.data, 1, 9)
    assert killers.tolist() == [-1, -1, 9, 7]


def test_search_memory_points_the_block_at_its_buffers_and_ages_them() -> None:
    memory = SearchMemory(3000, max_ply=8, history_slots=16, move_stack=64)
    assert memory.table_entries == 2048
    memory.history[:] = 40
    memory.killers[:] = 3
    block = np.zeros(MEMORY_WORDS, dtype=np.int64)
    memory.start(block, deadline=0, node_limit=0)
    assert block[M_TABLE] == memory.table.ctypes.data
    assert block[M_TABLE_MASK] == 2047
    assert block[M_KILLERS] == memory.killers.ctypes.data
    assert block[M_PV] == memory.pv.ctypes.data
    assert block[M_GENERATION] == memory.generation == 1
    assert memory.history.tolist() == [10] * 16
    assert memory.killers.tolist() == [-1] * 16
    memory.table[:] = 1
    memory.new_game()
    assert memory.generation == 0
    assert not memory.table.any()
    assert not memory.history.any()


@pytest.mark.skipif(sys.platform != "linux", reason="counts the process's page faults")
def test_the_transposition_table_is_in_memory_before_the_first_search() -> None:
    """Writing the whole table after it is made causes (almost) no page faults: its pages
    were mapped when it was made, so the first searches, inside a clock, do not pay for
    that (a 64 MB table unwritten costs at least 32 faults, one a 2 MB huge page)."""
    memory = SearchMemory(1 << 22, max_ply=8, history_slots=16, move_stack=64)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    memory.table[:] = 1
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    assert faults < 8, faults


def test_the_principal_variation_is_cut_where_it_stops_being_legal() -> None:
    state = TicTacToeGame().initial_state()
    assert legal_line(state, [4, 0, 4, 8]) == [4, 0]
    assert list(line_texts(state, [4, 0])) == [state.move_text(4), state.play(4).move_text(0)]


def test_last_result_reports_every_depth_and_answers_with_the_last() -> None:
    results = [EngineResult(move, SearchInfo(depth=move)) for move in (1, 2, 3)]
    heard: list[int] = []
    assert last_result(iter(results), lambda info: heard.append(info.depth)) is results[-1]
    assert heard == [1, 2, 3]


def test_a_decided_game_is_scored_by_its_distance() -> None:
    assert by_distance(0, 0, 3, 10.0) == 7.0
    assert by_distance(1, 0, 3, 10.0) == -7.0
    assert by_distance(None, 0, 3, 10.0) == 0.0


COMPILED = settings(deadline=None)  # a first call compiles the kernels (or reads numba's cache)
WINDOW_VALUES = st.floats(-100.0, 100.0, allow_nan=False)


def _reference_first_window(  # noqa: PLR0917 - the kernel's arguments
    index: int, depth: int, alpha: float, beta: float, null_window: float, pvs: bool,
    reducible: bool, first: int, late: int,
) -> tuple[int, float]:  # fmt: skip
    """The rule as the adjacency and Morris searches wrote it inline."""
    child_depth = depth - 1
    window_beta = beta
    if index > 0 and pvs:
        window_beta = alpha + null_window
        if reducible and depth >= 3 and index >= first:
            child_depth -= 1 if index < late or depth < 6 else 2
    return child_depth, window_beta


@COMPILED
@given(
    st.integers(0, 100), st.integers(1, 60), WINDOW_VALUES, WINDOW_VALUES,
    st.sampled_from([1e-7, 1e-6, 1.0]), st.booleans(), st.booleans(), st.integers(1, 8),
    st.integers(1, 20),
)  # fmt: skip
def test_the_first_window_of_a_child_is_pvs_with_late_move_reductions(  # noqa: PLR0917
    index: int, depth: int, alpha: float, beta: float, null_window: float, pvs: bool,
    reducible: bool, first: int, late: int,
) -> None:  # fmt: skip
    arguments = (index, depth, alpha, beta, null_window, pvs, reducible, first, late)
    assert first_window(*arguments) == _reference_first_window(*arguments)


def test_a_late_quiet_move_deep_in_the_tree_is_reduced_by_two_plies() -> None:
    assert first_window(0, 8, 0.0, 5.0, 1e-6, True, True, 4, 8) == (7, 5.0)
    assert first_window(5, 8, 0.0, 5.0, 1e-6, True, True, 4, 8) == (6, 1e-6)
    assert first_window(9, 8, 0.0, 5.0, 1e-6, True, True, 4, 8) == (5, 1e-6)
    assert first_window(9, 5, 0.0, 5.0, 1e-6, True, True, 4, 8) == (3, 1e-6)
    assert first_window(9, 8, 0.0, 5.0, 1e-6, False, True, 4, 8) == (7, 5.0)


@COMPILED
@given(st.lists(st.floats(-50.0, 50.0, allow_nan=False), min_size=1, max_size=12), WINDOW_VALUES)
def test_backing_up_children_keeps_the_fail_soft_best_and_the_line(
    values: list[float], alpha: float
) -> None:
    memory = SearchMemory(1024, 4, 8, 16)
    block = np.zeros(MEMORY_WORDS, dtype=np.int64)
    memory.start(block, 0, 0)
    address = block.ctypes.data
    memory.pv[2 * 4 + 2 : 2 * 4 + 4] = (7, 8)  # the child's line at ply 2: 7 then 8
    memory.pv_length[2] = 4
    best, best_move, raised = -math.inf, -1, alpha
    for move, value in enumerate(values):
        best, best_move, raised = back_up(address, 4, 1, move, value, best, best_move, raised)
    assert best == max(values)
    assert best_move == values.index(best)
    assert raised == max(alpha, best)
    if best > alpha:
        assert memory.pv[4 + 1] == best_move  # the last move that raised alpha
        assert list(memory.pv[4 + 2 : 4 + 4]) == [7, 8]
        assert memory.pv_length[1] == 4
    else:
        assert memory.pv_length[1] == 0


@COMPILED
@given(st.integers(0, 7), st.integers(1, 30), st.booleans(), st.booleans(), st.integers(0, 500))
def test_a_quiet_cutoff_is_a_killer_and_capped_history_credit(
    slot: int, depth: int, killers: bool, history: bool, cap: int
) -> None:
    memory = SearchMemory(1024, 4, 8, 16)
    block = np.zeros(MEMORY_WORDS, dtype=np.int64)
    memory.start(block, 0, 0)
    memory.history[slot] = 100
    remember_cutoff(block.ctypes.data, 2, 42, slot, depth, killers, history, cap)
    assert list(memory.killers[4:6]) == ([42, -1] if killers else [-1, -1])
    assert memory.history[slot] == (min(100 + depth * depth, cap) if history else 100)
    assert memory.history.sum() == memory.history[slot]
