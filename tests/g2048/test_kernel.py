"""The numba kernel against the plain-Python rules, heuristic and expectimax.

The same checks run with the JIT off in a subprocess (``test_kernel_without_jit``),
so the compiled and the interpreted kernel are both held to the reference.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from plyground.algorithms.search.expectimax import Expectimax
from plyground.arena.solo import sample_outcome
from plyground.games import load_game
from plyground.games.g2048 import G2048State, kernel, slide, slide_line
from plyground.games.g2048.evaluation import (
    G2048Evaluator,
    G2048Weights,
    board_value,
    line_table,
    line_value,
)

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
            state = state.play(sample_outcome(state, rng))
            continue
        assert isinstance(state, G2048State)
        step += 1
        if step % every == 0:
            found.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return found


def check_kernel(boards: int, positions: int, seed: int) -> None:
    """Moves, scores and heuristic on random boards; search values on game positions."""
    rng = random.Random(seed)
    moves, points = kernel.move_tables()
    lines = line_table(WEIGHTS)
    for _ in range(boards):
        board = random_board(rng)
        encoded = np.uint64(kernel.board_to_int(board))
        assert kernel.board_from_int(int(encoded)) == board
        for move in range(4):
            after, gained = slide(board, move)
            kernel_after, kernel_gained = kernel.kernel_move(encoded, move, moves, points)
            assert kernel.board_from_int(int(kernel_after)) == after, (board, move)
            assert kernel_gained == gained
        assert kernel.kernel_heuristic(encoded, lines) == pytest.approx(board_value(board, WEIGHTS))
    keys, slots = kernel.make_cache(1)
    stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)
    reference = Expectimax(G2048Evaluator(WEIGHTS), cut=0.02, cache_size=0)
    for state in game_positions(seed, positions):
        for depth in (1, 2):
            expected = reference.move_values(state, depth)
            values = kernel.kernel_search(
                np.uint64(kernel.board_to_int(state.board)), depth, 0.02,
                moves, lines, keys, slots, stats, 1 << 60,
            )  # fmt: skip
            for move in range(4):
                if move in expected:
                    assert values[move] == pytest.approx(expected[move], rel=1e-12)
                else:
                    assert values[move] == -np.inf


def test_every_line_slides_as_the_reference() -> None:
    moves, points = kernel.move_tables()
    for line in range(1 << 16):
        cells = tuple((line >> (4 * k)) & 0xF for k in range(4))
        if max(cells) == 15:
            continue  # the kernel never merges two 32768 tiles (see kernel.fits)
        left, gained = slide_line(cells)
        right = slide_line(cells[::-1])[0][::-1]
        assert int(moves[kernel.LEFT, line]) == kernel.board_to_int(left + (0,) * 12)
        assert int(moves[kernel.RIGHT, line]) == kernel.board_to_int(right + (0,) * 12)
        assert int(points[line]) == gained
        column = sum(e << (16 * k) for k, e in enumerate(left))
        assert int(moves[kernel.UP, line]) == column


def test_line_table_is_the_line_value() -> None:
    lines = line_table(WEIGHTS)
    rng = random.Random(1)
    for line in rng.sample(range(1 << 16), 2000):
        cells = tuple((line >> (4 * k)) & 0xF for k in range(4))
        assert lines[line] == line_value(cells, WEIGHTS)
        assert line_value(cells[::-1], WEIGHTS) == pytest.approx(line_value(cells, WEIGHTS))


def test_kernel_matches_the_reference() -> None:
    check_kernel(boards=3000, positions=12, seed=7)


def test_cache_changes_nothing_without_the_cut() -> None:
    moves, _ = kernel.move_tables()
    lines = line_table(WEIGHTS)
    stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)
    for state in game_positions(3, 2, every=90):
        board = np.uint64(kernel.board_to_int(state.board))
        plain = kernel.kernel_search(
            board, 3, 0.0, moves, lines, *kernel.make_cache(1), stats, 1 << 60
        )
        stats[:] = 0
        stats[kernel.STAT_GENERATION] = 1
        cached = kernel.kernel_search(
            board, 3, 0.0, moves, lines, *kernel.make_cache(1 << 12), stats, 1 << 60
        )
        assert stats[kernel.STAT_CACHE_HITS] > 0
        np.testing.assert_allclose(cached, plain, rtol=1e-12)
        reference = Expectimax(G2048Evaluator(WEIGHTS), cut=0.0, cache_size=1 << 16)
        expected = reference.move_values(state, 3)
        assert reference.cache_hits > 0
        for move, value in expected.items():
            assert cached[move] == pytest.approx(value, rel=1e-12)


def test_node_budget_stops_the_search() -> None:
    moves, _ = kernel.move_tables()
    lines = line_table(WEIGHTS)
    stats = np.zeros(kernel.STATS_SIZE, dtype=np.int64)
    state = game_positions(5, 1, every=60)[0]
    board = np.uint64(kernel.board_to_int(state.board))
    kernel.kernel_search(board, 4, 0.0, moves, lines, *kernel.make_cache(1), stats, 500)
    assert stats[kernel.STAT_ABORTED] == 1
    assert stats[kernel.STAT_NODES] < 2000


def test_fits() -> None:
    assert kernel.fits((14,) + (0,) * 15)
    assert not kernel.fits((15,) + (0,) * 15)


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
