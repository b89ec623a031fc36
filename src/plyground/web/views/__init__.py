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
is decided here. The vocabulary is :mod:`plyground.web.views.board`; each
built-in game's view is a module of this package, named by the game's profile
(``view``, :class:`~plyground.core.profile.GameProfile`); a game whose profile
names none (an installed package's game may name its own) is drawn by
:class:`~plyground.web.views.generic.GenericView`. So the page can show every
game there is.
"""

from __future__ import annotations

import warnings

from plyground.core.errors import PluginError, UnknownNameError
from plyground.core.registry import load_target
from plyground.games import GAMES, game_class, game_names
from plyground.web.views import board
from plyground.web.views.board import *  # noqa: F403 - the vocabulary is the package's API
from plyground.web.views.board import BoardView
from plyground.web.views.generic import GenericView

__all__ = ["view_for", "viewable_games"]
__all__ += board.__all__


def viewable_games() -> list[str]:
    """The games the page can draw: every game whose class and view load (an installed
    package's game that fails to is left out, with a warning naming it)."""
    found = []
    for name in game_names():
        try:
            view_for(name)
        except PluginError as error:
            warnings.warn(str(error), stacklevel=2)
            continue
        found.append(name)
    return found


def view_for(name: str) -> BoardView:
    """The view of game ``name``: its profile's, or the generic one; UnknownNameError lists
    the games the page can show."""
    if name not in GAMES:
        known = ", ".join(game_names())
        raise UnknownNameError(f"game {name!r} cannot be played in the browser (known: {known})")
    target = game_class(name).PROFILE.view
    if target is None:
        return GenericView()
    try:
        view: type[BoardView] = load_target(target)
    except (ImportError, AttributeError) as error:  # an installed package's view target
        raise PluginError(
            f"the view of game {name!r} failed to load ({target}): {type(error).__name__}: {error}"
        ) from error
    return view()
