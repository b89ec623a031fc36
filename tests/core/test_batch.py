"""The shared draws of chance: a batched kernel's (plyground.core.batch.random_bit: the k-th
set bit of a mask for k = floor(u * set bits), over arbitrary masks and uniforms, as the
adjacency batch's opponent and 2048's spawns draw it) and a state's chance outcome
(plyground.core.chance: one uniform number against the running sum, the referee's and the
learning environments' one rule)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.batch import random_bit
from plyground.core.chance import draw_outcome, settle
from plyground.core.jit import nth_set_bit
from plyground.games import load_game

MASKS = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1).filter(lambda mask: mask != 0)


@settings(deadline=None)  # a first call compiles the kernel (or reads numba's cache)
@given(MASKS, st.floats(0.0, 1.0, exclude_max=True))
def test_the_drawn_bit_is_the_kth_set_bit_of_the_mask(mask: int, u: float) -> None:
    bits = [bit for bit in range(64) if (mask >> bit) & 1]
    assert random_bit(mask, u) == bits[int(u * len(bits))]


def test_each_set_bit_is_drawn_by_an_equal_share_of_the_uniforms() -> None:
    mask = 0b1001_0110
    drawn = [random_bit(mask, k / 400) for k in range(400)]
    assert {bit: drawn.count(bit) for bit in set(drawn)} == {1: 100, 2: 100, 4: 100, 7: 100}


PROBABILITIES = st.lists(st.floats(0.001, 1.0), min_size=1, max_size=8)


@given(PROBABILITIES, st.integers(0, 2**32))
def test_a_drawn_outcome_is_the_one_random_choices_draws_from_the_same_seed(
    weights: list[float], seed: int
) -> None:
    outcomes = [(index, weight) for index, weight in enumerate(weights)]
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(3):
        assert draw_outcome(outcomes, ours) == theirs.choices(range(len(weights)), weights)[0]


def test_settling_plays_every_chance_outcome_due_from_the_uniforms_given() -> None:
    start = load_game("2048").initial_state()
    assert start.is_chance()
    uniforms = iter([0.0, 0.9999])  # two spawns, each one number: an outcome is a cell and tile
    settled = settle(start, lambda: next(uniforms))
    assert not settled.is_chance()
    # the first outcome (a 2 on the first cell), then the last (a 4 on the last cell)
    assert settled.text() == "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,4 0 move"


@given(MASKS | st.just(0), st.integers(0, 70))
def test_the_nth_set_bit_counts_from_the_lowest_and_is_64_past_the_last(mask: int, n: int) -> None:
    bits = [bit for bit in range(64) if (mask >> bit) & 1]
    assert nth_set_bit(mask, n) == (bits[n] if n < len(bits) else 64)
