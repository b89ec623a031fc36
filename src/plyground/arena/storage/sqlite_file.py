"""A SQLite file a store keeps open: its transactions and its closing, in one place.

Both of the arena's stores (:mod:`plyground.arena.storage.store`, the records of
games and tournaments, and :mod:`plyground.arena.storage.adjacency_solve_store`, a resumable
solve's subproblems) write in short ``BEGIN IMMEDIATE`` ... ``COMMIT``
transactions, so a failed write stores nothing of the transaction it was
in, and say a failure in one line naming the file (:func:`storage_error`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Self

from plyground.arena.storage.store_errors import StoreError, storage_error

__all__ = ["SqliteFile"]


class SqliteFile:
    """The open connection ``_db`` to the file ``path`` (set by the subclass)."""

    path: Path
    read_only: bool = False
    _db: sqlite3.Connection

    def close(self) -> None:
        """Close the connection (committed data is already on disk)."""
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self, doing: str = "write to") -> Iterator[sqlite3.Connection]:
        """One transaction, rolled back when the block raises; a failed write (a read-only
        file, a full disk) is a StoreError saying what it was ``doing`` to the file."""
        if self.read_only:
            raise StoreError(f"the database {str(self.path)!r} was opened for reading only")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:  # SQLite may have rolled back already
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise storage_error(self.path, error, doing) from None
