"""Why Ray would not start or connect, said so a user can act on it.

Ray (2.60, the version tested) turns token authentication on for a cluster
when its head finds a token (``~/.ray/auth_token``, which a local
``ray.init()`` writes), but a process that connects to an explicit address
does not turn it on for itself: it is refused with ``InvalidAuthToken``,
and ``ray.init`` reports only "Failed to connect to Ray cluster".
:func:`ray_start_error` looks through the chain of causes for that refusal
and names the fix (``RAY_AUTH_MODE=token`` and the cluster's token in every
process; see docs/tournaments.md).
"""

from __future__ import annotations

from plyground.core.errors import SettingsError

__all__ = ["AUTH_FIX", "is_auth_failure", "ray_start_error"]

AUTH_FIX = (
    "set RAY_AUTH_MODE=token and the cluster's token (copy the head's ~/.ray/auth_token "
    "to this machine, or set RAY_AUTH_TOKEN) for this command and for every 'ray start' "
    "(docs/tournaments.md, 'Ray clusters')"
)
"""What to do when a cluster refuses a connection for want of its token."""

_AUTH_MARKS = ("InvalidAuthToken", "Authentication token is missing or incorrect")


def is_auth_failure(error: BaseException) -> bool:
    """Whether ``error`` or any error it was raised from is Ray's token refusal."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if type(current).__name__ == "AuthenticationError" or any(
            mark in str(current) for mark in _AUTH_MARKS
        ):
            return True
        current = current.__cause__ or current.__context__
    return False


def ray_start_error(error: BaseException, address: str | None) -> SettingsError:
    """The one-line error for a failed ``ray.init``: the cause and, for a token
    refusal, the fix."""
    where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
    if is_auth_failure(error):
        return SettingsError(
            f"{where} refused the connection: the cluster uses token authentication and "
            f"this process did not send its token (Ray: InvalidAuthToken); {AUTH_FIX}"
        )
    first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return SettingsError(f"cannot start or reach {where}: {first_line}")
