"""Every game's kernel warm-ups (from the games' profiles), and warming them all at once.

Kernels compile on first use and are cached on disk (``cache=True``: in
``__pycache__`` next to the module, under ``NUMBA_CACHE_DIR``, or numba's
per-user cache when the package directory is read-only). Warming them before
a game (``plyground warmup``, ``make play``, each web worker) means nobody
waits for a compile while a clock runs. What to warm is each game's
``warm_ups`` (:class:`~plyground.core.profile.GameProfile`), games in the
registry's order, installed packages' games included. ``plyground warmup``
fills the disk cache with one process per core (compiling is single-threaded
and the groups are independent); a web worker warms in its own process,
which is the process that will run the kernels.
"""

from __future__ import annotations

import multiprocessing
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

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


def warm_all(report: Callable[[str, float], None] | None = None, processes: int = 1) -> float:
    """Run every warm-up of :func:`warm_ups`; returns the seconds it took.

    ``report(label, seconds)``, when given, hears each as it is done. With
    ``processes`` above 1 the warm-ups run in that many fresh processes, which
    fills the disk cache sooner but leaves the kernels loaded only there: a
    process that will run the kernels warms with ``processes=1``.
    """
    began = time.perf_counter()
    targets = warm_ups()
    if processes <= 1:
        for label, target in targets.items():
            seconds = _warm(target)
            if report is not None:
                report(label, seconds)
        return time.perf_counter() - began
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter: no forked numba state
    with ProcessPoolExecutor(max_workers=processes, mp_context=spawn) as pool:
        labels = {pool.submit(_warm, target): label for label, target in targets.items()}
        for done in as_completed(labels):
            seconds = done.result()
            if report is not None:
                report(labels[done], seconds)
    return time.perf_counter() - began


def _warm(target: str) -> float:
    """Run one warm-up (``"module:function"``); the seconds it took."""
    started = time.perf_counter()
    load_target(target)()
    return time.perf_counter() - started
