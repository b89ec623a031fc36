"""The game service a route acts on: the one the app's lifespan made (``app.state.service``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from plyground.web.sessions import GameService

__all__ = ["Service", "game_service"]


def game_service(request: Request) -> GameService:
    """The app's :class:`~plyground.web.sessions.GameService`."""
    service: GameService = request.app.state.service
    return service


Service = Annotated[GameService, Depends(game_service)]
"""A route parameter that receives the game service."""
