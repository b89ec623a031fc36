"""A training run's loop: workers play batches of episodes on threads that share one set of
weights (the kernels release the GIL; see :mod:`plyground.algorithms.learning.weights`),
the learning curve counts the finished episodes, and the run checkpoints now and then.

Rounds: each round every worker plays one batch, the loop waits for all, adds their
episodes to the curve in worker order, and checkpoints when ``every`` seconds have passed,
at the end, or when asked to stop (SIGINT, SIGTERM): a checkpoint is taken between rounds,
with no worker running, so the weights and the generators' states saved belong together.
A batch is sized to last about ``batch_seconds``; the size does not change what a worker
plays (each worker's episodes follow one another on its own generator), so one worker's
run is the same however it is cut into batches and checkpoints.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Protocol

import numpy as np
import numpy.typing as npt

from plyground.algorithms.learning.curve import LearningCurve

__all__ = ["BatchLearner", "RunObserver", "train"]


class BatchLearner(Protocol):
    """What the loop drives: ``batch(worker, episodes)`` plays and learns whole episodes on
    worker ``worker``'s generator and returns each one's ``(moves, score, result)``."""

    def batch(
        self, worker: int, episodes: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...


class RunObserver(Protocol):
    def progress(self, curve: LearningCurve, seconds: float, rows: list[list[float]]) -> None: ...

    def checkpointed(self, seconds: float) -> None: ...


@contextmanager
def _stop_on_signals(stop: threading.Event) -> Iterator[dict[str, int]]:
    """SIGINT and SIGTERM set ``stop`` (the loop then checkpoints and ends); the dict gets
    the signal's number."""
    caught: dict[str, int] = {}
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def handle(number: int, frame: object) -> None:
        caught["signal"] = number
        stop.set()

    previous = {number: signal.signal(number, handle) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield caught
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def train(
    learner: BatchLearner,
    curve: LearningCurve,
    episodes: int,
    *,
    workers: int,
    checkpoint: Callable[[float], None],
    every: float,
    observer: RunObserver,
    seconds: float = 0.0,
    batch_seconds: float = 1.0,
) -> int | None:
    """Train until ``curve`` counts ``episodes`` episodes; ``checkpoint(seconds)`` saves the
    run (``seconds``: training time so far, ``seconds`` given is the time before this
    call). Returns the signal that stopped it early, or None."""
    stop = threading.Event()
    per_episode = 200.0  # moves per episode and moves per second, refined as batches end
    rate = 100_000.0
    with _stop_on_signals(stop) as caught, ThreadPoolExecutor(max_workers=workers) as pool:
        started = time.monotonic() - seconds
        saved = time.monotonic()
        while curve.episodes < episodes and not stop.is_set():
            left = episodes - curve.episodes
            size = max(1, int(rate * batch_seconds / per_episode))
            sizes = [min(size, max(0, left - k * size)) for k in range(workers)]
            sizes = [n for n in sizes if n > 0]
            round_start = time.monotonic()
            results = list(pool.map(learner.batch, range(len(sizes)), sizes))
            spent = max(time.monotonic() - round_start, 1e-6)
            played = sum(int(moves.sum()) for moves, _, _ in results)
            per_episode = max(1.0, played / sum(sizes))
            rate = played / spent / len(sizes)
            rows = []
            for moves, scores, results_ in results:
                rows += curve.add(scores, results_, moves, time.monotonic() - started)
            observer.progress(curve, time.monotonic() - started, rows)
            if time.monotonic() - saved >= every and curve.episodes < episodes:
                checkpoint(time.monotonic() - started)
                observer.checkpointed(time.monotonic() - started)
                saved = time.monotonic()
        checkpoint(time.monotonic() - started)
        observer.checkpointed(time.monotonic() - started)
    return caught.get("signal")
