"""How the API refuses a request: ``{"error": "<message naming the problem>"}`` and a 4xx status.

:func:`add_error_handlers` turns the service's
:class:`~plyground.web.sessions.ApiError`, FastAPI's validation errors and
Starlette's HTTP errors into that one shape; :data:`ERRORS` documents it in
the OpenAPI description of every route.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from plyground.web.sessions import ApiError

__all__ = ["ERRORS", "ErrorBody", "add_error_handlers"]


class ErrorBody(BaseModel):
    """Every refused request's answer."""

    error: str


ERRORS: dict[int | str, dict[str, Any]] = {
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


def add_error_handlers(app: FastAPI) -> None:
    """Answer every refused request with ``{"error": ...}`` and its status."""

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
