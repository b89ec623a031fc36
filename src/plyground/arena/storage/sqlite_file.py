"""A SQLite file a store keeps open: its transactions and its closing, in one place.

Both of the arena's stores (:mod:`plyground.arena.storage.store`, the records of
games and tournaments, and :mod:`plyground.arena.storage.adjacency_solve_store`, a resumable
solve's subproblems) write in short ``BEGIN IMMEDIATE`` ... ``COMMIT``
transactions, so a failed write stores nothing of the transaction it was
in, and say a failure in one line naming the file (:func:`storage_error`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Self

from plyground.arena.storage.store_errors import StoreError, storage_error

__all__ = ["SqliteFile"]


class SqliteFile:
    """The open connection ``_db`` to the file ``path`` (set by the subclass, or by
    :meth:`_open`)."""

    path: Path
    read_only: bool = False
    _db: sqlite3.Connection

    def _open(self, path: str | os.PathLike[str], what: str, set_up: Callable[[], None]) -> None:
        """Connect to ``path`` and run ``set_up``, closing the connection again if it fails;
        ``what`` names the kind of file in the errors ("the store")."""
        self.path = Path(path)
        if self.path.is_dir():
            raise StoreError(f"cannot use {what} {str(path)!r}: it is a directory")
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as error:
            raise storage_error(path, error, "open") from None
        try:
            set_up()
        except sqlite3.Error as error:
            self._db.close()
            raise storage_error(path, error, "open") from None
        except StoreError:
            self._db.close()
            raise

    def _identify(self, kind: str, application_id: int, version: int) -> bool:
        """Refuse another program's SQLite file and a newer version of this ``kind`` of file
        (StoreError naming it); True when the file holds tables already."""
        db = self._db
        application = db.execute("PRAGMA application_id").fetchone()[0]
        found = db.execute("PRAGMA user_version").fetchone()[0]
        tables = bool(db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
        name = str(self.path)
        if tables and application != application_id:
            raise StoreError(f"{name!r} is not a {kind} (it is some other SQLite database)")
        if application == application_id and found > version:
            raise StoreError(
                f"the {kind} {name!r} has version {found}, newer than this plyground's {version}"
            )
        return tables

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
    def _creating(
        self, schema: str, application_id: int, version: int, synchronous: str
    ) -> Iterator[sqlite3.Connection]:
        """WAL mode and ``synchronous``, then one transaction that stamps the file with
        ``application_id`` and ``version`` and creates ``schema``'s tables; the block may
        add to it (a migration)."""
        db = self._db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={synchronous}")
        with self._transaction("open"):
            db.execute(f"PRAGMA application_id={application_id}")
            db.execute(f"PRAGMA user_version={version}")
            for statement in schema.split(";"):
                if statement.strip():
                    db.execute(statement)
            yield db

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
