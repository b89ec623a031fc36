"""Room for a new game: which games to forget, or a refusal that says when to retry.

A client keeps at most ``client_games`` games, the server at most
``max_games``. When either is full, games are forgotten to make room:
finished ones first (least recently touched first), then *stale* ones
(nobody touched them for ``stale`` seconds and nobody streams them: a human
game left for minutes, a bot game stopped for want of viewers). A game in
play is never forgotten for room: the request is refused instead (429 for a
client at its cap, 503 for a full server), saying when a game will be stale.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence

from plyground.web.config import WebSettings
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.session import GameSession

__all__ = ["make_room"]


def make_room(sessions: Iterable[GameSession], client: str, settings: WebSettings) -> list[str]:
    """The ids of the games to forget so that ``client`` may start one more game.

    Raises ApiError 429 (``client`` keeps ``client_games`` games in play) or
    503 (the server keeps ``max_games`` in play), with ``retry_after``.
    """
    now = time.monotonic()
    games = list(sessions)
    mine = [s for s in games if s.owner == client]
    forget = _spare_for(
        mine,
        settings.client_games,
        now,
        settings.stale,
        lambda wait: ApiError(
            429,
            f"you keep {len(mine)} games on this server, the most one client may, and none "
            f"is finished or left idle: end one, or retry in {wait} s",
            retry_after=wait,
        ),
    )
    remaining = [s for s in games if s.id not in forget]
    return forget + _spare_for(
        remaining,
        settings.max_games,
        now,
        settings.stale,
        lambda wait: ApiError(
            503,
            f"the server is full: it keeps at most {settings.max_games} games and all are "
            f"in play; retry in {wait} s",
            retry_after=wait,
        ),
    )


def _spare_for(
    games: Sequence[GameSession],
    cap: int,
    now: float,
    stale: float,
    refusal: Callable[[int], ApiError],
) -> list[str]:
    """The ids of the games to forget so that ``games`` holds one more within ``cap``;
    ``refusal(retry_after)`` is raised when too few are finished or stale."""
    if len(games) < cap:
        return []
    need = len(games) - cap + 1
    spare = _forgettable(games, now, stale)
    if len(spare) < need:
        raise refusal(_retry_after(games, now, stale))
    return [s.id for s in spare[:need]]


def _forgettable(games: Sequence[GameSession], now: float, stale: float) -> list[GameSession]:
    """Finished games, then stale ones, each least recently touched first."""
    finished = sorted((s for s in games if s.finished), key=lambda s: s.presence.touched)
    idle = sorted(
        (
            s
            for s in games
            if not s.finished and not s.presence.viewers and now - s.presence.touched >= stale
        ),
        key=lambda s: s.presence.touched,
    )
    return finished + idle


def _retry_after(games: Sequence[GameSession], now: float, stale: float) -> int:
    """Whole seconds until the first of ``games`` goes stale (if nobody touches it)."""
    unwatched = [s.presence.touched + stale - now for s in games if not s.presence.viewers]
    return max(1, math.ceil(min(unwatched, default=stale)))
