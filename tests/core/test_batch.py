"""The batched kernels' shared draw (plyground.core.batch.random_bit): the k-th set bit of a
mask for k = floor(u * set bits), over arbitrary masks and uniforms, as the adjacency batch's
opponent and 2048's spawns draw it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.batch import random_bit

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
