"""Who is asking: a request's client is its remote address.

Behind a reverse proxy every request comes from the proxy; uvicorn takes
the address the proxy forwards (``X-Forwarded-For``) only from a proxy it
trusts (``FORWARDED_ALLOW_IPS``, by default 127.0.0.1: a proxy on this
machine). Otherwise the whole class behind the proxy is one client.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Annotated, TypeVar

from fastapi import Depends, Request

from plyground.web.sessions import ApiError

__all__ = ["CLIENT_GONE", "Client", "client_of", "unless_gone"]

T = TypeVar("T")

CLIENT_GONE = 499
"""The status of an answer nobody reads: the client closed its connection first."""


def client_of(request: Request) -> str:
    """The remote address of the request's client."""
    return request.client.host if request.client is not None else "unknown"


Client = Annotated[str, Depends(client_of)]
"""A route parameter that receives the request's client."""


async def unless_gone(request: Request, work: Awaitable[T]) -> T:
    """Await ``work`` unless the client closes its connection first: then the work is
    cancelled (an analysis nobody else awaits stops, freeing its worker)."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    if task.cancelled():
        raise ApiError(CLIENT_GONE, "the client closed the connection before the answer")
    return task.result()


async def _disconnected(request: Request) -> None:
    """Return once the client has closed the connection (the request's body is read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
