"""Which games are analysed: those whose profile names an analyser.

A game's profile names its analyser (``analyser``,
:class:`~plyground.core.profile.GameProfile`): the class that values its
positions' moves and marks a game's blunders, for the CLI's ``analyse`` and
the page's analysis board. Only the adjacency game has one
(:mod:`plyground.arena.adjacency_analysis`); the others refuse analysis with
a message that names the games that have it.
"""

from __future__ import annotations

from plyground.games import game_names, game_profile

__all__ = ["analysed_games", "is_analysed"]


def is_analysed(game_name: str) -> bool:
    """Whether game ``game_name``'s profile names an analyser."""
    return game_profile(game_name).analyser is not None


def analysed_games() -> tuple[str, ...]:
    """The names of the games that have an analyser, for messages naming them."""
    return tuple(name for name in game_names() if is_analysed(name))
