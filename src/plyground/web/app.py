"""The FastAPI app: a JSON API (with its OpenAPI description) and the static page.

:func:`create_app` builds an app from a :class:`~plyground.web.config.WebSettings`.
Every refused request answers ``{"error": "<message naming the problem>"}``
with a 4xx status (see docs/web.md for the list); nothing changes in the
game. The page (``static/``) is plain HTML, CSS and JavaScript: no build step.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException

from plyground import __version__
from plyground.web.config import WebSettings
from plyground.web.pool import BotPool
from plyground.web.sessions import ApiError, GameService, SeatRequest

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The page's files."""
KEEP_ALIVE = 15.0
"""Seconds between keep-alive comments on an idle event stream."""

Scalar = StrictBool | StrictInt | StrictFloat | Annotated[str, Field(max_length=100)]
Token = Annotated[str, Field(max_length=200, description="a secret returned when the game began")]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatBody(_Body):
    """One side: its name, and a human or a bot (with the bot's settings)."""

    name: Annotated[str, Field(max_length=200)]
    kind: Literal["human", "bot"]
    bot: Annotated[str | None, Field(max_length=64)] = None
    settings: Annotated[dict[str, Scalar], Field(max_length=16)] = {}


class CreateGameBody(_Body):
    """A new game: which game with which settings, who plays each side, where it starts."""

    game: Annotated[str, Field(max_length=64)] = "adjacency"
    settings: Annotated[dict[str, Scalar], Field(max_length=16)] = {}
    players: Annotated[list[SeatBody], Field(min_length=1, max_length=8)]
    start: Annotated[str | None, Field(max_length=500)] = None
    delay: float = Field(0.5, description="seconds between moves when bots play each other")
    paused: bool = False
    seed: StrictInt | None = Field(
        None, description="games with chance (2048): the seed of the tiles (default: random)"
    )


class MoveBody(_Body):
    """A human's move: the seat's secret and the move (for board games, a cell)."""

    token: Token
    move: Annotated[str, Field(max_length=32)]
    ply: int | None = Field(None, description="the number of moves played before this one")


class TokenBody(_Body):
    """A request that needs only a secret."""

    token: Token


class UndoBody(_Body):
    """Take back moves: your last one (and a bot's reply), or in a puzzle all from ``ply`` on."""

    token: Token
    ply: StrictInt | None = Field(None, description="puzzles: take back every move from this one")


class ToolBody(_Body):
    """Run a puzzle tool (for N-Queens: solve, count) with its options."""

    token: Token
    options: Annotated[dict[str, Scalar], Field(max_length=8)] = {}


class ControlBody(_Body):
    """Pause or resume bot play, or change the pause between bot moves."""

    token: Token
    paused: bool | None = None
    delay: float | None = None


class ErrorBody(BaseModel):
    """Every refused request's answer."""

    error: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in (
        (400, "the body is not JSON"),
        (403, "the token is not this seat's or this game's"),
        (404, "no such game (or it expired)"),
        (409, "not now: wrong turn, occupied cell, finished game"),
        (422, "malformed or out of range: names the field and the problem"),
        (503, "too many games in progress"),
    )
}


def _describe_validation(error: RequestValidationError) -> tuple[int, str]:
    problems = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            reason = item.get("ctx", {}).get("error", "")
            return 400, f"the request body is not valid JSON ({reason})".replace(" ()", "")
        if tuple(item.get("loc", ())) == ("body",) and item.get("type") != "missing":
            return 400, "the request body must be a JSON object (Content-Type: application/json)"
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        message = item.get("msg", "invalid")
        if item.get("type") == "missing":
            message = "is missing"
        elif item.get("type") == "extra_forbidden":
            message = "is not a known field"
        problems.append(f"{where or 'body'} {message}".strip())
    return 422, "; ".join(problems) or "invalid request"


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The web app: the JSON API under ``/api``, the page at ``/``."""
    config = settings or WebSettings()
    holder: dict[str, GameService] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = BotPool(config.workers)
        service = GameService(config, pool)
        holder["service"] = service
        warm = asyncio.create_task(pool.warm_up())
        sweeper = asyncio.create_task(_sweep_forever(service, min(60.0, config.expiry / 2)))
        try:
            yield
        finally:
            sweeper.cancel()
            warm.cancel()
            await service.close()
            pool.close()

    app = FastAPI(
        title="plyground",
        version=__version__,
        description="Play the Adjacency Strategy Game, tic-tac-toe, Nine Men's Morris, 2048 "
        "and N-Queens against plyground's bots (or solvers), or watch bots play. Secrets: each "
        "human seat gets a token when the game begins; only that token can move for that seat.",
        lifespan=lifespan,
    )

    def service() -> GameService:
        return holder["service"]

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        status, message = _describe_validation(error)
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        message = error.detail if isinstance(error.detail, str) else "request refused"
        if error.status_code == 404 and message == "Not Found":
            message = f"nothing at {request.url.path!r}"
        return JSONResponse({"error": message}, status_code=error.status_code)

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        if not request.url.path.startswith(("/docs", "/redoc")):  # those load a CDN's files
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"
            )
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/api/health", summary="a cheap check: the server answers", tags=["server"])
    async def health() -> dict[str, Any]:
        svc = service()
        return {"status": "ok", "games": len(svc.sessions), "thinking": svc.pool.busy}

    @app.get("/api/catalog", summary="games, bots, their settings and limits", tags=["games"])
    async def catalog() -> dict[str, Any]:
        return service().catalog()

    @app.post(
        "/api/games", status_code=201, summary="start a game", tags=["games"], responses=_ERRORS
    )
    async def create_game(body: CreateGameBody) -> dict[str, Any]:
        seats = [
            SeatRequest(seat.name, seat.kind, seat.bot, dict(seat.settings))
            for seat in body.players
        ]
        session, secrets_out = service().create(
            body.game,
            dict(body.settings),
            seats,
            start=body.start,
            delay=body.delay,
            paused=body.paused,
            seed=body.seed,
        )
        return {"game": session.snapshot(), "secrets": secrets_out}

    @app.get("/api/games/{game_id}", summary="a game as it stands", tags=["games"],
             responses=_ERRORS)  # fmt: skip
    async def get_game(game_id: str) -> dict[str, Any]:
        return service().get(game_id).snapshot()

    @app.get(
        "/api/games/{game_id}/events",
        summary="the game as server-sent events: one 'game' event per change",
        tags=["games"],
        responses=_ERRORS,
    )
    async def game_events(game_id: str) -> StreamingResponse:
        svc = service()
        session = svc.get(game_id)

        async def stream() -> AsyncIterator[str]:
            version = -1
            while True:
                if svc.sessions.get(game_id) is not session:
                    yield 'event: gone\ndata: {"error": "the game expired"}\n\n'
                    return
                if session.version != version:
                    version = session.version
                    yield f"event: game\ndata: {json.dumps(session.snapshot())}\n\n"
                    if session.finished:
                        return
                elif not await session.wait_change(version, KEEP_ALIVE):
                    yield ": keep-alive\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @app.post("/api/games/{game_id}/moves", summary="play a human's move", tags=["play"],
              responses=_ERRORS)  # fmt: skip
    async def play_move(game_id: str, body: MoveBody) -> dict[str, Any]:
        return service().move(game_id, body.token, body.move, body.ply).snapshot()

    @app.post(
        "/api/games/{game_id}/undo",
        summary="take back your last move against a bot",
        tags=["play"],
        responses=_ERRORS,
    )
    async def undo(game_id: str, body: UndoBody) -> dict[str, Any]:
        return service().undo(game_id, body.token, body.ply).snapshot()

    @app.get(
        "/api/games/{game_id}/legal",
        summary="the legal moves with their click paths, or the continuations of a partial one",
        tags=["play"],
        responses=_ERRORS,
    )
    async def legal(
        game_id: str,
        clicks: Annotated[
            str, Query(max_length=100, description="cells clicked so far: d2,d3")
        ] = "",
    ) -> dict[str, Any]:
        return service().legal(game_id, [c for c in clicks.split(",") if c])

    @app.post(
        "/api/games/{game_id}/tools/{tool}",
        summary="run a puzzle tool (N-Queens: solve, count); a solution is played on the board",
        tags=["play"],
        responses=_ERRORS,
    )
    async def run_tool(game_id: str, tool: str, body: ToolBody) -> dict[str, Any]:
        session = await service().run_tool(game_id, body.token, tool, dict(body.options))
        return session.snapshot()

    @app.post(
        "/api/games/{game_id}/control",
        summary="pause or resume the bots; set the pause between their moves",
        tags=["watch"],
        responses=_ERRORS,
    )
    async def control(game_id: str, body: ControlBody) -> dict[str, Any]:
        return service().control(game_id, body.token, body.paused, body.delay).snapshot()

    @app.post("/api/games/{game_id}/step", summary="let a paused bot play one move",
              tags=["watch"], responses=_ERRORS)  # fmt: skip
    async def step(game_id: str, body: TokenBody) -> dict[str, Any]:
        return service().step(game_id, body.token).snapshot()

    @app.get("/api/games/{game_id}/history", summary="every position so far, for review",
             tags=["review"], responses=_ERRORS)  # fmt: skip
    async def history(game_id: str) -> list[dict[str, Any]]:
        return service().get(game_id).history()

    @app.get("/api/games/{game_id}/record", summary="the game record (JSON)",
             tags=["review"], responses=_ERRORS)  # fmt: skip
    async def record(game_id: str) -> dict[str, Any]:
        return service().get(game_id).record().to_dict()

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _sweep_forever(service: GameService, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        service.sweep()
