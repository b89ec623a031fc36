"""The one error a client can cause: an HTTP status and a message naming the problem."""

from __future__ import annotations

__all__ = ["ApiError"]


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message naming the problem.

    Raised before anything is changed.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
