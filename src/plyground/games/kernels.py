"""Every numba kernel of the games, and warming them all at once.

Kernels compile on first use and are cached on disk (``cache=True``: in
``__pycache__`` next to the module, under ``NUMBA_CACHE_DIR``, or numba's
per-user cache when the package directory is read-only). Warming them before
a game (``plyground warmup``, ``make play``, each web worker) means nobody
waits for a compile while a clock runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from plyground.core.registry import Registry

__all__ = ["KERNELS", "warm_all"]

KERNELS: Registry[Callable[[], None]] = Registry("kernel group")
"""What to warm: a label -> the ``"module:function"`` that calls every kernel of
its module once (imported only when warmed). A new kernel module adds a line."""
KERNELS.add("adjacency kernels", "plyground.games.adjacency.kernels:warm_up")
KERNELS.add("adjacency search", "plyground.games.adjacency.engine:warm_up")
KERNELS.add("queens counting", "plyground.games.queens.counting:warm_up")
KERNELS.add("queens min-conflicts", "plyground.games.queens.local_search:warm_up")
KERNELS.add("2048 kernel", "plyground.games.g2048.kernel:warm_up")
KERNELS.add("2048 search", "plyground.games.g2048.search:warm_up")
KERNELS.add("morris search", "plyground.games.morris.engine:warm_up")
KERNELS.add("adjacency playouts", "plyground.games.adjacency.playout:warm_up")
KERNELS.add("adjacency exact", "plyground.games.adjacency.solver:warm_up")


def warm_all(report: Callable[[str, float], None] | None = None) -> float:
    """Warm every kernel in :data:`KERNELS`; returns the seconds it took.

    ``report(label, seconds)``, when given, hears each group as it is done.
    """
    began = time.perf_counter()
    for label in KERNELS:
        started = time.perf_counter()
        KERNELS.get(label)()
        if report is not None:
            report(label, time.perf_counter() - started)
    return time.perf_counter() - began
