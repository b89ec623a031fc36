"""The FastAPI app: a JSON API (with its OpenAPI description) and the static page.

:func:`create_app` builds an app from a :class:`~plyground.web.config.WebSettings`.
Every refused request answers ``{"error": "<message naming the problem>"}``
with a 4xx status (see docs/web.md for the list); nothing changes in the
game. Before a request reaches a route, its Host header is checked
(:mod:`.hosts`) and its body capped (:mod:`.body_limit`). The routes are in
:mod:`plyground.web.api`. The page (``static/``) is plain HTML, CSS and
JavaScript modules: no build step.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from plyground import __version__
from plyground.web.api import ROUTERS, add_error_handlers
from plyground.web.api_docs import DOCS_CONTENT_SECURITY_POLICY, DOCS_PATH, add_api_docs
from plyground.web.body_limit import BodyLimit
from plyground.web.config import WebSettings
from plyground.web.hosts import HostCheck, HostPolicy
from plyground.web.pool import BotPool
from plyground.web.sessions import GameService

__all__ = ["STATIC", "SecurityHeaders", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The page's files."""
DESCRIPTION = (
    "Play the Adjacency Strategy Game, tic-tac-toe, Nine Men's Morris, 2048 "
    "and N-Queens against plyground's bots (or solvers), or watch bots play. Secrets: each "
    "human seat gets a token when the game begins; only that token can move for that seat."
)
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"
)


def create_app(settings: WebSettings | None = None, hosts: HostPolicy | None = None) -> FastAPI:
    """The web app: the JSON API under ``/api``, the page at ``/``; it answers only for
    ``hosts`` (default: the loopback names)."""
    config = settings or WebSettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = BotPool(config.workers, config.client_workers)
        service = GameService(config, pool)
        service.bind_loop()
        app.state.service = service
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
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served from the package's files by add_api_docs, never a CDN
        redoc_url=None,
    )
    add_api_docs(app)
    add_error_handlers(app)
    app.add_middleware(BodyLimit, limit=config.max_body)
    app.add_middleware(HostCheck, policy=hosts or HostPolicy())
    app.add_middleware(SecurityHeaders)  # the last added is the outermost: every answer
    for router in ROUTERS:
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


class SecurityHeaders:
    """ASGI middleware: no sniffing, no referrer, no framing; the page loads only its own
    files; no API caching (on every answer, streams included, nothing buffered)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Frame-Options"] = "DENY"
                headers["Content-Security-Policy"] = (
                    DOCS_CONTENT_SECURITY_POLICY if path == DOCS_PATH else CONTENT_SECURITY_POLICY
                )
                if path.startswith("/api/"):
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _sweep_forever(service: GameService, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        service.sweep()
