"""Routes for the server and its games: health, the catalog, starting a game, a game as it
stands and as a stream of events."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter
from fastapi.responses import StreamingResponse

from plyground.web.api.bodies import CreateGameBody
from plyground.web.api.client import Client
from plyground.web.api.errors import ERRORS
from plyground.web.api.service import Service
from plyground.web.sessions import GameService, GameSession, SeatRequest

__all__ = ["KEEP_ALIVE", "router"]

KEEP_ALIVE = 15.0
"""Seconds between keep-alive comments on an idle event stream."""

router = APIRouter()


@router.get("/api/health", summary="a cheap check: the server answers", tags=["server"])
async def health(service: Service) -> dict[str, Any]:
    return {
        "status": "ok",
        "games": len(service.sessions),
        "thinking": service.pool.busy,
        "working": service.pool.scheduler.working,
        "waiting": service.pool.scheduler.waiting(),
        "streams": service.streams.open,
    }


@router.get("/api/catalog", summary="games, bots, their settings and limits", tags=["games"])
async def catalog(service: Service) -> dict[str, Any]:
    return service.catalog()


@router.post(
    "/api/games", status_code=201, summary="start a game", tags=["games"], responses=ERRORS
)
async def create_game(body: CreateGameBody, service: Service, client: Client) -> dict[str, Any]:
    seats = [
        SeatRequest(seat.name, seat.kind, seat.bot, dict(seat.settings)) for seat in body.players
    ]
    session, secrets_out = service.create(
        body.game,
        dict(body.settings),
        seats,
        start=body.start,
        delay=body.delay,
        paused=body.paused,
        seed=body.seed,
        mode=body.mode,
        client=client,
    )
    return {"game": session.snapshot(), "secrets": secrets_out}


@router.get("/api/games/{game_id}", summary="a game as it stands", tags=["games"], responses=ERRORS)
async def get_game(game_id: str, service: Service) -> dict[str, Any]:
    return service.get(game_id).snapshot()


@router.get(
    "/api/games/{game_id}/events",
    summary="the game as server-sent events: one 'game' event per change",
    tags=["games"],
    responses=ERRORS,
)
async def game_events(game_id: str, service: Service, client: Client) -> StreamingResponse:
    session = service.get(game_id)
    service.streams.take(client)  # 429 past the caps; given back as the stream ends
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(
        _events(service, session, client), media_type="text/event-stream", headers=headers
    )


async def _events(service: GameService, session: GameSession, client: str) -> AsyncIterator[str]:
    """One 'game' event per version until the game ends (or 'gone' once it expired); the
    stream ends quietly when the server shuts down. Each version is serialised once for
    all its streams."""
    version = -1
    try:
        with service.watching(session):
            while not service.stopping:
                if service.sessions.get(session.id) is not session:
                    yield 'event: gone\ndata: {"error": "the game expired"}\n\n'
                    return
                if session.version != version:
                    version = session.version
                    yield session.event()
                    if session.finished:
                        return
                elif not await session.wait_change(version, KEEP_ALIVE):
                    yield ": keep-alive\n\n"
    finally:
        service.streams.give_back(client)
