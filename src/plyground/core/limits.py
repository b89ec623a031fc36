"""Search limits and search reports shared by every algorithm and bot."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any

from plyground.core.errors import SettingsError

__all__ = [
    "ANSWER_SECONDS",
    "MOST_MOVE_SECONDS",
    "MOVE_SECONDS",
    "Clock",
    "Limit",
    "SearchInfo",
    "answer_reserve",
    "check_move_seconds",
    "deadline_ns",
]

MOVE_SECONDS = 5.0
"""The course's time per move: what the referee, a match, a bot given no limit and an
engine asked ``go`` without a time take unless told. A tournament's many games take less
(:data:`plyground.arena.play.run_options.QUICK_MOVE_SECONDS`), and so does tuning."""

MOST_MOVE_SECONDS = 3600.0
"""The most time per move anything accepts (a bot's ``time``, the referee's, a run's, the
web server's cap): one bound, checked where a time enters (:func:`check_move_seconds`
and the settings that declare it as their maximum)."""

LEAST_MOVE_SECONDS = 0.001
"""The least time per move a setting accepts (a millisecond: a search still answers)."""


def check_move_seconds(seconds: float, what: str = "time per move") -> float:
    """``seconds`` if it is a time per move anything accepts (a millisecond to
    :data:`MOST_MOVE_SECONDS`); SettingsError naming ``what`` otherwise.

    >>> check_move_seconds(5000)
    Traceback (most recent call last):
    ...
    plyground.core.errors.SettingsError: time per move must be 0.001 to 3600 seconds, got 5000
    """
    if not LEAST_MOVE_SECONDS <= seconds <= MOST_MOVE_SECONDS:
        raise SettingsError(
            f"{what} must be {LEAST_MOVE_SECONDS:g} to {MOST_MOVE_SECONDS:g} seconds, "
            f"got {seconds!r}"
        )
    return seconds


ANSWER_SECONDS = 0.05
"""The most a move's time keeps back to answer in, by default (see :func:`answer_reserve`)."""


def answer_reserve(seconds: float, most: float = ANSWER_SECONDS, least: float = 0.0) -> float:
    """Seconds of a move's ``seconds`` kept back to answer in: the one policy of every engine.

    10% of the time, at least ``least`` (never more than half the time) and at most
    ``most``. A search stops that much before its limit so the move arrives in time.
    An engine whose answer costs more or less than a Python search's (Morris's compiled
    search on a loaded machine, 2048's thousands of short moves) passes its own bounds.
    """
    return min(most, max(0.1 * seconds, min(least, seconds / 2)))


def deadline_ns(
    start_ns: int, seconds: float | None, most: float = ANSWER_SECONDS, least: float = 0.0
) -> int:
    """The monotonic nanoseconds a compiled search stops at (0: no clock): ``seconds`` after
    ``start_ns``, less :func:`answer_reserve`, and never at ``start_ns`` itself."""
    if seconds is None:
        return 0
    return start_ns + max(1, int((seconds - answer_reserve(seconds, most, least)) * 1e9))


@dataclass(frozen=True)
class Limit:
    """How much a search may do: wall time in seconds, plies, nodes.

    Any field left ``None`` is unbounded; a search stops at the first limit
    it reaches. ``Limit(time=MOVE_SECONDS)`` is the course's rule.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.time is not None and not (self.time > 0 and math.isfinite(self.time)):
            raise ValueError(f"time limit must be a positive number of seconds, got {self.time!r}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"depth limit must be at least 1, got {self.depth!r}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"node limit must be at least 1, got {self.nodes!r}")

    def less_time(self, spent: float) -> Limit:
        """This limit with ``spent`` seconds taken off its time (what is left of a move after
        loading a search, say), never below a millisecond so a search still answers;
        unchanged without a time."""
        if self.time is None:
            return self
        return replace(self, time=max(self.time - spent, 1e-3))

    def capped(self, time_cap: float | None) -> Limit:
        """This limit with its time no larger than ``time_cap``."""
        if time_cap is None or (self.time is not None and self.time <= time_cap):
            return self
        return replace(self, time=time_cap)


@dataclass(frozen=True)
class SearchInfo:
    """What a search found so far: one report per completed iteration.

    ``score`` is from the view of the player to move, in the evaluator's
    units; ``pv`` holds move texts (the principal variation).
    """

    depth: int = 0
    score: float | None = None
    nodes: int = 0
    pv: tuple[str, ...] = ()
    elapsed: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (for records, the web API and protocol ``info`` lines)."""
        data: dict[str, Any] = {
            "depth": self.depth,
            "score": self.score,
            "nodes": self.nodes,
            "pv": list(self.pv),
            "elapsed": round(self.elapsed, 6),
        }
        data.update(self.extra)
        return data

    def unit_text(self, score: float | None = None) -> str | None:
        """``score`` (this search's own by default) in the unit its bot names, as
        ``+1.5 men``: ``extra["unit"]``, of which one scores ``extra["unit_score"]`` (the
        Morris bot names men, by its own weights); None when the bot names no unit."""
        score = self.score if score is None else score
        if score is None or "unit" not in self.extra:
            return None
        units = round(score / float(self.extra["unit_score"]), 1) + 0.0  # (+ 0.0: no "-0.0")
        return f"{units:+.1f} {self.extra['unit']}"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchInfo:
        """Inverse of :meth:`to_dict`; unknown keys go to ``extra``."""
        known = {"depth", "score", "nodes", "pv", "elapsed"}
        score = data.get("score")
        return cls(
            depth=int(data.get("depth", 0) or 0),
            score=None if score is None else float(score),
            nodes=int(data.get("nodes", 0) or 0),
            pv=tuple(str(m) for m in data.get("pv", ()) or ()),
            elapsed=float(data.get("elapsed", 0.0) or 0.0),
            extra={k: v for k, v in data.items() if k not in known},
        )


class Clock:
    """A deadline that a search checks itself.

    ``Clock(limit)`` starts now; :meth:`expired` (a read of the clock, about
    0.1 us) is cheap enough to call every few nodes of a search in Python.
    ``safety`` seconds are kept back for answering; :meth:`for_move` keeps back
    :func:`answer_reserve`.
    """

    __slots__ = ("deadline", "start")

    def __init__(self, seconds: float | None, safety: float = 0.0) -> None:
        self.start = time.perf_counter()
        self.deadline = math.inf if seconds is None else self.start + max(0.0, seconds - safety)

    @classmethod
    def for_move(cls, seconds: float | None) -> Clock:
        """A clock for a move of ``seconds`` (``None``: unbounded) that keeps back
        :func:`answer_reserve` to answer in."""
        return cls(seconds, safety=0.0 if seconds is None else answer_reserve(seconds))

    def elapsed(self) -> float:
        """Seconds since the clock started."""
        return time.perf_counter() - self.start

    def remaining(self) -> float:
        """Seconds left (``inf`` when unbounded, never negative)."""
        return max(0.0, self.deadline - time.perf_counter())

    def expired(self) -> bool:
        """True once the deadline has passed."""
        return time.perf_counter() >= self.deadline
