"""Routes for analysis: a position's move values (a heat map) and a game's moves annotated."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from plyground.web.api.client import Client, unless_gone
from plyground.web.api.errors import ERRORS
from plyground.web.api.service import Service

__all__ = ["router"]

router = APIRouter(tags=["analysis"], responses=ERRORS)


@router.get(
    "/api/games/{game_id}/values",
    summary="every move's value in a position of the game (exact where a solve fits), "
    "with a heat map of the board",
)
async def position_values(
    game_id: str,
    service: Service,
    client: Client,
    request: Request,
    ply: Annotated[
        int | None, Query(ge=0, description="the position after this many moves (default: now)")
    ] = None,
) -> dict[str, Any]:
    return await unless_gone(request, service.position_values(game_id, ply, client))


@router.get(
    "/api/games/{game_id}/analysis",
    summary="every move of the game valued: marks lost, blunders, the worst moves, accuracy",
)
async def analyse_game(
    game_id: str, service: Service, client: Client, request: Request
) -> dict[str, Any]:
    return await unless_gone(request, service.analyse_game(game_id, client))
