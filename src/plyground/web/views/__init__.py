"""How the page draws a game: a small per-game view description over the core contract.

The page is generic: it draws a grid of slots (square cells, chessboard
squares, points joined by lines, or sliding tiles), each holding a token
(a short text such as ``"X"`` or ``"128"``) or nothing, with labels along
the edges. A :class:`BoardView` tells it, for one game, the grid
(:meth:`BoardView.layout`), what is on each slot (:meth:`BoardView.tokens`),
the scores and status lines, marks worth showing (a winning line, men in a
mill, squares a queen attacks), and the legal moves as *click paths*
(:meth:`BoardView.legal`): a move of several parts, such as a Morris move
that takes a man, is entered by several clicks, and the page learns from
this list which clicks may follow which. Moves that are not made on a cell
(2048's directions) are buttons and keys. What a move changed is the game's
own account (``State.move_effects``) or else the token difference
(:func:`changed_cells`). A puzzle may offer tools (solve, count) that run in
a worker process (:meth:`BoardView.run_tool`).

Everything here reads the core contract and the games' own tables; no rule
is decided here. The vocabulary is :mod:`plyground.web.views.board`; each game's view
is a module of this package. A new game adds a view module and one line to ``_VIEWS``, a
:class:`~plyground.core.registry.Registry` like the games' and bots'.
"""

from __future__ import annotations

from plyground.core.registry import Registry
from plyground.web.views import board
from plyground.web.views.board import *  # noqa: F403 - the vocabulary is the package's API
from plyground.web.views.board import BoardView

__all__ = ["view_for", "viewable_games"]
__all__ += board.__all__

_VIEWS: Registry[type[BoardView]] = Registry(
    "view", unknown="game {name!r} cannot be played in the browser"
)
"""Every game the page can draw, by name; a game the page can show adds one line here."""
_VIEWS.add("adjacency", "plyground.web.views.adjacency:AdjacencyView")
_VIEWS.add("tictactoe", "plyground.web.views.tictactoe:TicTacToeView")
_VIEWS.add("morris", "plyground.web.views.morris:MorrisView")
_VIEWS.add("2048", "plyground.web.views.g2048:G2048View")
_VIEWS.add("queens", "plyground.web.views.queens:QueensView")


def viewable_games() -> list[str]:
    """The games the page can draw."""
    return _VIEWS.names()


def view_for(name: str) -> BoardView:
    """The view of game ``name``; UnknownNameError lists the games the page can show."""
    return _VIEWS.get(name)()
