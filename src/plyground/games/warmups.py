"""Every game's kernel warm-ups (from the games' profiles), and warming them all at once.

Kernels compile on first use and are cached on disk (``cache=True``: in
``__pycache__`` next to the module, under ``NUMBA_CACHE_DIR``, or numba's
per-user cache when the package directory is read-only). Warming them before
a game (``plyground warmup``, ``make play``, each web worker) means nobody
waits for a compile while a clock runs. What to warm is each game's
``warm_ups`` (:class:`~plyground.core.profile.GameProfile`), games in the
registry's order, installed packages' games included.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable

from plyground.core.errors import PluginError
from plyground.core.registry import load_target
from plyground.games import game_names, game_profile

__all__ = ["warm_all", "warm_ups"]


def warm_ups() -> dict[str, str]:
    """Label -> ``"module:function"`` of every warm-up (each calls every kernel of its
    module once; imported only when warmed)."""
    found: dict[str, str] = {}
    for name in game_names():
        try:
            found.update(game_profile(name).warm_ups)
        except PluginError as error:  # one broken package does not stop the others' warm-ups
            warnings.warn(str(error), stacklevel=2)
    return found


def warm_all(report: Callable[[str, float], None] | None = None) -> float:
    """Run every warm-up of :func:`warm_ups`; returns the seconds it took.

    ``report(label, seconds)``, when given, hears each as it is done.
    """
    began = time.perf_counter()
    for label, target in warm_ups().items():
        started = time.perf_counter()
        load_target(target)()
        if report is not None:
            report(label, time.perf_counter() - started)
    return time.perf_counter() - began
