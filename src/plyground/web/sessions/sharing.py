"""Work several requests await together: one job per key, cancelled once nobody awaits it.

Two clients asking for the analysis of the same game (or the values of the
same position) share one job in the pool; a job whose every client has gone
is cancelled, which abandons its pool job (:class:`~plyground.web.pool.BotPool`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar

__all__ = ["SharedWork"]

T = TypeVar("T")


class _Shared:
    """One job under way and how many requests await it."""

    def __init__(self, task: asyncio.Future[Any]) -> None:
        self.task = task
        self.waiters = 0


class SharedWork:
    """Jobs under way by key; used on one event loop."""

    def __init__(self) -> None:
        self._running: dict[Hashable, _Shared] = {}

    def __len__(self) -> int:
        return len(self._running)

    async def run(self, key: Hashable, start: Callable[[], Awaitable[T]]) -> T:
        """Await the job under way for ``key``, or ``start()`` one. When the last request
        awaiting a job is cancelled (its client went away), the job is cancelled too."""
        shared = self._running.get(key)
        if shared is None:
            shared = _Shared(asyncio.ensure_future(start()))
            self._running[key] = shared
            shared.task.add_done_callback(lambda _: self._finished(key, shared))
        shared.waiters += 1
        try:
            result: T = await asyncio.shield(shared.task)
            return result
        finally:
            shared.waiters -= 1
            if shared.waiters == 0 and not shared.task.done():
                shared.task.cancel()

    def _finished(self, key: Hashable, shared: _Shared) -> None:
        if self._running.get(key) is shared:
            del self._running[key]
        if not shared.task.cancelled():
            shared.task.exception()  # seen by its waiters; none left is no error
