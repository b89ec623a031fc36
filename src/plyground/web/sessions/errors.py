"""The one error a client can cause: an HTTP status and a message naming the problem."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from plyground.core.errors import PlygroundError, SettingsError

__all__ = ["ApiError", "in_field", "settings_field"]


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message naming the problem.

    Raised before anything is changed. ``retry_after`` (seconds) says when a
    refusal for want of room (429, 503) may succeed; it is sent as the
    ``Retry-After`` header too. ``field`` is where in the request body the
    problem is, as a dotted path (``players.1.name``, ``players.0.settings.time``,
    ``settings.rounds``, ``start``), so a form can show the message beside the
    input it is about; None when the problem is not one field's.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        retry_after: float | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.field = field


@contextmanager
def in_field(field: str) -> Iterator[None]:
    """Say that an ApiError raised inside, and naming no field of its own, is about ``field``."""
    try:
        yield
    except ApiError as error:
        if error.field is None:
            error.field = field
        raise


def settings_field(prefix: str, error: PlygroundError) -> str:
    """The field of settings refused with ``error``: ``<prefix>.<setting>`` when it names
    the setting at fault (:class:`SettingsError`'s ``setting``), else ``prefix``."""
    if isinstance(error, SettingsError) and error.setting:
        return f"{prefix}.{error.setting}"
    return prefix
