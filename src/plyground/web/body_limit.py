"""Request bodies are capped: one over ``max_body`` bytes is refused with 413, unread.

A declared ``Content-Length`` over the cap is refused before a byte of the
body is read; a body without one (chunked) is counted as it arrives and
refused as soon as it passes the cap. Either way the server never holds more
than the cap of one request's body. The largest legitimate body (a game of
eight seats, each with every bot setting at its longest) is about 12 KB.
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimit"]


class BodyLimit:
    """ASGI middleware: 413 and a sentence for a request body over ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                await _refuse(400, "the Content-Length header is not a number")(
                    scope, receive, send
                )
                return
            if int(declared) > self.limit:
                await self._too_large(scope, receive, send)
                return
        received = 0
        refused = False
        started = False

        async def counted_receive() -> Message:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                received += len(message.get("body", b""))
                if received > self.limit:
                    refused = True
                    if not started:
                        await self._too_large(scope, receive, send)
                    return {"type": "http.disconnect"}  # the app stops reading
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 was the answer
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except Exception:
            if not refused:
                raise  # the app's own error; a refused body's aftermath is not one

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = (
            f"the request body is larger than this server accepts ({self.limit} bytes): "
            "every request of this API fits in far less"
        )
        await _refuse(413, message)(scope, receive, send)


def _refuse(status: int, message: str) -> JSONResponse:
    """A refusal that also closes the connection (the rest of the body is not read)."""
    return JSONResponse({"error": message}, status_code=status, headers={"Connection": "close"})
