"""Compiled kernels loaded without holding up a short move.

A bot's compiled search needs its kernels, compiled or read from numba's
disk cache: a few tenths of a second to a second in a new process.
``new_game`` loads them before any clock runs. A ``choose`` that comes first
would pay that inside its move, many times a short limit. :class:`KernelLoader`
decides, move by move: with the kernels in this process (loaded by anyone),
or a limit of at least :data:`LOAD_BUDGET`, the compiled search answers
(loading first if needed); otherwise a background thread loads them and this
move goes to the bot's readable reference search, which keeps the clock.
"""

from __future__ import annotations

import threading

from plyground.core.limits import Limit
from plyground.core.warming import Warmup

__all__ = ["LOAD_BUDGET", "KernelLoader"]

LOAD_BUDGET = 2.0
"""A move with at least this many seconds (or no time limit) may load the kernels itself."""


class KernelLoader:
    """Whether a bot's compiled search may answer a move now; loading its kernels if not.

    ``warm_up`` is the kernel module's warm-up (:func:`~plyground.core.warming.warming`),
    which says whether this process has run it. While a background load
    runs, the kernels are not used (a kernel called while numba compiles
    would wait for its lock, under the clock).
    """

    def __init__(self, warm_up: Warmup) -> None:
        self._warm_up = warm_up
        self._thread: threading.Thread | None = None

    def ready(self, limit: Limit) -> bool:
        """True when the compiled search may answer within ``limit`` (loaded now if needed);
        False when this move must go to the reference search (a background load starts)."""
        if self._thread is None and self._warm_up.loaded():
            return True
        if self._thread is not None and not self._thread.is_alive():
            self.wait()  # finished: a load that failed raises here, in the bot's thread
            return True
        if limit.time is None or limit.time >= LOAD_BUDGET:
            self.wait()
            return True
        if self._thread is None:
            self._thread = threading.Thread(target=self._warm_up, name="kernel-loader", daemon=True)
            self._thread.start()
        return False

    def wait(self) -> None:
        """Load the kernels now (after any background load has finished)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._warm_up()  # returns at once if it has run
