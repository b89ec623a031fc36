"""The bots' control of a game: paused or not, the pace between their moves, one step.

Changed only through :class:`Control`'s methods (the control secret's requests,
:mod:`plyground.web.sessions.acting`; the driver takes the steps).
"""

from __future__ import annotations

import asyncio
import contextlib

__all__ = ["Control"]


class Control:
    """Whether a game's bots are paused, the pause between their moves, a step asked for."""

    def __init__(self, delay: float, paused: bool) -> None:
        self.delay = delay
        self.paused = paused
        self.step_pending = False
        """A paused game's next bot move was asked for (Step)."""
        self._wake = asyncio.Event()

    def change(self, paused: bool | None, delay: float | None) -> None:
        """Pause or resume, or change the pace (None: unchanged); a pause between moves
        under way is cut short."""
        if delay is not None:
            self.delay = delay
        if paused is not None:
            self.paused = paused
        self._wake.set()

    def request_step(self) -> None:
        """Let a paused bot make one move."""
        self.step_pending = True

    def take_turn(self) -> bool:
        """True when a bot may move now (not paused, or a step was asked for: it is taken)."""
        if self.paused and not self.step_pending:
            return False
        self.step_pending = False
        return True

    async def pause_between_moves(self) -> None:
        """Wait the pace between two bot moves, or less if the pace or the pause changes."""
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.delay)
