"""Finished web games written to ``--db``, in one writer thread so the event loop never waits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import Future, ThreadPoolExecutor

from plyground.arena.records.record import GameRecord
from plyground.arena.storage.store import RecordStore
from plyground.core.errors import PlygroundError
from plyground.web.sessions.session import GameSession

__all__ = ["WEB_TOURNAMENT", "GameArchive"]

log = logging.getLogger("plyground.web")

WEB_TOURNAMENT = "web"
"""The tournament id under which ``--db`` stores the web app's finished games."""


class GameArchive:
    """The database of finished web games (a SQLite file; one thread owns the connection)."""

    def __init__(self, db: str) -> None:
        self.db = db
        self._writer = ThreadPoolExecutor(1, "plyground-db")
        self._store: RecordStore | None = None
        self.stored = 0
        """Games written so far."""

    def store(self, session: GameSession) -> None:
        """Write a finished game's record (in the writer thread), unless the server stopped it.

        Games go to the tournament :data:`WEB_TOURNAMENT`, keyed by the game id
        and final position, so a game is stored once however often the page
        asks (a puzzle taken back and solved again the same way included).
        """
        if session.progress.error is not None:
            return
        record = session.record()
        key = f"{session.id}/{record.final}"
        self._writer.submit(self._write, record, key).add_done_callback(_log_failure)

    def _write(self, record: GameRecord, key: str) -> None:
        if self._store is None:
            self._store = RecordStore(self.db)
            if WEB_TOURNAMENT not in {row.id for row in self._store.tournaments()}:
                with contextlib.suppress(PlygroundError):  # another server made it meanwhile
                    self._store.create_tournament(
                        WEB_TOURNAMENT, "web", {"source": "plyground serve"}, 0
                    )
        if self._store.add_game(record, WEB_TOURNAMENT, key) is not None:
            self.stored += 1

    async def close(self) -> None:
        """Finish writing, then close the database (on shutdown)."""
        await asyncio.get_running_loop().run_in_executor(None, self._close)

    def _close(self) -> None:
        self._writer.submit(lambda: self._store.close() if self._store else None).result()
        self._writer.shutdown(wait=True)


def _log_failure(future: Future[None]) -> None:
    error = future.exception()
    if error is not None:
        log.error("could not store a web game: %s", error)
