"""The game service: every game on this server, and the requests that act on them.

:class:`GameService` keeps the sessions (finding, expiring, making room),
hands each request to the module that checks it (creation, acting, tools)
and afterwards lets the :class:`~plyground.web.sessions.driver.BotDriver`
play any bot that is to move. Finished games go to the
:class:`~plyground.web.sessions.storage.GameArchive` when ``--db`` is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from plyground.web.config import WebSettings
from plyground.web.pool import BotPool
from plyground.web.sessions import acting, analysis, tools
from plyground.web.sessions.catalog import build_catalog
from plyground.web.sessions.creation import new_session
from plyground.web.sessions.driver import BotDriver
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.seats import SeatRequest
from plyground.web.sessions.session import GameSession
from plyground.web.sessions.storage import GameArchive

__all__ = ["GameService"]


class GameService:
    """Every game on this server, and the requests that act on them."""

    def __init__(self, settings: WebSettings, pool: BotPool) -> None:
        self.settings = settings
        self.pool = pool
        self.sessions: dict[str, GameSession] = {}
        self._catalog: dict[str, Any] | None = None
        self._random = secrets.SystemRandom()
        self.driver = BotDriver(pool, settings.think_cap, settings.grace, self._random)
        self.archive = GameArchive(settings.db) if settings.db else None
        self.stopping = False
        """The server is shutting down: event streams end."""
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def stored(self) -> int:
        """Games written to the database so far."""
        return 0 if self.archive is None else self.archive.stored

    def catalog(self) -> dict[str, Any]:
        """The games the page can show, the bots (with their web settings), the limits."""
        if self._catalog is None:
            self._catalog = build_catalog(self.settings)
        return self._catalog

    # -- finding games ------------------------------------------------------
    def get(self, game_id: str) -> GameSession:
        session = self.sessions.get(game_id)
        if session is None:
            raise ApiError(404, f"no game with id {game_id!r} (it may have expired)")
        session.touched = time.monotonic()
        return session

    def sweep(self) -> int:
        """Forget games idle for longer than the expiry age; returns how many went."""
        limit = time.monotonic() - self.settings.expiry
        expired = [gid for gid, s in self.sessions.items() if s.touched < limit]
        for game_id in expired:
            self._forget(game_id)
        return len(expired)

    def _forget(self, game_id: str) -> None:
        session = self.sessions.pop(game_id)
        if session.driver is not None:
            session.driver.cancel()
        session.bump()  # clients streaming it notice it is gone

    def _make_room(self) -> None:
        self.sweep()
        if len(self.sessions) < self.settings.max_games:
            return
        finished = sorted(
            (s for s in self.sessions.values() if s.finished), key=lambda s: s.touched
        )
        for session in finished[: len(self.sessions) - self.settings.max_games + 1]:
            self._forget(session.id)
        if len(self.sessions) >= self.settings.max_games:
            raise ApiError(
                503,
                f"the server is busy: it keeps at most {self.settings.max_games} games and "
                "all are in progress; try again later",
            )

    # -- the requests -------------------------------------------------------
    def create(
        self,
        game_name: str,
        game_settings: Mapping[str, object],
        seats: Sequence[SeatRequest],
        *,
        start: str | None = None,
        delay: float = 0.5,
        paused: bool = False,
        seed: int | None = None,
        mode: str = "play",
    ) -> tuple[GameSession, dict[str, Any]]:
        """Start a game; returns it and its secrets (human seats' tokens, the control token).

        ``seed`` fixes the chance outcomes of a game with chance (default: a random seed).
        """
        session = new_session(
            self.settings,
            game_name,
            game_settings,
            seats,
            start=start,
            delay=delay,
            paused=paused,
            seed=seed,
            rng=self._random,
            mode=mode,
        )
        self._make_room()
        if self.archive is not None:
            session.on_finish = self.archive.store
        self.sessions[session.id] = session
        secrets_out = {
            "seats": {str(i): seat.token for i, seat in enumerate(session.seats) if seat.token},
            "control": session.control_token,
        }
        self.driver.drive_soon(session)
        return session, secrets_out

    def legal(self, game_id: str, clicks: Sequence[str] = ()) -> dict[str, Any]:
        """The legal moves (text and click path), or those whose path starts with ``clicks``,
        and the cells that may be clicked next."""
        return acting.legal_clicks(self.get(game_id), clicks)

    def move(self, game_id: str, token: str, move_text: str, ply: int | None = None) -> GameSession:
        """Play a human's move; raises ApiError (and changes nothing) if it is refused."""
        session = self.get(game_id)
        acting.play_human_move(session, token, move_text, ply)
        self._act(session)
        return session

    def undo(self, game_id: str, token: str, ply: int | None = None) -> GameSession:
        """Take back a human's last move against a bot, or puzzle moves (:func:`acting.undo`)."""
        session = self.get(game_id)
        acting.undo(session, token, ply)
        return session

    async def run_tool(
        self, game_id: str, token: str, name: str, options: Mapping[str, object]
    ) -> GameSession:
        """Run a puzzle tool (solve, count) in a worker; a solution found is played on the
        board, and the result joins the game's ``tool_results``."""
        session = self.get(game_id)
        seconds = self.settings.think_cap
        await tools.run_tool(
            session,
            self.pool,
            seconds=seconds,
            grace=self.settings.grace,
            token=token,
            name=name,
            options=options,
        )
        return session

    async def position_values(self, game_id: str, ply: int | None) -> dict[str, Any]:
        """Every move's value in a position of the game, and its heat map (in a worker)."""
        session = self.get(game_id)
        settings = self.settings
        return await analysis.position_values(
            session, self.pool, ply, seconds=settings.analysis_time, grace=settings.grace
        )

    async def analyse_game(self, game_id: str) -> dict[str, Any]:
        """The game's moves valued: losses, blunders, accuracy (in a worker)."""
        session = self.get(game_id)
        settings = self.settings
        return await analysis.analyse_game(
            session,
            self.pool,
            seconds=settings.analysis_time,
            blunder=settings.blunder,
            grace=settings.grace,
        )

    def control(
        self, game_id: str, token: str, paused: bool | None, delay: float | None
    ) -> GameSession:
        """Pause or resume the bots, or change the pause between their moves."""
        session = self.get(game_id)
        acting.control(session, token, paused, delay, self.settings.max_delay)
        self._act(session)
        return session

    def end(self, game_id: str, token: str) -> GameSession:
        """End a game before its finish (the control secret's End Game)."""
        session = self.get(game_id)
        acting.end_game(session, token)
        return session

    def resign(self, game_id: str, token: str) -> GameSession:
        """A human seat resigns; the other side wins."""
        session = self.get(game_id)
        acting.resign(session, token)
        return session

    def _act(self, session: GameSession) -> None:
        """Someone acts in the game: bots stopped for want of viewers play again."""
        if session.idle:
            session.idle = False
            session.bump()
        self.driver.drive_soon(session)

    # -- who is watching ------------------------------------------------------
    @contextlib.contextmanager
    def watching(self, session: GameSession) -> Iterator[None]:
        """A client streams the game's events while inside; when the last one leaves, the
        game's bots play on for ``settings.unwatched`` seconds, then stop until one is back."""
        session.viewers += 1
        session.unwatched_since = None
        if session.idle:
            self._act(session)
        try:
            yield
        finally:
            session.viewers -= 1
            if session.viewers == 0 and not session.finished and not self.stopping:
                session.unwatched_since = time.monotonic()
                loop = asyncio.get_running_loop()
                loop.call_later(self.settings.unwatched, self._stop_if_unwatched, session)

    def _stop_if_unwatched(self, session: GameSession) -> None:
        since = session.unwatched_since
        if session.viewers or since is None or session.finished:
            return
        if time.monotonic() - since < self.settings.unwatched * 0.99:
            return  # a viewer came and went meanwhile: that departure's timer decides
        acting.stop_bots(session)
        session.idle = True
        session.bump()

    # -- shutting down --------------------------------------------------------
    def bind_loop(self) -> None:
        """Remember the event loop, so :meth:`request_stop` may be called from elsewhere."""
        self._loop = asyncio.get_running_loop()

    def request_stop(self) -> None:
        """End every event stream now (thread- and signal-safe): a shutdown must not wait
        for, nor cut with a traceback, the streams of tabs left open."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._end_streams)

    def _end_streams(self) -> None:
        self.stopping = True
        for session in self.sessions.values():
            session.wake_watchers()

    def step(self, game_id: str, token: str) -> GameSession:
        """Let a paused bot make one move."""
        session = self.get(game_id)
        acting.request_step(session, token)
        self._act(session)
        return session

    async def close(self) -> None:
        """Stop every bot driver, and finish writing to the database (on shutdown)."""
        drivers = [s.driver for s in self.sessions.values() if s.driver and not s.driver.done()]
        for driver in drivers:
            driver.cancel()
        for driver in drivers:
            with contextlib.suppress(asyncio.CancelledError):
                await driver
        if self.archive is not None:
            await self.archive.close()
