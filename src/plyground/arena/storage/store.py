"""Storage of game records and tournaments in SQLite.

Every game a tournament (or a match) plays is stored as it ends, in one
transaction, so a run interrupted at any moment (Ctrl-C, ``kill -9``, power
loss) loses no stored game and never holds half of one. A game played for a
tournament carries the tournament's id and its *schedule key* (a text that
names the game's place in the deterministic schedule); the pair is unique,
which is what lets ``--resume`` play exactly the games that are missing.

The tables and their version are :mod:`plyground.arena.storage.schema`'s.

The database runs in WAL mode with ``synchronous=FULL``: readers (a report
while a tournament runs) never block the writer, and a committed game
survives power loss.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from plyground.arena.records.record import GameRecord
from plyground.arena.records.solo_game import SoloGame
from plyground.arena.storage.schema import SCHEMA, SCHEMA_VERSION
from plyground.arena.storage.sqlite_file import SqliteFile
from plyground.arena.storage.store_errors import StoreError, storage_error
from plyground.core.errors import ParseError

__all__ = [
    "DB_ENV",
    "SCHEMA_VERSION",
    "GenerationRow",
    "RecordStore",
    "StoreError",
    "StoredGame",
    "TournamentRow",
    "default_db_path",
    "utc_now",
]

DB_ENV = "PLYGROUND_DB"
"""Environment variable naming the database when ``--db`` is not given."""


def utc_now() -> str:
    """The current time as an ISO 8601 text in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def default_db_path() -> Path:
    """``$PLYGROUND_DB`` if set, else ``records.sqlite3`` in the user's data directory."""
    env = os.environ.get(DB_ENV)
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_data_path("plyground") / "records.sqlite3"


@dataclass(frozen=True)
class TournamentRow:
    """A stored tournament: its settings and how far it got."""

    id: str
    created: str
    kind: str
    settings: Mapping[str, Any]
    planned: int
    finished: str | None
    played: int


@dataclass(frozen=True)
class StoredGame:
    """A stored game: its row id, tournament and schedule key, and the record."""

    id: int
    tournament_id: str | None
    key: str | None
    record: GameRecord


@dataclass(frozen=True)
class GenerationRow:
    """A stored generation of a tuning run: its members and, once scored, their fitness."""

    tournament_id: str
    number: int
    created: str
    population: list[dict[str, Any]]
    fitness: dict[str, Any] | None
    finished: str | None


def _json_or_none(text: str | None) -> Any:
    """A stored JSON column that may be NULL."""
    return None if text is None else json.loads(text)


class RecordStore(SqliteFile):
    """A SQLite database of tournaments and game records.

    Open it with ``RecordStore(path)`` (``None``: :func:`default_db_path`) and
    close it, or use it as a context manager. Every write is one transaction;
    a write that fails (a read-only file, a full disk) raises a StoreError
    naming the file and the problem, and stores nothing of that transaction.

    ``read_only=True`` opens an existing file for reading only (a connection
    that refuses writes; SQLite's ``mode=ro`` where the file may not be written,
    and on a read-only mount, where SQLite cannot make its WAL index, an
    immutable file), and ``must_exist=True`` refuses to create one: a
    command that only reads, or continues a stored run, never leaves an
    empty file behind. A new file is made only in an existing directory,
    except the default one (the user's data directory), which is created.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        read_only: bool = False,
        must_exist: bool = False,
    ) -> None:
        default = path is None and not os.environ.get(DB_ENV)
        self.path = Path(path) if path is not None else default_db_path()
        self.read_only = read_only
        in_memory = str(self.path) == ":memory:"
        if not in_memory:
            self._check_place(must_exist or read_only, default)
        try:
            if read_only and not in_memory:
                self._db = self._connect_read_only()
            else:
                self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            self._solo_table = self._has_table("solo_games")
        except sqlite3.DatabaseError as error:
            raise storage_error(self.path, error, "use") from None

    def _check_place(self, must_exist: bool, default: bool) -> None:
        """Refuse a missing file when one must exist, and a missing directory
        unless it is the default one (made here)."""
        if self.path.exists():
            return
        if must_exist:
            raise StoreError(
                f"no database at {str(self.path)!r}: nothing has been stored there "
                f"(check --db or ${DB_ENV})"
            )
        parent = self.path.parent
        if default:
            parent.mkdir(parents=True, exist_ok=True)
        elif not parent.is_dir():
            raise StoreError(
                f"cannot create the database {str(self.path)!r}: the directory "
                f"{str(parent)!r} does not exist (create it first, or choose another --db)"
            )

    def _connect_read_only(self) -> sqlite3.Connection:
        """A connection that only reads. Where the file and its folder may be written, an
        ordinary one told to refuse writes (``query_only``): on closing, the last connection
        removes SQLite's ``-wal`` and ``-shm`` files, which a ``mode=ro`` one leaves behind.
        Elsewhere ``mode=ro``; on a read-only mount, an immutable file."""
        resolved = self.path.resolve()
        if os.access(resolved, os.W_OK) and os.access(resolved.parent, os.W_OK):
            db = sqlite3.connect(resolved, timeout=30.0, isolation_level=None)
            db.execute("PRAGMA query_only = ON")
            db.execute("PRAGMA user_version").fetchone()
            return db
        uri = resolved.as_uri() + "?mode=ro"
        try:
            db = sqlite3.connect(uri, uri=True, timeout=30.0, isolation_level=None)
            db.execute("PRAGMA user_version").fetchone()
            return db
        except sqlite3.OperationalError:
            # A WAL file on a read-only mount: SQLite cannot make its index
            # (``-shm``) there, and nobody can be writing it, so read it as is.
            db = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
            db.execute("PRAGMA user_version").fetchone()
            return db

    def _migrate(self) -> None:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database {str(self.path)!r} has schema version {version}, newer than "
                f"this plyground's {SCHEMA_VERSION}: upgrade plyground"
            )
        if version == SCHEMA_VERSION:
            return
        if self.read_only:
            if version == 0:
                raise StoreError(f"{str(self.path)!r} is not a plyground record database")
            return  # an older file reads as it is; the first write upgrades it
        with self._transaction() as db:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _has_table(self, name: str) -> bool:
        """True when the file has the table (an older file opened read-only may not)."""
        query = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return self._db.execute(query, (name,)).fetchone() is not None

    @property
    def schema_version(self) -> int:
        """The schema version of the open file."""
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    # -- tournaments ----------------------------------------------------------
    def create_tournament(
        self, tournament_id: str, kind: str, settings: Mapping[str, Any], planned: int
    ) -> None:
        """Add a tournament; StoreError if the id is taken."""
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO tournaments (id, created, kind, settings, planned) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (tournament_id, utc_now(), kind, json.dumps(dict(settings)), planned),
                )
        except sqlite3.IntegrityError:
            raise StoreError(
                f"a tournament {tournament_id!r} already exists in {str(self.path)!r} "
                "(use --resume to continue it, or choose another --name)"
            ) from None

    def finish_tournament(self, tournament_id: str) -> None:
        """Mark a tournament as complete."""
        with self._transaction() as db:
            db.execute(
                "UPDATE tournaments SET finished = ? WHERE id = ?", (utc_now(), tournament_id)
            )

    def update_settings(
        self, tournament_id: str, settings: Mapping[str, Any], planned: int
    ) -> None:
        """Replace a tournament's stored settings and planned game count, and mark it
        unfinished (a tuning run resumed with more generations)."""
        with self._transaction() as db:
            db.execute(
                "UPDATE tournaments SET settings = ?, planned = ?, finished = NULL WHERE id = ?",
                (json.dumps(dict(settings)), planned, tournament_id),
            )

    def tournament(self, tournament_id: str) -> TournamentRow:
        """The tournament ``tournament_id``; StoreError lists the known ids if it is unknown."""
        for row in self.tournaments():
            if row.id == tournament_id:
                return row
        known = ", ".join(row.id for row in self.tournaments()) or "none"
        raise StoreError(f"no tournament {tournament_id!r} in {str(self.path)!r} (known: {known})")

    def tournaments(self) -> list[TournamentRow]:
        """Every tournament, oldest first, with how many of its games are stored."""
        solo = (
            "+ (SELECT COUNT(*) FROM solo_games s WHERE s.tournament_id = t.id) "
            if self._solo_table
            else ""
        )
        rows = self._db.execute(
            "SELECT t.id, t.created, t.kind, t.settings, t.planned, t.finished, "
            f"(SELECT COUNT(*) FROM games g WHERE g.tournament_id = t.id) {solo}"
            "FROM tournaments t ORDER BY t.created, t.rowid"
        ).fetchall()
        return [
            TournamentRow(
                ident,
                created,
                kind,
                self._settings_of(ident, settings),
                planned,
                finished,
                played,
            )
            for ident, created, kind, settings, planned, finished, played in rows
        ]

    def _settings_of(self, tournament_id: str, text: str) -> dict[str, Any]:
        """A tournament's stored settings; StoreError when they are not a JSON object."""
        try:
            settings = json.loads(text)
        except (TypeError, ValueError) as error:
            settings = error
        if not isinstance(settings, dict):
            raise StoreError(
                f"tournament {tournament_id!r} in {str(self.path)!r} is damaged: "
                f"its settings are not a JSON object ({settings})"
            )
        return settings

    def latest_tournament(self, unfinished_only: bool = False) -> TournamentRow | None:
        """The most recently created tournament (optionally: not yet finished)."""
        rows = [t for t in self.tournaments() if not (unfinished_only and t.finished)]
        return rows[-1] if rows else None

    # -- generations of tuning runs ---------------------------------------------
    def add_generation(
        self, tournament_id: str, number: int, population: list[dict[str, Any]]
    ) -> None:
        """Store a new generation's members; StoreError if it is stored already."""
        with self._transaction() as db:
            self._insert_generation(db, tournament_id, number, population)

    def finish_generation(
        self,
        tournament_id: str,
        number: int,
        fitness: Mapping[str, Any],
        next_population: list[dict[str, Any]] | None = None,
    ) -> None:
        """Store a generation's fitness and, in the same transaction, the next
        generation's members (if any): a run stopped at any moment holds either
        both or neither."""
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE generations SET fitness = ?, finished = ? "
                "WHERE tournament_id = ? AND number = ? AND fitness IS NULL",
                (json.dumps(dict(fitness)), utc_now(), tournament_id, number),
            )
            if cursor.rowcount != 1:
                raise StoreError(
                    f"generation {number} of {tournament_id!r} is not stored or already scored"
                )
            if next_population is not None:
                self._insert_generation(db, tournament_id, number + 1, next_population)

    @staticmethod
    def _insert_generation(
        db: sqlite3.Connection, tournament_id: str, number: int, population: list[dict[str, Any]]
    ) -> None:
        try:
            db.execute(
                "INSERT INTO generations (tournament_id, number, created, population) "
                "VALUES (?, ?, ?, ?)",
                (tournament_id, number, utc_now(), json.dumps(population)),
            )
        except sqlite3.IntegrityError as error:
            raise StoreError(
                f"cannot store generation {number} of {tournament_id!r}: {error}"
            ) from None

    def generations(self, tournament_id: str) -> list[GenerationRow]:
        """The stored generations of a tuning run, in order."""
        rows = self._db.execute(
            "SELECT tournament_id, number, created, population, fitness, finished "
            "FROM generations WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        ).fetchall()
        return [
            GenerationRow(run, number, created, json.loads(population), _json_or_none(fitness), end)
            for run, number, created, population, fitness, end in rows
        ]

    # -- games ----------------------------------------------------------------
    def add_game(
        self, record: GameRecord, tournament_id: str | None = None, key: str | None = None
    ) -> int | None:
        """Store one game in one transaction; returns its row id.

        Returns ``None`` and stores nothing when the tournament already holds
        a game under ``key``: storing is idempotent, so a game is never
        counted twice.
        """
        with self._transaction() as db:
            return self._insert(db, record, tournament_id, key)

    def add_games(
        self, records: Iterable[tuple[GameRecord, str | None, str | None]]
    ) -> tuple[int, int]:
        """Store many ``(record, tournament_id, key)`` in one transaction.

        Returns ``(added, skipped)``; a game whose key is already stored is skipped.
        A tournament not stored yet is made, of kind ``imported``, complete with the
        games it is given: its planned games are the games stored under it.
        """
        added = skipped = 0
        imported: set[str] = set()
        with self._transaction() as db:
            for record, tournament_id, key in records:
                if tournament_id is not None and not self._has_tournament(db, tournament_id):
                    now = utc_now()
                    db.execute(
                        "INSERT INTO tournaments (id, created, kind, settings, finished) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (tournament_id, now, "imported", "{}", now),
                    )
                    imported.add(tournament_id)
                if self._insert(db, record, tournament_id, key) is None:
                    skipped += 1
                else:
                    added += 1
            for tournament_id in imported:
                db.execute(
                    "UPDATE tournaments SET planned = "
                    "(SELECT COUNT(*) FROM games WHERE tournament_id = ?) WHERE id = ?",
                    (tournament_id, tournament_id),
                )
        return added, skipped

    @staticmethod
    def _has_tournament(db: sqlite3.Connection, tournament_id: str) -> bool:
        found = db.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
        return found is not None

    @staticmethod
    def _insert(
        db: sqlite3.Connection, record: GameRecord, tournament_id: str | None, key: str | None
    ) -> int | None:
        if tournament_id is not None and key is not None:
            exists = db.execute(
                "SELECT 1 FROM games WHERE tournament_id = ? AND key = ?", (tournament_id, key)
            ).fetchone()
            if exists:
                return None
        players = [p.name for p in record.players]
        try:
            cursor = db.execute(
                "INSERT INTO games (tournament_id, key, game, player0, player1, result, winner, "
                "termination, plies, rule_breaks, started, duration, record) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    tournament_id,
                    key,
                    record.game,
                    players[0] if players else "",
                    players[1] if len(players) > 1 else None,
                    record.result,
                    record.winner,
                    record.termination.value,
                    len(record.moves),
                    len(record.rule_breaks),
                    record.started,
                    record.duration,
                    json.dumps(record.to_dict(), separators=(",", ":")),
                ),
            )
        except sqlite3.IntegrityError as error:
            raise StoreError(f"cannot store the game: {error}") from None
        row_id = cursor.lastrowid
        assert row_id is not None
        return row_id

    def stored_keys(self, tournament_id: str) -> set[str]:
        """The schedule keys of the games (one-player games too) stored for a tournament."""
        rows = self._db.execute(
            "SELECT key FROM games WHERE tournament_id = ? AND key IS NOT NULL", (tournament_id,)
        ).fetchall()
        if self._solo_table:
            rows += self._db.execute(
                "SELECT key FROM solo_games WHERE tournament_id = ?", (tournament_id,)
            ).fetchall()
        return {row[0] for row in rows}

    # -- one-player games -------------------------------------------------------
    def add_solo_game(self, tournament_id: str, game: SoloGame) -> bool:
        """Store a one-player game's outcome in one transaction; False (nothing stored)
        when the tournament already holds a game under its key."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT OR IGNORE INTO solo_games (tournament_id, key, player, game, seed, "
                "score, moves, finished, duration, final) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    tournament_id,
                    game.key,
                    game.player,
                    game.game,
                    game.seed,
                    game.score,
                    game.moves,
                    int(game.finished),
                    game.duration,
                    game.final,
                ),
            )
            return cursor.rowcount == 1

    def solo_games(self, tournament_id: str) -> list[SoloGame]:
        """The one-player games stored for a tournament, in key order."""
        if not self._solo_table:
            return []
        rows = self._db.execute(
            "SELECT key, player, game, seed, score, moves, finished, duration, final "
            "FROM solo_games WHERE tournament_id = ? ORDER BY key",
            (tournament_id,),
        ).fetchall()
        return [
            SoloGame(key, player, game, seed, score, moves, bool(done), duration, final)
            for key, player, game, seed, score, moves, done, duration, final in rows
        ]

    def games(
        self, tournament_id: str | None = None, players: Iterable[str] | None = None
    ) -> list[StoredGame]:
        """Stored games in the order they were stored, optionally of one tournament
        and only between the given players."""
        query = "SELECT id, tournament_id, key, record FROM games"
        where: list[str] = []
        params: list[Any] = []
        if tournament_id is not None:
            where.append("tournament_id = ?")
            params.append(tournament_id)
        if players is not None:
            names = sorted(set(players))
            marks = ",".join("?" * len(names))
            where.append(f"player0 IN ({marks}) AND player1 IN ({marks})")
            params.extend(names + names)
        if where:
            query += " WHERE " + " AND ".join(where)
        query += " ORDER BY id"
        result = []
        for row_id, tid, key, text in self._db.execute(query, params):
            try:
                record = GameRecord.from_dict(json.loads(text))
            except (ValueError, ParseError) as error:
                raise StoreError(
                    f"game {row_id} in {str(self.path)!r} is damaged: {error}"
                ) from None
            result.append(StoredGame(row_id, tid, key, record))
        return result

    def count_games(self, tournament_id: str | None = None) -> int:
        """How many games are stored (in one tournament, or in all; one-player games too)."""
        count = 0
        for table in ("games", "solo_games") if self._solo_table else ("games",):
            if tournament_id is None:
                row = self._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
            else:
                row = self._db.execute(
                    f"SELECT COUNT(*) FROM {table} WHERE tournament_id = ?", (tournament_id,)
                ).fetchone()
            count += int(row[0])
        return count
