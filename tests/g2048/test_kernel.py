"""The numba kernel and search against the plain-Python rules, heuristic and expectimax.

The same checks run with the JIT off in a subprocess (``test_kernel_without_jit``),
so the compiled and the interpreted kernel are both held to the reference.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

import numpy as np
import pytest

from plyground.algorithms.search.expectimax import Expectimax
from plyground.core.chance import draw_outcome
from plyground.games import load_game
from plyground.games.g2048 import G2048State, kernel, slide, slide_line
from plyground.games.g2048.evaluation import (
    G2048Evaluator,
    G2048Weights,
    board_value,
    line_table,
    line_value,
)
from plyground.games.g2048.kernel import LINES
from plyground.games.g2048.search import G2048Search

GAME = load_game("2048")
WEIGHTS = G2048Weights(smoothness=13.0)  # every term non-zero


def random_board(rng: random.Random, top: int = 14) -> tuple[int, ...]:
    return tuple(rng.choice([0, 0, 0, *range(1, top + 1)]) for _ in range(16))


def game_positions(seed: int, count: int, every: int = 7) -> list[G2048State]:
    """Player positions from a random game (restarted when it ends)."""
    rng = random.Random(seed)
    state = GAME.initial_state()
    found: list[G2048State] = []
    step = 0
    while len(found) < count:
        if state.is_terminal():
            state = GAME.initial_state()
        if state.is_chance():
            state = state.play(draw_outcome(state.chance_outcomes(), rng))
            continue
        assert isinstance(state, G2048State)
        step += 1
        if step % every == 0:
            found.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return found


def check_kernel(boards: int, positions: int, seed: int) -> None:
    """Moves, scores and heuristic on random boards; search values and counts on game positions."""
    rng = random.Random(seed)
    lines = line_table(WEIGHTS)
    for _ in range(boards):
        board = random_board(rng, top=15)
        encoded = kernel.board_to_int(board)
        assert kernel.board_from_int(encoded) == board
        for move in range(4):
            after, gained = slide(board, move)
            if not kernel.fits(board) and after != slide(tuple(min(e, 14) for e in board), move)[0]:
                continue  # two 32768 tiles would merge: beyond the kernel (see kernel.fits)
            kernel_after, kernel_gained = kernel.kernel_move(encoded, move)
            assert kernel.board_from_int(kernel_after) == after, (board, move)
            assert kernel_gained == gained
        assert kernel.kernel_heuristic(encoded, lines) == board_value(board, WEIGHTS)
    search = G2048Search(WEIGHTS, cut=0.02, table_entries=0)
    reference = Expectimax(G2048Evaluator(WEIGHTS), cut=0.02, cache_size=0)
    for state in game_positions(seed, positions):
        for depth in (1, 2):
            reference.nodes = reference.chance_nodes = reference.evaluations = 0
            expected = reference.move_values(state, depth)
            values = search.values(kernel.board_to_int(state.board), depth)
            assert values is not None
            for move in range(4):
                if move in expected:
                    assert values[move] == pytest.approx(expected[move], rel=1e-12)
                else:
                    assert values[move] == -np.inf
            # The same tree: chance nodes, evaluations, and spawned boards (max nodes).
            assert search.last.nodes == reference.chance_nodes
            assert search.last.evaluations == reference.evaluations
            assert search.last.move_nodes == reference.nodes - reference.chance_nodes


def test_every_line_slides_as_the_reference() -> None:
    moves, points = kernel.move_tables()
    for line in range(1 << 16):
        cells = tuple((line >> (4 * k)) & 0xF for k in range(4))
        if max(cells) == 15:
            continue  # the kernel never merges two 32768 tiles (see kernel.fits)
        left, gained = slide_line(cells)
        right = slide_line(cells[::-1])[0][::-1]
        assert int(moves[kernel.LEFT * LINES + line]) == kernel.board_to_int(left + (0,) * 12)
        assert int(moves[kernel.RIGHT * LINES + line]) == kernel.board_to_int(right + (0,) * 12)
        assert int(points[line]) == gained
        column = sum(e << (16 * k) for k, e in enumerate(left))
        assert int(moves[kernel.UP * LINES + line]) == column


def test_line_table_is_the_line_value() -> None:
    for weights in (WEIGHTS, G2048Weights(), G2048Weights(sum_power=2.0, monotonicity_power=3.3)):
        lines = line_table(weights)
        for line in range(1 << 16):
            cells = tuple((line >> (4 * k)) & 0xF for k in range(4))
            assert lines[line] == line_value(cells, weights), cells
    cells = (3, 0, 7, 1)
    assert line_value(cells[::-1], WEIGHTS) == pytest.approx(line_value(cells, WEIGHTS))


def test_kernel_matches_the_reference() -> None:
    check_kernel(boards=3000, positions=12, seed=7)


def test_table_changes_nothing_without_the_cut() -> None:
    plain = G2048Search(WEIGHTS, cut=0.0, table_entries=0)
    cached = G2048Search(WEIGHTS, cut=0.0, table_entries=1 << 12, min_table_depth=1)
    for state in game_positions(3, 2, every=90):
        board = kernel.board_to_int(state.board)
        cached.new_move()
        with_table = cached.values(board, 3)
        without = plain.values(board, 3)
        assert with_table is not None and without is not None
        assert cached.last.cache_hits > 0
        assert cached.last.nodes < plain.last.nodes
        np.testing.assert_allclose(with_table, without, rtol=1e-12)
        reference = Expectimax(G2048Evaluator(WEIGHTS), cut=0.0, cache_size=1 << 16)
        expected = reference.move_values(state, 3)
        assert reference.cache_hits > 0
        for move, value in expected.items():
            assert with_table[move] == pytest.approx(value, rel=1e-12)


def test_table_trusts_only_its_generation_and_depth() -> None:
    search = G2048Search(WEIGHTS, cut=0.0, table_entries=1 << 14, min_table_depth=1)
    board = kernel.board_to_int(game_positions(4, 1, every=40)[0].board)
    search.new_move()
    first = search.values(board, 3)
    assert search.values(board, 3) is not None
    repeated = search.last
    assert repeated.cache_hits > 0 and repeated.nodes < 20  # the root's children are stored
    search.new_move()  # a new generation: nothing is trusted
    again = search.values(board, 3)
    assert search.last.nodes > 10 * repeated.nodes
    np.testing.assert_array_equal(first, again)
    deeper = search.values(board, 4)  # stored at depth 3: not deep enough for depth 4
    assert deeper is not None and search.last.nodes > repeated.nodes


def test_node_limit_stops_the_search() -> None:
    search = G2048Search(WEIGHTS, cut=0.0, table_entries=0)
    board = kernel.board_to_int(game_positions(5, 1, every=60)[0].board)
    assert search.values(board, 4, node_limit=500) is None
    assert 500 <= search.last.nodes < 2000


def test_deadline_stops_the_search() -> None:
    """A search of millions of nodes, with a deadline a millisecond away, stops early."""
    search = G2048Search(WEIGHTS, cut=0.0, table_entries=0)
    board = kernel.board_to_int(game_positions(5, 1, every=60)[0].board)
    assert search.values(board, 6, deadline_ns=time.monotonic_ns() + 1_000_000) is None
    assert search.last.nodes > 0
    assert search.values(board, 2, deadline_ns=time.monotonic_ns() + 60 * 10**9) is not None


def test_fits() -> None:
    assert kernel.fits((14,) + (0,) * 15)
    assert not kernel.fits((15,) + (0,) * 15)
    assert kernel.board_to_int((0,) * 15 + (15,)) < 0  # bit 63: a signed int64
    assert kernel.board_from_int(kernel.board_to_int((0,) * 15 + (15,)))[15] == 15


def test_kernel_without_jit(cli_env: dict[str, str]) -> None:
    """A small subset of the checks above with NUMBA_DISABLE_JIT=1 (pure-Python kernel)."""
    env = dict(cli_env, NUMBA_DISABLE_JIT="1")
    code = (
        "from tests.g2048.test_kernel import check_kernel; "
        "check_kernel(boards=150, positions=2, seed=11); print('ok')"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")
