"""A kernel module's warm-up, run once per process, and whether it has run.

Every module of numba kernels has a ``warm_up()`` that calls each of its
kernels once, so that they are compiled (or loaded from numba's disk cache)
before any clock runs. Wrapped by :func:`warming`, it runs once per process
(later calls return at once, as numba would after loading) and says whether
it has (:meth:`Warmup.loaded`), which is what a bot asks before it calls a
kernel inside a short move (:mod:`plyground.bots.loading`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["Warmup", "warming"]


class Warmup:
    """A warm-up function, run at most once (thread-safe: a background load and a bot may
    both ask for it; the second waits for the first)."""

    def __init__(self, warm: Callable[[], None]) -> None:
        self._warm = warm
        self._lock = threading.Lock()
        self._done = False
        self.__doc__ = warm.__doc__
        self.__name__ = warm.__name__

    def __call__(self) -> None:
        with self._lock:
            if not self._done:
                self._warm()
                self._done = True

    def loaded(self) -> bool:
        """True once the warm-up has run in this process (the kernels are then cheap)."""
        return self._done


def warming(warm: Callable[[], None]) -> Warmup:
    """Decorate a module's ``warm_up`` so it runs once per process and can say so."""
    return Warmup(warm)
