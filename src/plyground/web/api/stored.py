"""Routes for the games of ``--db``: the list, and one opened for review."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from plyground.web.api.client import Client
from plyground.web.api.errors import ERRORS
from plyground.web.api.service import Service
from plyground.web.sessions.stored import open_stored, stored_games

__all__ = ["router"]

router = APIRouter(tags=["review"], responses=ERRORS)


@router.get("/api/stored", summary="the stored tournaments and their games (serve --db)")
async def stored(service: Service) -> dict[str, Any]:
    return stored_games(service)


@router.post(
    "/api/stored/{tournament}/{number}",
    status_code=201,
    summary="open stored game NUMBER (from 1) of TOURNAMENT as a game of this server, for review",
)
async def open_game(
    tournament: str, number: int, service: Service, client: Client
) -> dict[str, Any]:
    session, secrets_out = open_stored(service, tournament, number, client)
    return {"game": session.snapshot(), "secrets": secrets_out}
