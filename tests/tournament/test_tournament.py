"""Tournaments as users run them: complete, deterministic, resumable, SPRT, isolation."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tournament_helpers import engine_spec

from plyground.arena.play.run_options import RunOptions
from plyground.arena.records.record import GameRecord
from plyground.arena.runs.backends import ProcessPool, make_backend
from plyground.arena.stats.sprt import Sprt
from plyground.arena.storage.store import RecordStore, StoreError
from plyground.arena.tournaments.tournament import (
    Tournament,
    TournamentObserver,
    TournamentSettings,
    parse_entrant,
)
from plyground.core.errors import SettingsError, UnknownNameError

SMALL = "adjacency(size=5)"


def settings(**overrides: object) -> TournamentSettings:
    values: dict[str, object] = {
        "entrants": (
            parse_entrant("greedy"),
            parse_entrant("random"),
            parse_entrant(f"slow={engine_spec('slow')}"),
        ),
        "game": SMALL,
        "rounds": (2, 3),
        "pairs": 2,
        "openings": 2,
        "seed": 7,
        "run": RunOptions(time=1.0),
    }
    values.update(overrides)
    return TournamentSettings(**values)  # type: ignore[arg-type]


def moves_by_key(records: list[GameRecord]) -> dict[str, tuple[object, ...]]:
    return {
        r.tags["key"]: (r.start, tuple(m.move for m in r.moves), r.result, r.players)
        for r in records
    }


class Recorder(TournamentObserver):
    def __init__(self) -> None:
        self.done: list[int] = []

    def game_stored(self, record: GameRecord, done: int, total: int) -> None:
        self.done.append(done)


def test_a_tournament_plays_and_stores_its_whole_schedule(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "a.sqlite3") as store, ProcessPool(2) as pool:
        tournament = Tournament.create(store, settings(), name="t")
        recorder = Recorder()
        assert tournament.play(pool, recorder) == 24
        assert recorder.done == list(range(1, 25))
        row = store.tournament("t")
        assert (row.planned, row.played) == (24, 24) and row.finished
        records = tournament.records()
        assert {r.tags["key"] for r in records} == {g.key for g in tournament.schedule()}
        for record in records:
            record.replay()
            assert record.tags["tournament"] == "t"
            assert {p.name for p in record.players} <= {"greedy", "random", "slow"}
        engine_seat = next(p for r in records for p in r.players if p.name == "slow")
        assert engine_seat.kind == "engine" and engine_seat.spec.startswith("engine:")
        # Nothing left to play: a resume plays no game and counts none twice.
        again = Tournament.resume(store, "t")
        assert again.missing() == [] and again.play(pool) == 0
        assert store.count_games("t") == 24


def test_the_same_seed_plays_the_same_games(tmp_path: Path) -> None:
    runs = []
    for name in ("one", "two"):
        with RecordStore(tmp_path / f"{name}.sqlite3") as store, ProcessPool(2) as pool:
            tournament = Tournament.create(store, settings(pairs=1), name=name)
            tournament.play(pool)
            runs.append(moves_by_key(tournament.records()))
    assert runs[0] == runs[1]
    with RecordStore(tmp_path / "other.sqlite3") as store, ProcessPool(2) as pool:
        tournament = Tournament.create(store, settings(pairs=1, seed=8), name="other")
        tournament.play(pool)
        assert moves_by_key(tournament.records()) != runs[0]


def test_a_partial_run_resumes_with_exactly_the_missing_games(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "a.sqlite3") as store, ProcessPool(1) as pool:
        tournament = Tournament.create(store, settings(), name="t")
        assert tournament.play(pool, limit=5) == 5
        assert store.tournament("t").finished is None
        assert len(tournament.missing()) == 19
        resumed = Tournament.resume(store)  # the latest unfinished one
        assert resumed.id == "t" and resumed.settings == tournament.settings
        assert resumed.play(pool) == 19
        keys = [r.tags["key"] for r in resumed.records()]
        assert len(keys) == len(set(keys)) == 24


def test_sprt_stops_once_decided(tmp_path: Path) -> None:
    test = Sprt(elo0=0, elo1=100, alpha=0.05, beta=0.05)
    with RecordStore(tmp_path / "s.sqlite3") as store, ProcessPool(2) as pool:
        tournament = Tournament.create(
            store,
            settings(
                entrants=(parse_entrant("greedy"), parse_entrant("random")),
                rounds=(3,),
                pairs=300,
                sprt=test,
            ),
            name="s",
        )
        tournament.play(pool)
        state = tournament.sprt_state()
        assert state is not None and state.decision.value == "H1"
        assert store.tournament("s").finished
        assert store.count_games("s") < 600


def test_isolated_bots_play_in_their_own_process(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "i.sqlite3") as store, ProcessPool(2) as pool:
        tournament = Tournament.create(
            store,
            settings(
                entrants=(parse_entrant("greedy"), parse_entrant("random")),
                rounds=(2,),
                pairs=1,
                run=RunOptions(time=2.0, isolate=True),
            ),
            name="i",
        )
        tournament.play(pool)
        records = tournament.records()
        assert len(records) == 2
        assert all(not r.rule_breaks for r in records)
        assert all(m.info is not None for r in records for m in r.moves)


def test_bad_settings_are_named(tmp_path: Path) -> None:
    with pytest.raises(UnknownNameError, match="'nobot'"):
        parse_entrant("x=nobot")
    with pytest.raises(SettingsError, match="'depth'"):
        parse_entrant("alphabeta:depth=zero")
    with pytest.raises(SettingsError, match="exactly two players"):
        settings(sprt=Sprt())
    with RecordStore(tmp_path / "x.sqlite3") as store:
        with pytest.raises(StoreError, match="no unfinished tournament"):
            Tournament.resume(store)
        Tournament.create(store, settings(), name="dup")
        with pytest.raises(StoreError, match="'dup' already exists"):
            Tournament.create(store, settings(), name="dup")
    with pytest.raises(SettingsError, match="--address"):
        make_backend("pool", 1, "127.0.0.1:1")
    with pytest.raises(SettingsError, match="unknown backend 'mpi'"):
        make_backend("mpi")


def test_entrant_names() -> None:
    assert parse_entrant("ab4=alphabeta:depth=4").name == "ab4"
    assert parse_entrant("alphabeta:depth=4").name == "alphabeta:depth=4"
    assert parse_entrant("alphabeta(depth=4)").spec == "alphabeta(depth=4)"
    engine = parse_entrant("engine:./x --level=3")
    assert engine.is_engine and engine.name == "engine:./x --level=3"


def test_the_database_is_readable_while_a_tournament_writes(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    with RecordStore(path) as store, ProcessPool(1) as pool:
        tournament = Tournament.create(store, settings(), name="w")
        tournament.play(pool, limit=3)
        reader = sqlite3.connect(path)
        assert reader.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
        reader.close()
