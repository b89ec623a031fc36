"""Opening books: per game, where a bot finds a position's proven best moves.

A game with a book registers a lookup here: ``lookup(state)`` returns the
position's best moves and their exact value for the side to move (every
listed move achieves it), or None when the position is not in the book. The
``alphabeta`` bot plays a booked move instead of searching
(:class:`~plyground.bots.alphabeta.AlphaBetaBot`, setting ``book``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from plyground.core.game import Move, State
from plyground.core.registry import Registry

__all__ = ["BOOKS", "BookLookup", "booked_moves"]

BookLookup = Callable[[State], tuple[Sequence[Move], float] | None]
"""state -> (every best move, the exact value for the side to move), or None."""

BOOKS: Registry[BookLookup] = Registry("opening book")
BOOKS.add("adjacency", "plyground.games.adjacency.book:book_moves")


def booked_moves(state: State) -> tuple[Sequence[Move], float] | None:
    """The book's best moves and value for ``state``, or None (no book, or not booked)."""
    lookup = BOOKS.find(state.game.name)
    return None if lookup is None else lookup(state)
