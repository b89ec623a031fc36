"""Who is watching a game: its viewers, since when nobody has, whether its bots stopped
for want of viewers, and when a client last acted on or read it.

The service (:class:`~plyground.web.sessions.service.GameService`) owns the timers;
this part of a :class:`~plyground.web.sessions.session.GameSession` is changed only
through its methods.
"""

from __future__ import annotations

import time

__all__ = ["Presence"]


class Presence:
    """A game's viewers (clients streaming its events now) and idle time."""

    def __init__(self, now: float) -> None:
        self.viewers = 0
        self.unwatched_since: float | None = None
        """When the last viewer left (None: watched, or never streamed)."""
        self.idle = False
        """Its bots stopped because nobody watched; the next viewer starts them again."""
        self.touched = now
        """When a client last acted on or read the game, or its bots moved."""

    def touch(self) -> None:
        """A client acted on or read the game, or its bots moved: it is not idle for expiry."""
        self.touched = time.monotonic()

    def arrive(self) -> None:
        """A client starts streaming the game's events."""
        self.viewers += 1
        self.unwatched_since = None

    def leave(self) -> bool:
        """A client stops streaming; True when it was the last."""
        self.viewers -= 1
        return self.viewers == 0

    def unwatched_from(self, since: float) -> None:
        """Nobody has streamed the game since ``since``."""
        self.unwatched_since = since

    def unwatched_still(self, since: float) -> bool:
        """True when nobody has come since ``since`` (a later departure has its own timer)."""
        return not self.viewers and self.unwatched_since == since

    def go_idle(self) -> None:
        """The bots stopped for want of viewers."""
        self.idle = True

    def wake(self) -> bool:
        """Someone acts in the game: True when its bots had stopped for want of viewers."""
        woke, self.idle = self.idle, False
        return woke
