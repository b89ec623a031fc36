"""Opening books: per game, where a bot finds a position's proven best moves.

A game with a book names its lookup in its profile (``book``,
:class:`~plyground.core.profile.GameProfile`): ``lookup(state)`` returns
``(moves, value, depth)``: the position's best moves, every one achieving
``value`` (exact, for the side to move) over the ``depth`` plies to the end
of the game; or None when the position is not in the book. The
``alphabeta`` bot plays a booked move instead of searching
(:class:`~plyground.bots.alphabeta.AlphaBetaBot`, setting ``book``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from plyground.core.game import Move, State
from plyground.core.registry import load_target

__all__ = ["BookAnswer", "BookLookup", "booked_moves"]


@dataclass(frozen=True)
class BookAnswer:
    """A booked position's best moves, their exact value for the side to move, and the
    plies to the end of the game that value covers (the depth of a full search)."""

    moves: Sequence[Move]
    value: float
    depth: int


BookLookup = Callable[[State], tuple[Sequence[Move], float, int] | None]
"""state -> (every best move, the exact value for the side to move, plies to the end), or None."""


def booked_moves(state: State) -> BookAnswer | None:
    """The book's answer for ``state``, or None (the game has no book, or not booked)."""
    target = state.game.PROFILE.book
    if target is None:
        return None
    lookup: BookLookup = load_target(target)
    found = lookup(state)
    return None if found is None else BookAnswer(*found)
