"""Every numba kernel of the games, and warming them all at once.

Kernels compile on first use and are cached on disk (``cache=True``: in
``__pycache__`` next to the module, under ``NUMBA_CACHE_DIR``, or numba's
per-user cache when the package directory is read-only). Warming them before
a game (``plyground warmup``, ``make play``, each web worker) means nobody
waits for a compile while a clock runs.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable

__all__ = ["KERNELS", "warm_all"]

# What to warm: a label -> "module:function" (the function takes no arguments
# and calls every kernel of its module once). A new kernel module adds a line.
KERNELS: dict[str, str] = {
    "adjacency kernels": "plyground.games.adjacency.kernels:warm_up",
    "adjacency search": "plyground.games.adjacency.engine:warm_up",
    "adjacency playouts": "plyground.games.adjacency.playout:warm_up",
    "queens counting": "plyground.games.queens.counting:warm_up",
    "queens min-conflicts": "plyground.games.queens.local_search:warm_up",
    "2048 kernel": "plyground.games.g2048.kernel:warm_up",
}


def warm_all(report: Callable[[str, float], None] | None = None) -> float:
    """Warm every kernel in :data:`KERNELS`; returns the seconds it took.

    ``report(label, seconds)``, when given, hears each group as it is done.
    """
    began = time.perf_counter()
    for label, target in KERNELS.items():
        started = time.perf_counter()
        module_name, _, function_name = target.partition(":")
        getattr(importlib.import_module(module_name), function_name)()
        if report is not None:
            report(label, time.perf_counter() - started)
    return time.perf_counter() - began
