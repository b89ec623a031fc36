"""An n-tuple network's weights: tables of float32 values, one table per tuple and stage,
and the temporal-difference rules that update them (numba, lock-free).

A position's value is the sum of the weights its *features* select: one flat index per
feature into :attr:`NTupleWeights.values` (the game computes the indices: the tuples,
their symmetric images and the stage). The rules here only see those indices.

Two update rules, both spreading a step over the ``count`` features:

* **TD** (a fixed rate): every selected weight moves by ``alpha * error / count``, so
  the value moves by ``alpha * error`` when the features are distinct;
* **TC** (temporal coherence, Beal and Smith): each weight has its own rate
  ``|E| / A``, where ``E`` sums the errors it has seen and ``A`` their absolute values
  (1 before any): a weight whose errors keep one sign learns fast, one whose errors
  cancel slows down. It keeps two more float32 tables (``errors`` and ``totals``).

Workers on several threads update one set of tables without locks (Hogwild: an update
lost to a race is rare, since two episodes seldom touch one weight at one time, and
harmless to stochastic gradient steps); the kernels release the GIL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numba import njit

from plyground.core.errors import SettingsError
from plyground.core.jit import load_float32, load_int, prefetch_float32, store_float32

__all__ = [
    "NTupleWeights",
    "Rule",
    "Tables",
    "WeightsShape",
    "apply_update",
    "available_memory",
    "prefetch_weights",
    "require_memory",
]

FLOAT_BYTES = 4


@dataclass(frozen=True)
class WeightsShape:
    """How many weights a network has: ``table_sizes`` entries per tuple (every stage has
    one table per tuple), ``stages`` weight sets, and the TC tables or not."""

    table_sizes: tuple[int, ...]
    stages: int = 1
    coherence: bool = False

    @property
    def stage_size(self) -> int:
        """Weights of one stage (every tuple's table)."""
        return sum(self.table_sizes)

    @property
    def size(self) -> int:
        """Weights of every stage."""
        return self.stage_size * self.stages

    @property
    def nbytes(self) -> int:
        """Bytes the tables take (three tables of float32 with TC, one without)."""
        return self.size * FLOAT_BYTES * (3 if self.coherence else 1)


def available_memory() -> int | None:
    """Bytes the system can give without swapping (``MemAvailable`` of /proc/meminfo), or
    None where it cannot be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _gib(count: int) -> str:
    return f"{count / 2**30:.2f} GiB"


def require_memory(needed: int, what: str, available: int | None = None) -> None:
    """Refuse (before allocating) when ``needed`` bytes for ``what`` exceed the memory
    available; say how much each is."""
    free = available_memory() if available is None else available
    if free is not None and needed > free:
        raise SettingsError(
            f"{what} needs {_gib(needed)} of memory ({needed:,} bytes) and only "
            f"{_gib(free)} is available; choose shorter tuples, fewer tuples or stages, "
            "or leave out temporal coherence"
        )


class NTupleWeights:
    """The tables of one network: ``values`` (float32, every stage one after the other),
    and with TC ``errors`` and ``totals``; ``initial`` fills every value (optimistic
    initialisation)."""

    def __init__(self, shape: WeightsShape, initial: float = 0.0) -> None:
        require_memory(shape.nbytes, "this network")
        self.shape = shape
        self.values = np.full(shape.size, initial, dtype=np.float32)
        size = shape.size if shape.coherence else 1
        self.errors = np.zeros(size, dtype=np.float32)
        self.totals = np.zeros(size, dtype=np.float32)

    @property
    def tables(self) -> Tables:
        """The tables' addresses (valid while this object keeps them)."""
        return Tables(self.values.ctypes.data, self.errors.ctypes.data, self.totals.ctypes.data)


class Tables(NamedTuple):
    """The addresses of the tables the kernels update (float32; a named tuple of integers:
    numba passes it whole, and with no arrays in it no reference counting either, which
    measured 20-25% of a learner's time). Whoever makes it keeps the arrays alive."""

    values: int
    errors: int
    """TC's sum of errors per weight (an unused word without TC)."""
    totals: int
    """TC's sum of absolute errors per weight."""


class Rule(NamedTuple):
    """How an error updates the weights: the rate, and temporal coherence or not."""

    alpha: float
    coherence: bool


@njit(cache=True, nogil=True, inline="always")
def table_value(values: int, index: int, count: int) -> float:  # pragma: no cover - compiled
    """The sum of the ``count`` weights (at address ``values``) whose indices are the int64
    words at address ``index``."""
    total = 0.0
    for i in range(count):
        total += load_float32(values, load_int(index, i))
    return total


@njit(cache=True, nogil=True, inline="always")
def prefetch_weights(values: int, index: int, count: int) -> None:  # pragma: no cover - compiled
    """Start fetching the ``count`` weights whose indices are at address ``index`` into the
    cache, so that their reads (random, in a table of hundreds of megabytes) overlap."""
    for i in range(count):
        prefetch_float32(values, load_int(index, i))


@njit(cache=True, nogil=True, inline="always")
def apply_update(  # pragma: no cover - compiled
    tables: Tables, rule: Rule, index: int, count: int, error: float
) -> None:
    """Move the ``count`` weights whose indices are at address ``index`` toward a target
    ``error`` away: by ``alpha * error / count`` each (TD), or times each weight's
    coherence (TC)."""
    step = rule.alpha * error / count
    values = tables.values
    if not rule.coherence:
        for i in range(count):
            k = load_int(index, i)
            store_float32(values, k, load_float32(values, k) + step)
        return
    errors = tables.errors
    totals = tables.totals
    for i in range(count):
        k = load_int(index, i)
        total = load_float32(totals, k)
        rate = abs(load_float32(errors, k)) / total if total > 0.0 else 1.0
        store_float32(values, k, load_float32(values, k) + step * rate)
        store_float32(errors, k, load_float32(errors, k) + error)
        store_float32(totals, k, total + abs(error))
