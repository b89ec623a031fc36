"""The game service: every game on this server, and the requests that act on them.

:class:`GameService` keeps the sessions (finding, expiring, making room),
hands each request to the module that checks it (creation, acting, tools)
and afterwards lets the :class:`~plyground.web.sessions.driver.BotDriver`
play any bot that is to move. Finished games go to the
:class:`~plyground.web.sessions.storage.GameArchive` when ``--db`` is set.

A *client* is the remote address a request comes from (a string); the
service keeps what each client holds within its settings: games
(:mod:`.rooms`), pool work waiting or running, event streams
(:mod:`.streams`). A refusal for want of room says when to retry.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from typing import Any

from plyground.web.config import WebSettings
from plyground.web.pool import BotPool
from plyground.web.sessions import acting, analysis, tools
from plyground.web.sessions.catalog import build_catalog
from plyground.web.sessions.creation import new_session
from plyground.web.sessions.driver import BotDriver
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.rooms import make_room
from plyground.web.sessions.seats import SeatRequest
from plyground.web.sessions.session import GameSession
from plyground.web.sessions.sharing import SharedWork
from plyground.web.sessions.storage import GameArchive
from plyground.web.sessions.streams import StreamSlots

__all__ = ["GameService"]


class GameService:
    """Every game on this server, and the requests that act on them."""

    def __init__(self, settings: WebSettings, pool: BotPool) -> None:
        self.settings = settings
        self.pool = pool
        self.sessions: dict[str, GameSession] = {}
        self._catalog: dict[str, Any] | None = None
        self._random = secrets.SystemRandom()
        self.driver = BotDriver(pool, settings.grace, self._random)
        self.archive = GameArchive(settings.db) if settings.db else None
        self.stopping = False
        """The server is shutting down: event streams end."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self.shared = SharedWork()
        """Analyses and values under way, shared by the requests that await them."""
        self.streams = StreamSlots(settings.client_streams, settings.max_streams)
        """The event streams open, by client."""
        self._jobs: Counter[str] = Counter()
        """Analyses, values and tool runs each client awaits now."""

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
        session.presence.touch()
        return session

    def sweep(self) -> int:
        """Forget games idle for longer than the expiry age; returns how many went."""
        limit = time.monotonic() - self.settings.expiry
        expired = [gid for gid, s in self.sessions.items() if s.presence.touched < limit]
        for game_id in expired:
            self._forget(game_id)
        return len(expired)

    def _forget(self, game_id: str) -> None:
        session = self.sessions.pop(game_id)
        if session.driver is not None:
            session.driver.cancel()
        self.driver.own.release(game_id)
        session.bump()  # clients streaming it notice it is gone

    def _make_room(self, client: str) -> None:
        """Room for one more game of ``client``'s (:func:`.rooms.make_room`)."""
        self.sweep()
        for game_id in make_room(self.sessions.values(), client, self.settings):
            self._forget(game_id)

    @contextlib.asynccontextmanager
    async def _pool_work(self, client: str) -> AsyncIterator[None]:
        """Count an analysis, values or tool run ``client`` awaits; ApiError 429 past
        ``client_jobs`` of them."""
        limit = self.settings.client_jobs
        if self._jobs[client] >= limit:
            retry = math.ceil(2 * self.settings.analysis_time + self.settings.grace)
            raise ApiError(
                429,
                f"you already have {limit} analyses or tools at work (the most one client "
                f"may have): wait for one to finish, retry in about {retry} s",
                retry_after=retry,
            )
        self._jobs[client] += 1
        try:
            yield
        finally:
            self._jobs[client] -= 1
            if self._jobs[client] <= 0:
                del self._jobs[client]

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
        client: str = "",
        store: bool = True,
    ) -> tuple[GameSession, dict[str, Any]]:
        """Start a game for ``client``; returns it and its secrets (human seats' tokens, the
        control token).

        ``seed`` fixes the chance outcomes of a game with chance (default: a random seed).
        A game between bots that nobody streams stops after ``unwatched`` seconds. With
        ``store`` False it is not written to ``--db`` when it ends (a stored game opened
        for review).
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
            owner=client,
            on_finish=None if self.archive is None or not store else self.archive.store,
        )
        self._make_room(client)
        self.sessions[session.id] = session
        if session.all_bots:
            self._unwatched_from(session, time.monotonic())
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
        self, game_id: str, token: str, name: str, options: Mapping[str, object], client: str = ""
    ) -> GameSession:
        """Run a puzzle tool (a hint; N-Queens: solve, count) in a worker; a solution found is
        played on the board, and the result joins the game's ``tool_results``."""
        session = self.get(game_id)
        async with self._pool_work(client):
            await tools.run_tool(
                session,
                self.pool,
                seconds=self.settings.think_cap,
                grace=self.settings.grace,
                token=token,
                name=name,
                options=options,
                client=client,
            )
        return session

    async def position_values(
        self, game_id: str, ply: int | None, client: str = ""
    ) -> dict[str, Any]:
        """Every move's value in a position of the game, and its heat map (in a worker)."""
        session = self.get(game_id)
        async with self._pool_work(client):
            return await analysis.position_values(session, ply, self._analyst(client))

    async def analyse_game(self, game_id: str, client: str = "") -> dict[str, Any]:
        """The game's moves valued: losses, blunders, accuracy (in a worker)."""
        session = self.get(game_id)
        async with self._pool_work(client):
            return await analysis.analyse_game(session, self._analyst(client))

    def _analyst(self, client: str) -> analysis.Analyst:
        """What ``client``'s analysis runs with (:class:`~.analysis.Analyst`)."""
        return analysis.Analyst(self.pool, self.shared, self.settings, client)

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
        self.driver.own.release(game_id)
        return session

    def resign(self, game_id: str, token: str) -> GameSession:
        """A human seat resigns; the other side wins."""
        session = self.get(game_id)
        acting.resign(session, token)
        self.driver.own.release(game_id)
        return session

    def _act(self, session: GameSession) -> None:
        """Someone acts in the game: bots stopped for want of viewers play again."""
        if session.presence.wake():
            session.bump()
        self.driver.drive_soon(session)

    # -- who is watching ------------------------------------------------------
    @contextlib.contextmanager
    def watching(self, session: GameSession) -> Iterator[None]:
        """A client streams the game's events while inside; when the last one leaves, the
        game's bots play on for ``settings.unwatched`` seconds, then stop until one is back."""
        session.presence.arrive()
        if session.presence.idle:
            self._act(session)
        try:
            yield
        finally:
            last = session.presence.leave()
            if last and not session.finished and not self.stopping:
                self._unwatched_from(session, time.monotonic())

    def _unwatched_from(self, session: GameSession, since: float) -> None:
        """Nobody streams the game from ``since``: its bots stop ``unwatched`` s later unless
        a viewer comes meanwhile (a client that only polls the game is no viewer)."""
        session.presence.unwatched_from(since)
        loop = asyncio.get_running_loop()
        loop.call_later(self.settings.unwatched, self._stop_if_unwatched, session, since)

    def _stop_if_unwatched(self, session: GameSession, since: float) -> None:
        if not session.presence.unwatched_still(since) or session.finished:
            return  # watched again (a later departure's timer decides), or over
        acting.stop_bots(session)
        session.presence.go_idle()
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
        await self.driver.own.close()
        if self.archive is not None:
            await self.archive.close()
