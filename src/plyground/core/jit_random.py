"""A small random generator for compiled code (learners, simulations) whose whole state is
one int64 word, so a checkpoint saves it exactly and a resumed run draws what the
uninterrupted run would.

xorshift64* (Marsaglia; Vigna): three shift-xors of the state, then a multiply.
Shifts right are masked to be logical on signed int64, and products wrapped
(:func:`~plyground.core.jit.wrap64`), so the kernels give the same numbers with the JIT
off.
"""

from __future__ import annotations

from numba import njit

from plyground.core.jit import as_int64, wrap64

__all__ = ["next_random", "seed_state"]

_MULTIPLIER = 0x2545F4914F6CDD1D
_GOLDEN = as_int64(0x9E3779B97F4A7C15)


def seed_state(seed: int, stream: int = 0) -> int:
    """A nonzero generator state for ``seed`` and a ``stream`` (one per worker), spread by
    splitmix64's finaliser so nearby seeds give unrelated streams."""
    z = (seed * 0x9E3779B97F4A7C15 + (stream + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    z ^= z >> 31
    return as_int64(z) or _GOLDEN


@njit(cache=True, nogil=True, inline="always")
def next_random(state: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """``(new_state, value)``: the next state and a random value in ``[0, 2**32)``."""
    x = state
    x ^= (x >> 12) & 0x000FFFFFFFFFFFFF
    x = wrap64(x ^ wrap64(x << 25))
    x ^= (x >> 27) & 0x0000001FFFFFFFFF
    value = (wrap64(x * _MULTIPLIER) >> 32) & 0xFFFFFFFF
    return x, value
