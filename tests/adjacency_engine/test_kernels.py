"""The kernels (moves, flips, evaluation, perft) against the plain-Python reference.

Tests named ``test_small_*`` also run with the JIT off (see test_nojit.py),
so they stay on boards up to 7x7 and small depths.
"""

from __future__ import annotations

import random

import pytest

from plyground.games.adjacency.bits import cells_by_gain
from plyground.games.adjacency.evaluation import AdjacencyEvaluator
from plyground.games.adjacency.kernels import (
    evaluate_state,
    moves_by_gain,
    perft_state,
    play_state,
)
from plyground.games.adjacency.rules import AdjacencyGame, geometry

from .helpers import random_position, random_weights, reference_perft


def test_small_moves_and_flips_equal_the_reference() -> None:
    rng = random.Random(11)
    for _ in range(40):
        state = random_position(rng, rng.randint(4, 7))
        theirs = state.o if state.side == 0 else state.x
        assert moves_by_gain(state) == cells_by_gain(theirs, state.empty(), state.size)
        for move in state.legal_moves():
            assert play_state(state, move) == state.play(move)


@pytest.mark.parametrize("size", [4, 5, 6, 7, 8])
def test_moves_and_flips_on_every_size(size: int) -> None:
    rng = random.Random(size)
    for _ in range(15):
        state = random_position(rng, size)
        assert sorted(moves_by_gain(state)) == state.legal_moves()
        theirs = state.o if state.side == 0 else state.x
        assert moves_by_gain(state) == cells_by_gain(theirs, state.empty(), state.size)
        for move in state.legal_moves():
            assert play_state(state, move) == state.play(move)


def test_small_evaluation_equals_the_reference_bit_for_bit() -> None:
    rng = random.Random(5)
    for _ in range(60):
        state = random_position(rng, rng.randint(4, 7))
        weights = random_weights(rng)
        assert evaluate_state(state, weights) == AdjacencyEvaluator(weights).evaluate(state)


def test_evaluation_on_8x8_with_the_top_bit_set() -> None:
    game = AdjacencyGame(size=8, rounds=8)
    # h8 (bit 63) held by the mover and by the opponent, in both colours.
    for text in (
        "6OO/6OX/8/8/8/8/XX6/XX6 X 9",
        "6OX/6OO/8/8/8/8/XX6/XX6 O 9",
        "7X/O6O/8/3X4/8/8/XX6/XX6 O 1",
    ):
        state = game.parse_state(text)
        assert evaluate_state(state) == AdjacencyEvaluator().evaluate(state)
    rng = random.Random(8)
    for _ in range(40):
        state = random_position(rng, 8)
        weights = random_weights(rng)
        assert evaluate_state(state, weights) == AdjacencyEvaluator(weights).evaluate(state)


def test_small_perft_equals_the_reference() -> None:
    rng = random.Random(3)
    for size, depth in ((4, 3), (5, 3), (6, 2), (7, 2)):
        start = AdjacencyGame(size=size, rounds=min(4, (size * size - 8) // 2)).initial_state()
        assert perft_state(start, depth) == reference_perft(start, depth)
        for _ in range(3):
            state = random_position(rng, size)
            assert perft_state(state, depth) == reference_perft(state, depth)


def test_perft_from_the_8_round_start() -> None:
    start = AdjacencyGame().initial_state()
    assert perft_state(start, 2) == reference_perft(start, 2)
    # Deeper figures, agreed by independent C, numba and Python searches (notes).
    assert perft_state(start, 1) == (56, 64)
    assert perft_state(start, 3) == (166_320, 190_848)
    assert perft_state(start, 4) == (8_814_960, -2_170_440)


def test_perft_with_o_to_move_and_at_the_end() -> None:
    game = AdjacencyGame(size=5, rounds=8)
    state = game.initial_state().with_moves(["c3"])
    assert state.side == 1
    assert perft_state(state, 3) == reference_perft(state, 3)
    last = AdjacencyGame(size=4, rounds=4).initial_state()
    while last.plies_left > 1:
        last = last.play(last.legal_moves()[0])
    assert perft_state(last, 3) == reference_perft(last, 3)
    assert geometry(4).cells == 16
