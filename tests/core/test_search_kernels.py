"""The compiled searches' shared pieces in core: the clock block, bounds, killers, PVS's
re-search rule, the search memory and the deepening driver's helpers.

The engines' differential tests (tests/adjacency_engine, tests/morris) prove them inside
the searches; these pin each rule on its own, including the branches a search rarely takes.
"""

from __future__ import annotations

import resource
import sys

import numpy as np
import pytest

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
    bound_cuts,
    count_node,
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
