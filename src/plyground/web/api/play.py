"""Routes for playing: a human's move, a take-back, the legal clicks, a puzzle tool."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from plyground.web.api.bodies import MoveBody, TokenBody, ToolBody, UndoBody
from plyground.web.api.client import Client, unless_gone
from plyground.web.api.errors import ERRORS
from plyground.web.api.service import Service

__all__ = ["router"]

router = APIRouter(tags=["play"], responses=ERRORS)


@router.post("/api/games/{game_id}/moves", summary="play a human's move")
async def play_move(game_id: str, body: MoveBody, service: Service) -> dict[str, Any]:
    return service.move(game_id, body.token, body.move, body.ply).snapshot()


@router.post("/api/games/{game_id}/undo", summary="take back your last move against a bot")
async def undo(game_id: str, body: UndoBody, service: Service) -> dict[str, Any]:
    return service.undo(game_id, body.token, body.ply).snapshot()


@router.post("/api/games/{game_id}/resign", summary="resign a human's seat: the other side wins")
async def resign(game_id: str, body: TokenBody, service: Service) -> dict[str, Any]:
    return service.resign(game_id, body.token).snapshot()


@router.get(
    "/api/games/{game_id}/legal",
    summary="the legal moves with their click paths, or the continuations of a partial one",
)
async def legal(
    game_id: str,
    service: Service,
    clicks: Annotated[str, Query(max_length=100, description="cells clicked so far: d2,d3")] = "",
) -> dict[str, Any]:
    return service.legal(game_id, [c for c in clicks.split(",") if c])


@router.post(
    "/api/games/{game_id}/tools/{tool}",
    summary="run a tool: a hint (the best moves now, for the side to move), or a puzzle tool "
    "(N-Queens: solve, count), whose solution is played on the board",
)
async def run_tool(  # noqa: PLR0917 - FastAPI passes a route's parameters by name
    game_id: str, tool: str, body: ToolBody, service: Service, client: Client, request: Request
) -> dict[str, Any]:
    work = service.run_tool(game_id, body.token, tool, dict(body.options), client)
    session = await unless_gone(request, work)
    return session.snapshot()
