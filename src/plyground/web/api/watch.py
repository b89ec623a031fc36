"""Routes for watching bots and reviewing games: pause, speed, one step; the history, the record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from plyground.web.api.bodies import ControlBody, TokenBody
from plyground.web.api.errors import ERRORS
from plyground.web.api.service import Service

__all__ = ["review_router", "watch_router"]

watch_router = APIRouter(tags=["watch"], responses=ERRORS)
review_router = APIRouter(tags=["review"], responses=ERRORS)


@watch_router.post(
    "/api/games/{game_id}/control",
    summary="pause or resume the bots; set the pause between their moves",
)
async def control(game_id: str, body: ControlBody, service: Service) -> dict[str, Any]:
    return service.control(game_id, body.token, body.paused, body.delay).snapshot()


@watch_router.post(
    "/api/games/{game_id}/end",
    summary="end the game before its finish (the control token): its bots stop, nobody wins",
)
async def end(game_id: str, body: TokenBody, service: Service) -> dict[str, Any]:
    return service.end(game_id, body.token).snapshot()


@watch_router.post("/api/games/{game_id}/step", summary="let a paused bot play one move")
async def step(game_id: str, body: TokenBody, service: Service) -> dict[str, Any]:
    return service.step(game_id, body.token).snapshot()


@review_router.get("/api/games/{game_id}/history", summary="every position so far, for review")
async def history(game_id: str, service: Service) -> list[dict[str, Any]]:
    return service.get(game_id).history()


@review_router.get("/api/games/{game_id}/record", summary="the game record (JSON)")
async def record(game_id: str, service: Service) -> dict[str, Any]:
    return service.get(game_id).record().to_dict()
