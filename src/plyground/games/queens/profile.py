"""What the layers above look up for N-Queens (:mod:`plyground.core.profile`): a puzzle
the page solves and counts with its own tools, with no evaluation, bot or hint."""

from __future__ import annotations

from plyground.core.profile import GameProfile

__all__ = ["PROFILE"]

PROFILE = GameProfile(
    warm_ups={
        "queens counting": "plyground.games.queens.counting:warm_up",
        "queens min-conflicts": "plyground.games.queens.local_search:warm_up",
    },
    view="plyground.web.views.queens:QueensView",
)
