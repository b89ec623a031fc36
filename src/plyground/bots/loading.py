"""Compiled kernels loaded without holding up a short move.

A bot's compiled search needs its kernels, compiled or read from numba's
disk cache: a few tenths of a second to a second in a new process, and half
a second more to import numba itself. Its search then needs its tables put
in place (tens of milliseconds for a transposition table of some tens of
megabytes). ``new_game`` does all of it before any clock runs. A ``choose``
that comes first would pay for it inside its move, many times a short limit.
:class:`KernelLoader` decides, move by move: with everything in place, or a
limit of at least :data:`LOAD_BUDGET`, the compiled search answers (loaded
first if needed); otherwise a background thread loads it and this move goes
to the bot's readable reference search, which keeps the clock.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable

from plyground.core.limits import Limit
from plyground.core.registry import load_target
from plyground.core.warming import Warmup

__all__ = ["LOAD_BUDGET", "KernelLoader"]

LOAD_BUDGET = 2.0
"""A move with at least this many seconds (or no time limit) may load the kernels itself."""


class KernelLoader:
    """Whether a bot's compiled search may answer a move now; loading it if not.

    ``warm_up`` is the kernel module's warm-up (:func:`~plyground.core.warming.warming`),
    which says whether this process has run it, or where it is
    (``"module:warm_up"``): a module not imported yet is imported by the
    load, never inside a short move. ``prepare`` makes what the bot searches
    with once the kernels are in (the bot keeps it); it runs once, as part
    of the load. While a background load runs, the kernels are not used (a
    kernel called while numba compiles would wait for its lock, under the
    clock).
    """

    def __init__(self, warm_up: Warmup | str, prepare: Callable[[], object] | None = None) -> None:
        self._target = warm_up if isinstance(warm_up, str) else None
        self._warm_up = None if isinstance(warm_up, str) else warm_up
        self._prepare = prepare
        self._prepared = prepare is None
        self._thread: threading.Thread | None = None

    def ready(self, limit: Limit) -> bool:
        """True when the compiled search may answer within ``limit`` (loaded now if needed);
        False when this move must go to the reference search (a background load starts)."""
        if self._thread is None and self._in_place():
            return True
        if self._thread is not None and not self._thread.is_alive():
            self.wait()  # finished: a load that failed raises here, in the bot's thread
            return True
        if limit.time is None or limit.time >= LOAD_BUDGET:
            self.wait()
            return True
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._load_quietly, name="kernel-loader", daemon=True
            )
            self._thread.start()
        return False

    def wait(self) -> None:
        """Load now (after any background load has finished): the kernels, then ``prepare``."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._load()

    def _in_place(self) -> bool:
        """Kernels loaded and ``prepare`` done, found without importing anything (an
        import under way in another thread would hold this one until it ends)."""
        if self._warm_up is None and self._target is not None:
            module, _, attribute = self._target.rpartition(":")
            found = getattr(sys.modules.get(module), attribute, None)
            self._warm_up = found if isinstance(found, Warmup) else None
        return self._warm_up is not None and self._warm_up.loaded() and self._prepared

    def _load(self) -> None:
        if self._warm_up is None:
            assert self._target is not None
            self._warm_up = load_target(self._target)
        self._warm_up()  # returns at once if it has run
        if not self._prepared:
            assert self._prepare is not None
            self._prepare()
            self._prepared = True

    def _load_quietly(self) -> None:
        """The background load: a failure is raised again by :meth:`wait`, in the bot's
        thread, rather than printed from this one."""
        with contextlib.suppress(Exception):
            self._load()
