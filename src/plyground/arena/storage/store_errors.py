"""The record database's errors, said in one line a user can act on.

SQLite reports a failed write as ``OperationalError: attempt to write a
readonly database`` or ``database or disk is full``, with no file name.
:func:`storage_error` turns such an error into a :class:`StoreError` naming
the file, what went wrong in plain words and SQLite's own message, which the
CLI prints as its one error line. A failed write stores nothing of the
transaction it was in (SQLite rolls it back), so what was stored before is
kept and a ``--resume`` afterwards plays only what is missing.
"""

from __future__ import annotations

import os
import sqlite3

from plyground.core.errors import PlygroundError

__all__ = ["StoreError", "resumable", "storage_error"]


class StoreError(PlygroundError):
    """The database cannot be used: unreadable, newer than this code, or a bad request."""


# (a fragment of SQLite's message in lower case, what it means)
_PROBLEMS = (
    ("readonly", "the file or its directory is read-only"),
    ("read-only", "the file or its directory is read-only"),
    ("disk is full", "the disk is full"),
    ("locked", "another program holds a lock on it"),
    ("unable to open", "the file cannot be opened (no permission, or a read-only directory)"),
    ("not a database", "the file is not a SQLite database"),
    ("disk i/o error", "the disk reported an input/output error"),
    ("malformed", "the file is damaged"),
)


def storage_error(
    path: str | os.PathLike[str], error: sqlite3.Error, doing: str = "write to"
) -> StoreError:
    """A StoreError for ``error`` met while ``doing`` ("write to", "open") the database.

    >>> error = sqlite3.OperationalError("attempt to write a readonly database")
    >>> print(storage_error("t.db", error))
    cannot write to the database 't.db': the file or its directory is read-only \
(SQLite: attempt to write a readonly database)
    """
    if os.path.isdir(path):  # SQLite says "disk I/O error" or "unable to open"
        return StoreError(f"cannot {doing} the database {str(path)!r}: it is a directory")
    folder = os.path.dirname(os.fspath(path)) or "."
    if not os.path.isdir(folder):  # SQLite says "unable to open"
        return StoreError(
            f"cannot {doing} the database {str(path)!r}: the directory {folder!r} does not "
            "exist (create it first)"
        )
    message = str(error)
    lowered = message.lower()
    problem = next((meaning for mark, meaning in _PROBLEMS if mark in lowered), None)
    detail = f"{problem} (SQLite: {message})" if problem else message
    return StoreError(f"cannot {doing} the database {str(path)!r}: {detail}")


def resumable(error: StoreError, command: str) -> StoreError:
    """``error`` with how to continue the run it stopped (``command``, a ``--resume``)."""
    return StoreError(
        f"{error}; what was stored is kept: once that is fixed, continue with {command}"
    )
