"""SQLite storage: schema version, transactional and idempotent writes, reading back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tournament_helpers import RecordFactory

from plyground.arena.storage.store import (
    DB_ENV,
    SCHEMA_VERSION,
    RecordStore,
    StoreError,
    default_db_path,
)


def test_games_are_stored_and_read_back(tmp_path: Path, make_record: RecordFactory) -> None:
    records = [make_record(seed=s, timeout_at=2) for s in range(3)]
    with RecordStore(tmp_path / "r.sqlite3") as store:
        assert store.schema_version == SCHEMA_VERSION
        store.create_tournament("t1", "round-robin", {"seed": 7}, planned=3)
        ids = [store.add_game(r, "t1", f"k{n}") for n, r in enumerate(records)]
        assert all(isinstance(i, int) for i in ids)
        store.add_game(make_record(seed=9))  # a game outside any tournament
    with RecordStore(tmp_path / "r.sqlite3") as store:
        stored = store.games("t1")
        assert [g.record.to_dict() for g in stored] == [r.to_dict() for r in records]
        assert [g.key for g in stored] == ["k0", "k1", "k2"]
        assert store.count_games() == 4 and store.count_games("t1") == 3
        row = store.tournament("t1")
        assert (row.kind, row.settings, row.planned, row.played) == (
            "round-robin",
            {"seed": 7},
            3,
            3,
        )
        assert row.finished is None
        store.finish_tournament("t1")
        assert store.tournament("t1").finished is not None
        assert store.stored_keys("t1") == {"k0", "k1", "k2"}


def test_a_key_is_stored_once(tmp_path: Path, make_record: RecordFactory) -> None:
    with RecordStore(tmp_path / "r.sqlite3") as store:
        store.create_tournament("t", "round-robin", {}, planned=1)
        assert store.add_game(make_record(seed=1), "t", "k") is not None
        assert store.add_game(make_record(seed=2), "t", "k") is None
        assert store.count_games("t") == 1
        added, skipped = store.add_games(
            [(make_record(seed=3), "t", "k"), (make_record(), "t", "j")]
        )
        assert (added, skipped) == (1, 1)


def test_a_failed_batch_leaves_nothing(tmp_path: Path, make_record: RecordFactory) -> None:
    class BoomError(Exception):
        pass

    def batch():  # type: ignore[no-untyped-def]
        yield make_record(seed=1), None, None
        raise BoomError

    with RecordStore(tmp_path / "r.sqlite3") as store:
        with pytest.raises(BoomError):
            store.add_games(batch())
        assert store.count_games() == 0


def test_wal_and_a_reader_during_a_write(tmp_path: Path, make_record: RecordFactory) -> None:
    path = tmp_path / "r.sqlite3"
    with RecordStore(path) as writer, RecordStore(path) as reader:
        mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
        writer.add_game(make_record(seed=1))
        assert reader.count_games() == 1


def test_duplicate_tournament_and_unknown_ids(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "r.sqlite3") as store:
        store.create_tournament("t", "gauntlet", {}, planned=0)
        with pytest.raises(StoreError, match="'t' already exists"):
            store.create_tournament("t", "gauntlet", {}, planned=0)
        with pytest.raises(StoreError, match=r"no tournament 'u'.*known: t"):
            store.tournament("u")
        assert store.latest_tournament().id == "t"  # type: ignore[union-attr]
        store.finish_tournament("t")
        assert store.latest_tournament(unfinished_only=True) is None


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    with pytest.raises(StoreError, match="newer"):
        RecordStore(path)


def test_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="cannot use the database"):
        RecordStore(path)


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "x.sqlite3"))
    assert default_db_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv(DB_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "plyground" / "records.sqlite3"
