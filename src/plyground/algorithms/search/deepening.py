"""What every iterative-deepening search shares: its result, its driver, its clock."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from plyground.core.deepening import last_result
from plyground.core.game import Move, State
from plyground.core.limits import Clock, Limit, SearchInfo

__all__ = ["DeepeningSearch", "OutOfTimeError", "SearchResult"]


class OutOfTimeError(Exception):
    """Raised inside a search when the clock or the node budget runs out."""


@dataclass(frozen=True)
class SearchResult:
    """A search's answer: the move to play and what was found."""

    move: Move
    info: SearchInfo
    exact: bool = False
    """True when the value is the game's true value (the tree was searched to the end)."""


class DeepeningSearch(ABC):
    """A search that reports a result per completed depth (:meth:`iterate`)."""

    def search(
        self,
        state: State,
        limit: Limit,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> SearchResult:
        """The best move found within ``limit``; ``on_info`` hears each completed depth."""
        return last_result(self.iterate(state, limit), on_info)

    @abstractmethod
    def iterate(self, state: State, limit: Limit) -> Iterator[SearchResult]:
        """Yield a result after each completed depth; always yields at least once."""

    @staticmethod
    def unsearched(state: State, move: Move, nodes: int, elapsed: float) -> SearchResult:
        """The answer when not even depth 1 completed in time: ``move`` at depth 0."""
        info = SearchInfo(depth=0, nodes=nodes, elapsed=elapsed, pv=(state.move_text(move),))
        return SearchResult(move, info)

    @staticmethod
    def start_clock(limit: Limit) -> Clock:
        """A clock for ``limit`` that keeps back 10% of the time (at most 50 ms) to answer."""
        return Clock(limit.time, safety=min(0.05, 0.1 * limit.time) if limit.time else 0.0)
