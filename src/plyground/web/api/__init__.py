"""The JSON API under ``/api``, one router per concern.

:mod:`.games` (health, catalog, start a game, a game and its event
stream), :mod:`.play` (moves, take-backs, legal clicks, puzzle tools),
:mod:`.watch` (pausing and stepping bots; the history and the record),
:mod:`.analysis` (a position's move values, a game's moves annotated),
:mod:`.stored` (the games of ``--db``, listed and opened for review).
Request bodies are in :mod:`.bodies`; every refusal is shaped by
:mod:`.errors`. Routes reach the game service through :mod:`.service`.
"""

from fastapi import APIRouter

from plyground.web.api import analysis, games, play, stored, watch
from plyground.web.api.errors import add_error_handlers

__all__ = ["ROUTERS", "add_error_handlers"]

ROUTERS: tuple[APIRouter, ...] = (
    games.router,
    play.router,
    watch.watch_router,
    watch.review_router,
    analysis.router,
    stored.router,
)
"""Every router, in the order the API lists its routes."""
