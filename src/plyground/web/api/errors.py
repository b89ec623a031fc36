"""How the API refuses a request: ``{"error": "<message naming the problem>"}`` and a 4xx status.

A refusal about one field of the body also says which: ``"field": "players.1.name"``
(a dotted path into the body), so a form shows the message beside that input.

:func:`add_error_handlers` turns the service's
:class:`~plyground.web.sessions.ApiError`, FastAPI's validation errors and
Starlette's HTTP errors into that one shape (with ``Retry-After`` when the
refusal is for want of room), and any unexpected error into a 500 in the
same shape (uvicorn logs its traceback); :data:`ERRORS` documents it in the
OpenAPI description of every route.
"""

from __future__ import annotations

import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from plyground.web.sessions import ApiError

__all__ = ["ERRORS", "ErrorBody", "add_error_handlers", "internal_error_message"]


class ErrorBody(BaseModel):
    """Every refused request's answer."""

    error: str
    field: str | None = None
    """Where in the body the problem is (``players.1.name``), when it is one field's."""


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in (
        (400, "the body is not JSON"),
        (403, "the token is not this seat's or this game's"),
        (404, "no such game (or it expired)"),
        (409, "not now: wrong turn, occupied cell, finished game"),
        (413, "the request body is larger than the server accepts"),
        (421, "the Host header names a host this server does not answer for"),
        (422, "malformed or out of range: names the field and the problem"),
        (429, "this client holds its share: games, analyses or event streams (Retry-After)"),
        (500, "an unexpected error of the server's (logged), never a valid request's due"),
        (503, "the server is full of games in play (Retry-After), or work did not finish"),
    )
}


def _describe_validation(error: RequestValidationError) -> tuple[int, str, str | None]:
    """The status, the sentence, and the field when only one is at fault."""
    problems = []
    fields = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            reason = item.get("ctx", {}).get("error", "")
            return 400, f"the request body is not valid JSON ({reason})".replace(" ()", ""), None
        if tuple(item.get("loc", ())) == ("body",) and item.get("type") != "missing":
            return (
                400,
                "the request body must be a JSON object (Content-Type: application/json)",
                None,
            )
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        message = item.get("msg", "invalid")
        if item.get("type") == "missing":
            message = "is missing"
        elif item.get("type") == "extra_forbidden":
            message = "is not a known field"
        problems.append(f"{where or 'body'} {message}".strip())
        fields.append(where or None)
    field = fields[0] if len(set(fields)) == 1 else None
    return 422, "; ".join(problems) or "invalid request", field


def _body(message: str, field: str | None) -> dict[str, str]:
    return {"error": message} if field is None else {"error": message, "field": field}


def internal_error_message(error: BaseException) -> str:
    """The sentence a client gets for an unexpected error of the server's."""
    return (
        f"the server failed on this request ({type(error).__name__}); the fault is the "
        "server's and is logged: please report it"
    )


def add_error_handlers(app: FastAPI) -> None:
    """Answer every refused request with ``{"error": ...}`` and its status."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        headers = {}
        if error.retry_after is not None:
            headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
        return JSONResponse(
            _body(error.message, error.field), status_code=error.status, headers=headers
        )

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"error": internal_error_message(error)}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        status, message, field = _describe_validation(error)
        return JSONResponse(_body(message, field), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        message = error.detail if isinstance(error.detail, str) else "request refused"
        if error.status_code == 404 and message == "Not Found":
            message = f"nothing at {request.url.path!r}"
        return JSONResponse({"error": message}, status_code=error.status_code)
