"""Event streams open, by client: at most ``per_client`` for one client, ``total`` in all."""

from __future__ import annotations

from collections import Counter

from plyground.web.sessions.errors import ApiError

__all__ = ["StreamSlots"]

RETRY_STREAM = 15
"""Seconds a client refused a stream is told to wait (a page retries on its own)."""


class StreamSlots:
    """Counts the event streams open by client; refuses one past the caps with 429."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self._open: Counter[str] = Counter()

    @property
    def open(self) -> int:
        """Streams open now."""
        return self._open.total()

    def take(self, client: str) -> None:
        """One more stream for ``client``; ApiError 429 past a cap (nothing taken)."""
        if self._open[client] >= self.per_client:
            raise ApiError(
                429,
                f"you have {self._open[client]} event streams open, the most one client may: "
                f"close a tab, or retry in {RETRY_STREAM} s",
                retry_after=RETRY_STREAM,
            )
        if self.open >= self.total:
            raise ApiError(
                429,
                f"the server has {self.open} event streams open, the most it serves: retry in "
                f"{RETRY_STREAM} s",
                retry_after=RETRY_STREAM,
            )
        self._open[client] += 1

    def give_back(self, client: str) -> None:
        """``client`` closed a stream."""
        self._open[client] -= 1
        if self._open[client] <= 0:
            del self._open[client]
