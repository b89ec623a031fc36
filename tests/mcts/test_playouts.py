"""The adjacency playout kernel against the reference rules, and against the
game-agnostic playouts the search uses without it.

Tests named ``test_small_*`` also run with the JIT off (``test_nojit``), so
they stay on small boards (plain Python is a hundred times slower).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from plyground.algorithms.search.playouts import RandomPlayouts
from plyground.games.adjacency.evaluation import AdjacencyEvaluator
from plyground.games.adjacency.playout import AdjacencyPlayouts, reference_playout
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, max_rounds


def random_position(rng: random.Random, size: int) -> AdjacencyState:
    game = AdjacencyGame(size=size, rounds=max_rounds(size))
    state = game.initial_state()
    for _ in range(rng.randrange(0, 2 * max_rounds(size) - 1)):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def check_same_as_reference(size: int, trials: int, seed: int) -> None:
    rng = random.Random(seed)
    for trial in range(trials):
        state = random_position(rng, size)
        guided = trial % 2 == 1
        epsilon = rng.choice((0.0, 0.1, 0.5, 1.0))
        plies = rng.choice((None, None, 0, 1, 5))
        kernel = AdjacencyPlayouts(guided, epsilon, seed=trial)
        expected, seed_after = reference_playout(state, trial, guided, epsilon, plies)
        assert kernel.playout(state, plies) == expected, (state.text(), guided, epsilon, plies)
        assert int(kernel.rng[0]) == seed_after
        assert kernel.plies == state.plies_left - expected.plies_left


def test_small_kernel_playouts_follow_the_reference_stream() -> None:
    for size in (4, 5, 6, 7):
        check_same_as_reference(size, 40, size)


def test_kernel_playouts_on_the_full_board() -> None:
    check_same_as_reference(8, 300, 8)  # bit 63 (h8) is a cell here


def test_small_guided_without_epsilon_is_the_evaluators_first_move() -> None:
    rng = random.Random(3)
    evaluator = AdjacencyEvaluator()
    for _ in range(30):
        state = random_position(rng, rng.choice((5, 6, 7)))
        generic = RandomPlayouts(evaluator, guided=True, epsilon=0.0, rng=random.Random(1))
        kernel = AdjacencyPlayouts(guided=True, epsilon=0.0, seed=rng.getrandbits(64))
        assert kernel.playout(state, None) == generic.playout(state, None)


def test_uniform_playouts_have_the_generic_statistics() -> None:
    state = AdjacencyGame(size=6, rounds=8).initial_state()
    count = 4000
    kernel = AdjacencyPlayouts(guided=False, seed=5)
    generic = RandomPlayouts(rng=random.Random(5))
    ours = [kernel.playout(state, None).returns()[0] for _ in range(count)]
    theirs = [generic.playout(state, None).returns()[0] for _ in range(count)]
    spread = statistics.pstdev(ours + theirs)
    assert statistics.fmean(ours) == pytest.approx(
        statistics.fmean(theirs), abs=4 * spread * (2 / count) ** 0.5
    )
    assert statistics.pstdev(ours) == pytest.approx(statistics.pstdev(theirs), rel=0.1)


def test_the_small_tests_pass_with_the_jit_off(cli_env: dict[str, str]) -> None:
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            # SplitMix64 wraps modulo 2**64 on purpose: numpy's scalars warn about it.
            *("-W", "ignore:overflow encountered:RuntimeWarning"),
            *("-k", "test_small_", str(Path(__file__))),
        ],
        capture_output=True,
        text=True,
        env={**cli_env, "NUMBA_DISABLE_JIT": "1"},
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed" in result.stdout
