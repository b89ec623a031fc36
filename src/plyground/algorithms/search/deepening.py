"""What every iterative-deepening search shares: its result, its driver, its clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from plyground.core.game import Move, State
from plyground.core.limits import Clock, Limit, SearchInfo
from plyground.core.search_results import PerDepthSearch, deepen, unsearched_info

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


class DeepeningSearch(PerDepthSearch[State, SearchResult]):
    """A reference search that reports a result per completed depth (:meth:`iterate`),
    with the node count and clock it checks itself (:meth:`_tick`)."""

    nodes: int = 0
    """Nodes the last search visited."""
    check_every: int = 16
    """The clock is read every this many nodes (:meth:`_tick`): a node in Python costs
    10-30 us (Morris, the adjacency game), a reading of the clock a fraction of one,
    and a search must stop within a few milliseconds of its deadline."""
    _clock: Clock = Clock(None)
    _node_limit: int | None = None

    def _start(self, limit: Limit) -> None:
        """Begin a search under ``limit``: a fresh clock and node count."""
        self._clock = self.start_clock(limit)
        self._node_limit = limit.nodes
        self.nodes = 0

    def _tick(self) -> None:
        """Count a node; raise :class:`OutOfTimeError` once the clock (read every
        :attr:`check_every` nodes) has expired or the node budget is spent."""
        self.nodes += 1
        if self.nodes % self.check_every == 0 and self._clock.expired():
            raise OutOfTimeError
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise OutOfTimeError

    def deepen(
        self,
        state: State,
        search_depth: Callable[[int], SearchResult],
        max_depth: int,
        fallback: Move,
    ) -> Iterator[SearchResult]:
        """The deepening loop (:func:`~plyground.core.search_results.deepen`):
        ``search_depth(depth)`` for depths 1 to ``max_depth``, each result yielded, until
        one is exact or the clock (:meth:`_start`) has expired.

        A depth that runs out of time (:class:`OutOfTimeError`) is dropped and ends the
        loop; if no depth completed, ``fallback``, unsearched (with :attr:`nodes`).
        """

        def complete(depth: int) -> SearchResult | None:
            if depth > 1 and self._clock.expired():
                return None
            try:
                return search_depth(depth)
            except OutOfTimeError:
                return None

        def unsearched() -> SearchResult:
            info = unsearched_info(state, fallback, self.nodes, self._clock.elapsed())
            return SearchResult(fallback, info)

        return deepen(complete, max_depth, unsearched)

    @staticmethod
    def start_clock(limit: Limit) -> Clock:
        """A clock for ``limit`` that keeps back :func:`~plyground.core.limits.answer_reserve`."""
        return Clock.for_move(limit.time)
