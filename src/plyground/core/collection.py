"""Python's cyclic garbage collector kept out of a move's clock."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["collection_paused"]


@contextlib.contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic garbage collection inside the block; it resumes after (if it was on).

    A full collection in a process holding compiled kernels takes tens of
    milliseconds of processor time, many times that in wall time on a busy
    machine: inside a timed move it would eat the move's time. Nested blocks
    are fine: only the outermost one turns the collector back on.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
