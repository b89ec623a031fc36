"""A resumable exact solve's SQLite file: the setting it is for and each finished subproblem.

``plyground solve adjacency --start --store FILE`` splits the start into
subproblems (:mod:`plyground.games.adjacency.subproblems`) and stores each
one's exact value here as it finishes, in its own transaction: a run killed
at any moment (``kill -9``, power loss) loses only the subproblems in
flight, and the next run on the same file solves only what is missing.

Schema (``PRAGMA user_version`` = :data:`STORE_VERSION`, ``application_id``
= :data:`APPLICATION_ID`, so a record database or any other SQLite file is
refused by name):

``setting``
    ``key``/``value`` rows: ``game`` (the game spec) and ``position`` (the
    root's text). A file made for one setting refuses another.
``subproblems``
    one row per finished subproblem: ``move`` (the root move, primary key),
    ``position`` (after it), ``value`` (X - O margin), ``best`` (JSON list
    of every best reply), ``nodes``, ``seconds``, ``finished`` (UTC time).
``leaves`` (version 2)
    a proof's leaves (:mod:`plyground.games.adjacency.proof`): one row per
    position two plies from the root with a known bound: ``position``
    (primary key), ``lower`` and ``upper`` (X - O bounds on its value; far
    beyond any margin where nothing is known), ``tests``, ``nodes`` and
    ``seconds`` (summed over its null-window tests), ``finished`` (UTC time
    of the last). A version 1 file gains the table when opened.
``strategy`` (version 3)
    a strategy's entries found by search (:mod:`plyground.games.adjacency.strategy`):
    ``position`` (canonical text, primary key), ``keep`` (the X - O bound
    to keep; of two entries for a position the stricter stays), ``move`` (the
    first move found keeping it, in that frame),
    ``tests``, ``nodes`` and ``seconds`` (what finding it cost),
    ``finished`` (UTC time); ``exact`` (version 4: 1 when ``keep`` is the
    position's own value, found by ``--exact-entries``, so its move is
    proved best; an exact entry is replaced only by another; a stored entry
    proved exact as it is keeps its cost plus the proof's). Older files
    gain the table and the column when opened.

WAL mode with ``synchronous=FULL``: a committed subproblem survives power
loss, and a reader never blocks the solving run.
"""

from __future__ import annotations

import json
import os
import sqlite3

from plyground.arena.storage.sqlite_file import SqliteFile
from plyground.arena.storage.store import utc_now
from plyground.arena.storage.store_errors import StoreError, storage_error
from plyground.games.adjacency.book import StrategyMove
from plyground.games.adjacency.proof import FAR
from plyground.games.adjacency.subproblems import SubproblemResult

__all__ = ["APPLICATION_ID", "STORE_VERSION", "SolveStore"]

STORE_VERSION = 4
APPLICATION_ID = 0x504C5953  # "PLYS"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subproblems (
    move TEXT PRIMARY KEY,
    position TEXT NOT NULL,
    value INTEGER NOT NULL,
    best TEXT NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leaves (
    position TEXT PRIMARY KEY,
    lower INTEGER NOT NULL,
    upper INTEGER NOT NULL,
    tests INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS strategy (
    position TEXT PRIMARY KEY,
    keep INTEGER NOT NULL,
    move TEXT NOT NULL,
    tests INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    finished TEXT NOT NULL,
    exact INTEGER NOT NULL DEFAULT 0
);
"""


class SolveStore(SqliteFile):
    """One solve's store file, opened for the setting ``game`` (a spec) from ``position``.

    A new file is set up for that setting; an existing one must hold the
    same setting. Every problem is a :class:`StoreError` naming the file.
    """

    def __init__(self, path: str | os.PathLike[str], game: str, position: str) -> None:
        self._open(path, "the store", lambda: self._set_up(game, position))

    def _set_up(self, game: str, position: str) -> None:
        db = self._db
        if self._identify("solve store", APPLICATION_ID, STORE_VERSION):
            self._check_setting(game, position)
        with self._creating(_SCHEMA, APPLICATION_ID, STORE_VERSION, "FULL"):
            columns = {row[1] for row in db.execute("PRAGMA table_info(strategy)")}
            if "exact" not in columns:  # a version 3 file
                db.execute("ALTER TABLE strategy ADD COLUMN exact INTEGER NOT NULL DEFAULT 0")
            if not db.execute("SELECT count(*) FROM setting").fetchone()[0]:
                db.executemany(
                    "INSERT INTO setting VALUES (?, ?)", [("game", game), ("position", position)]
                )

    def _check_setting(self, game: str, position: str) -> None:
        """Refuse a store made for another setting (before anything is written to it)."""
        stored = dict(self._db.execute("SELECT key, value FROM setting").fetchall())
        if stored != {"game": game, "position": position}:
            raise StoreError(
                f"the solve store {str(self.path)!r} was made for {stored.get('game')} from "
                f"{stored.get('position')!r}, not {game} from {position!r}: "
                f"give that --game, or another --store file"
            )

    def finished(self) -> dict[str, SubproblemResult]:
        """Every stored subproblem: root move -> its result."""
        rows = self._db.execute("SELECT move, value, best, nodes, seconds FROM subproblems")
        return {
            move: SubproblemResult(value, tuple(json.loads(best)), nodes, seconds)
            for move, value, best, nodes, seconds in rows
        }

    def record(self, move: str, position: str, result: SubproblemResult) -> None:
        """Store one finished subproblem (one transaction)."""
        try:
            with self._transaction():
                self._db.execute(
                    "INSERT OR REPLACE INTO subproblems VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        move,
                        position,
                        result.value,
                        json.dumps(list(result.best)),
                        result.nodes,
                        result.seconds,
                        utc_now(),
                    ),
                )
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None

    # -- a proof's leaves ------------------------------------------------------------------
    def leaf_bounds(self) -> dict[str, tuple[int, int]]:
        """Every stored leaf: position -> its (lower, upper) X - O bounds."""
        rows = self._db.execute("SELECT position, lower, upper FROM leaves")
        return {position: (lower, upper) for position, lower, upper in rows}

    def leaf_totals(self) -> tuple[int, int, float]:
        """The proof's tests, nodes and solving seconds so far, summed over its leaves."""
        row = self._db.execute("SELECT sum(tests), sum(nodes), sum(seconds) FROM leaves").fetchone()
        return int(row[0] or 0), int(row[1] or 0), float(row[2] or 0.0)

    def record_leaf(
        self, position: str, holds: bool, bound: int, nodes: int, seconds: float
    ) -> None:
        """Store one null-window test's answer on a leaf (one transaction): its value is at
        least ``bound`` if the test held, else at most ``bound``."""
        lower, upper = (bound, FAR) if holds else (-FAR, bound)
        try:
            with self._transaction():
                self._db.execute(
                    "INSERT INTO leaves VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (position) DO "
                    "UPDATE SET lower = max(lower, excluded.lower), "
                    "upper = min(upper, excluded.upper), tests = tests + 1, "
                    "nodes = nodes + excluded.nodes, seconds = seconds + excluded.seconds, "
                    "finished = excluded.finished",
                    (position, lower, upper, nodes, seconds, utc_now()),
                )
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None

    # -- a strategy's entries --------------------------------------------------------------
    def strategy_entries(self) -> dict[str, StrategyMove]:
        """Every stored strategy entry: canonical position text -> its move and bound."""
        rows = self._db.execute("SELECT position, move, keep, exact FROM strategy")
        return {
            position: StrategyMove(move, keep, bool(exact)) for position, move, keep, exact in rows
        }

    def strategy_totals(self, *, exact: bool = False) -> tuple[int, int, int, float]:
        """The strategy's entries, tests, nodes and solving seconds so far (with ``exact``:
        of the exact entries only, what their last search cost)."""
        where = " WHERE exact = 1" if exact else ""
        row = self._db.execute(
            f"SELECT count(*), sum(tests), sum(nodes), sum(seconds) FROM strategy{where}"
        ).fetchone()
        return int(row[0]), int(row[1] or 0), int(row[2] or 0), float(row[3] or 0.0)

    def record_strategy(
        self, position: str, entry: StrategyMove, tests: int, nodes: int, seconds: float
    ) -> None:
        """Store one strategy entry and what finding it cost (one transaction), replacing
        the position's stored entry unless that one keeps a stricter bound or is exact and
        ``entry`` is not (:meth:`~plyground.games.adjacency.book.StrategyMove.replaces`).
        The same move and bound found exact adds its cost to the stored one's (the row keeps
        what finding and proving its entry cost)."""
        try:
            with self._transaction():
                row = self._db.execute(
                    "SELECT move, keep, exact, tests, nodes, seconds FROM strategy "
                    "WHERE position = ?",
                    (position,),
                ).fetchone()
                stored = None if row is None else StrategyMove(row[0], row[1], bool(row[2]))
                if stored is not None and not entry.replaces(stored, position):
                    return
                if stored is not None and (stored.move, stored.keep) == (entry.move, entry.keep):
                    tests, nodes, seconds = tests + row[3], nodes + row[4], seconds + row[5]
                self._db.execute(
                    "INSERT OR REPLACE INTO strategy (position, keep, move, tests, nodes, "
                    "seconds, finished, exact) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        position,
                        entry.keep,
                        entry.move,
                        tests,
                        nodes,
                        seconds,
                        utc_now(),
                        int(entry.exact),
                    ),
                )
        except sqlite3.Error as error:
            raise storage_error(self.path, error) from None
