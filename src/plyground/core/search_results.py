"""The loop of an iterative-deepening search, compiled or not, its results and their lines.

The reference searches (:class:`plyground.algorithms.search.DeepeningSearch`)
and the games' compiled engines (the adjacency and Morris engines) all run
one loop (:func:`deepen`): a result per completed depth, until a depth is
exact or one does not complete (the clock, the node budget, or a search's
own prediction that it would not finish), and the first move unsearched
(:func:`unsearched_info`) when not even depth 1 completed; the caller
answers with the last result (:func:`last_result`). The compiled engines
read their principal variation from a table of moves and keep its legal
part (:func:`legal_line`), and a line is reported as move texts
(:func:`line_texts`). The compiled engines' result is :class:`EngineResult`
(:meth:`EngineResult.completed` for a depth they finished). Each of them is
a :class:`PerDepthSearch`.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from plyground.core.game import Move, State
from plyground.core.limits import Limit, SearchInfo

__all__ = [
    "EngineResult",
    "PerDepthSearch",
    "deepen",
    "last_result",
    "legal_line",
    "line_texts",
    "unsearched_info",
]


@dataclass(frozen=True)
class EngineResult:
    """One completed depth of a compiled engine: the move to play (an int) and the report."""

    move: int
    info: SearchInfo
    exact: bool = False
    """True when the score is decided: the game's true value, or a win or loss found within
    the searched depth."""

    @classmethod
    def completed(
        cls,
        move: int,
        *,
        depth: int,
        score: float,
        nodes: int,
        pv: tuple[str, ...],
        start_ns: int,
        exact: bool,
    ) -> EngineResult:
        """The result of a completed ``depth``, timed from ``start_ns`` (:func:`time.monotonic_ns`);
        an ``exact`` one says so in its report (``extra["exact"]``)."""
        info = SearchInfo(
            depth=depth,
            score=score,
            nodes=nodes,
            pv=pv,
            elapsed=(time.monotonic_ns() - start_ns) / 1e9,
            extra={"exact": True} if exact else {},
        )
        return cls(move, info, exact)


class _Reported(Protocol):
    @property
    def info(self) -> SearchInfo: ...


class _Judged(_Reported, Protocol):
    @property
    def exact(self) -> bool: ...


_R = TypeVar("_R", bound=_Reported)
_J = TypeVar("_J", bound=_Judged)


def deepen(
    complete: Callable[[int], _J | None], max_depth: int, unsearched: Callable[[], _J]
) -> Iterator[_J]:
    """The deepening loop every search shares: ``complete(depth)`` for depths 1 to
    ``max_depth``, each result yielded, until one is exact or ``complete`` returns None.

    None means the depth did not complete and none deeper will be begun: the clock or
    the node budget stopped it, or the search predicted it would not finish (its own
    rule, asked before it begins a depth). A depth that did not complete is dropped;
    if none completed, ``unsearched()`` is the one result.
    """
    completed = False
    for depth in range(1, max_depth + 1):
        result = complete(depth)
        if result is None:
            break
        completed = True
        yield result
        if result.exact:
            return
    if not completed:
        yield unsearched()


def last_result(results: Iterable[_R], on_info: Callable[[SearchInfo], None] | None) -> _R:
    """The last of a search's per-depth ``results``; ``on_info`` hears each as it comes.

    ``results`` must yield at least once (every ``iterate`` does).
    """
    result: _R | None = None
    for result in results:
        if on_info is not None:
            on_info(result.info)
    assert result is not None  # iterate always yields at least once
    return result


_S = TypeVar("_S", bound=State)


class PerDepthSearch(ABC, Generic[_S, _J]):
    """A search that yields a result per completed depth (:meth:`iterate`, through
    :func:`deepen`) and answers with the last (:meth:`search`)."""

    @abstractmethod
    def iterate(self, state: _S, limit: Limit) -> Iterator[_J]:
        """Yield a result after each completed depth; always yields at least once."""

    def search(
        self, state: _S, limit: Limit, on_info: Callable[[SearchInfo], None] | None = None
    ) -> _J:
        """The best move found within ``limit``; ``on_info`` hears each completed depth."""
        return last_result(self.iterate(state, limit), on_info)


def unsearched_info(state: State, move: Move, nodes: int, elapsed: float) -> SearchInfo:
    """The report of ``move`` answered when not even depth 1 completed in time: depth 0."""
    return SearchInfo(depth=0, nodes=nodes, elapsed=elapsed, pv=(state.move_text(move),))


def legal_line(state: State, moves: Iterable[int]) -> list[int]:
    """``moves`` played from ``state``, cut before the first that is not legal (or at the end)."""
    line: list[int] = []
    for value in moves:
        move = int(value)
        if state.is_terminal() or move not in state.legal_moves():
            break
        line.append(move)
        state = state.play(move)
    return line


def line_texts(state: State, line: Sequence[Move]) -> Iterator[str]:
    """The text of each move of ``line``, played in turn from ``state``."""
    for move in line:
        yield state.move_text(move)
        state = state.play(move)
