"""The results of an iterative-deepening search, compiled or not, and the lines they report.

The reference searches (:class:`plyground.algorithms.search.DeepeningSearch`)
and the games' compiled engines (the adjacency and Morris engines) all yield
one result per completed depth and answer with the last one
(:func:`last_result`); the compiled engines read their principal variation
from a table of moves and keep its legal part (:func:`legal_line`), and a
line is reported as move texts (:func:`line_texts`). The compiled engines'
result is :class:`EngineResult`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from plyground.core.game import Move, State
from plyground.core.limits import SearchInfo

__all__ = ["EngineResult", "last_result", "legal_line", "line_texts"]


@dataclass(frozen=True)
class EngineResult:
    """One completed depth of a compiled engine: the move to play (an int) and the report."""

    move: int
    info: SearchInfo
    exact: bool = False
    """True when the score is decided: the game's true value, or a win or loss found within
    the searched depth."""


class _Reported(Protocol):
    @property
    def info(self) -> SearchInfo: ...


_R = TypeVar("_R", bound=_Reported)


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
