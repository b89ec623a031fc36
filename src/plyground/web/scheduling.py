"""Fair shares of the worker pool: clients' jobs take free workers in turn.

A job waits in its client's queue (first come, first served within a
client, except that an *urgent* job, a game's move, goes before the
client's other jobs, its analyses and tools, that wait) until a worker is
free *and* its client holds fewer than its share of the workers; free
workers go round the clients with jobs waiting. So one
client's many bot games and analyses cannot keep another client's bot from
the pool: at worst it waits for the first worker to free up, and a client
never holds all the workers of a pool of two or more.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque

__all__ = ["FairScheduler"]


class FairScheduler:
    """Hands ``workers`` workers to clients' jobs in turn, at most ``per_client`` to one client.

    :meth:`acquire` waits for a worker; :meth:`release` gives it back (once the
    worker has really finished the job, abandoned or not). Used on one event loop.
    """

    def __init__(self, workers: int, per_client: int) -> None:
        self.workers = workers
        self.per_client = max(1, min(per_client, workers))
        self._free = workers
        self._held: Counter[str] = Counter()
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        self._urgent: set[asyncio.Future[None]] = set()
        """The waiting jobs that go before their client's others (a game's moves)."""

    @property
    def working(self) -> int:
        """Workers at work now (on a job abandoned but not yet stopped, too)."""
        return self.workers - self._free

    def held(self, client: str) -> int:
        """Workers ``client``'s jobs hold now."""
        return self._held[client]

    def waiting(self, client: str | None = None) -> int:
        """Jobs waiting for a worker (``client``'s, or everyone's)."""
        if client is not None:
            return len(self._waiting.get(client, ()))
        return sum(len(queue) for queue in self._waiting.values())

    async def acquire(self, client: str, urgent: bool = False) -> None:
        """Wait until a worker is ``client``'s; an ``urgent`` job goes before the client's
        waiting jobs that are not (after its urgent ones). Cancelling the wait leaves
        the queue."""
        if not self._waiting.get(client) and self._may_take(client):
            self._take(client)
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting.setdefault(client, deque())
        if urgent:
            ahead = next((i for i, job in enumerate(queue) if job not in self._urgent), len(queue))
            queue.insert(ahead, granted)
            self._urgent.add(granted)
        else:
            queue.append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release(client)  # granted just as it was cancelled: give it on
            else:
                self._leave(client, granted)
            raise

    def release(self, client: str) -> None:
        """A worker of ``client``'s is free again: the next client in turn takes it."""
        self._held[client] -= 1
        if self._held[client] <= 0:
            del self._held[client]
        self._free += 1
        self._dispatch()

    def _may_take(self, client: str) -> bool:
        return self._free > 0 and self._held[client] < self.per_client

    def _take(self, client: str) -> None:
        self._free -= 1
        self._held[client] += 1

    def _leave(self, client: str, granted: asyncio.Future[None]) -> None:
        self._urgent.discard(granted)
        queue = self._waiting.get(client)
        if queue is not None and granted in queue:
            queue.remove(granted)
            if not queue:
                del self._waiting[client]

    def _dispatch(self) -> None:
        """Give free workers to waiting jobs, one client after another (round robin)."""
        while self._free > 0:
            client = next((c for c in self._waiting if self._held[c] < self.per_client), None)
            if client is None:
                return
            queue = self._waiting[client]
            granted = queue.popleft()
            if queue:
                self._waiting.move_to_end(client)  # its next job waits for the others' turns
            else:
                del self._waiting[client]
            self._urgent.discard(granted)
            self._take(client)
            granted.set_result(None)
