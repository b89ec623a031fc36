"""A clock the test moves by hand, so a deadline test does not depend on the machine's load."""

from __future__ import annotations

from plyground.core import Clock


class SteppedClock(Clock):
    """A clock read from ``now``, which the test advances; no real time passes."""

    def __init__(self, seconds: float) -> None:
        super().__init__(None)
        self.now = self.start = 0.0
        self.deadline = seconds

    def elapsed(self) -> float:
        return self.now

    def remaining(self) -> float:
        return max(0.0, self.deadline - self.now)

    def expired(self) -> bool:
        return self.now >= self.deadline
