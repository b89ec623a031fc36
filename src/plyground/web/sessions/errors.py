"""The one error a client can cause: an HTTP status and a message naming the problem."""

from __future__ import annotations

__all__ = ["ApiError"]


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message naming the problem.

    Raised before anything is changed. ``retry_after`` (seconds) says when a
    refusal for want of room (429, 503) may succeed; it is sent as the
    ``Retry-After`` header too.
    """

    def __init__(self, status: int, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
