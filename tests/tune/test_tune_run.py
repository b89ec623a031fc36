"""Tuning runs through the API: storage, determinism, resume, the best weights."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from plyground.arena.runs.backends import Backend, ProcessPool
from plyground.arena.runs.jobs import Entrant, Task
from plyground.arena.storage.store import SCHEMA_VERSION, RecordStore, StoreError
from plyground.arena.tuning.results import confirmation, write_weights
from plyground.arena.tuning.run import TuneSettings, TuningRun
from plyground.bots import make_bot
from plyground.bots.evaluators import load_weights
from plyground.core.errors import SettingsError

TINY = "adjacency(size=5,rounds=3)"


def tiny_settings(**changes: Any) -> TuneSettings:
    values: dict[str, Any] = {
        "bot": "alphabeta:depth=2,engine=reference",
        "game": TINY,
        "population": 5,
        "keep": 2,
        "generations": 3,
        "opponents": 2,
        "seed": 5,
    }
    values.update(changes)
    return TuneSettings(**values)


T = TypeVar("T", bound=Task)


class InProcess(Backend):
    """Plays jobs one by one in this process; ``stop_after`` simulates an interruption."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.stop_after = stop_after
        self.played = 0

    def results(self, tasks: Iterable[T]) -> Iterator[tuple[T, Any]]:
        for task in tasks:
            if self.stop_after is not None and self.played >= self.stop_after:
                raise KeyboardInterrupt
            self.played += 1
            yield task, task.perform()

    def close(self) -> None:
        """Nothing to stop: every game ran in this process."""


def snapshot(store: RecordStore, run_id: str) -> dict[str, Any]:
    """Everything a run decided: members, fitness, and every game's moves and result."""
    return {
        "generations": [(g.number, g.population, g.fitness) for g in store.generations(run_id)],
        "games": {
            g.key: ([m.move for m in g.record.moves], g.record.result, g.record.start)
            for g in store.games(run_id)
        },
    }


def test_a_run_stores_every_generation_and_game(tmp_path: Path) -> None:
    settings = tiny_settings()
    with RecordStore(tmp_path / "t.sqlite3") as store:
        run = TuningRun.create(store, settings, "run")
        assert run.evolve(InProcess()) is True
        rows = store.generations("run")
        assert [r.number for r in rows] == [0, 1, 2]
        assert all(r.fitness is not None and r.finished for r in rows)
        per_generation = settings.games_per_generation()
        assert per_generation == 2 * (5 * 1 + 5 * 1)  # 2 opponents each, one reference
        assert store.count_games("run") == 3 * per_generation
        row = store.tournament("run")
        assert (row.kind, row.planned, row.played) == ("tune", 3 * per_generation, 60)
        assert row.finished is not None
        first = run.results()[0]
        assert [m.origin for m in first.members] == ["start"] + ["random"] * 4
        assert dict(first.members[0].weights) == settings.start_weights
        later = run.results()[2]
        kept = [m for m in later.members if m.origin == "kept"]
        assert len(kept) == 2 and all(m.parents == () for m in kept)
        bred = [m for m in later.members if m.origin == "bred"]
        assert len(bred) == 3
        previous_ids = {m.id for m in run.results()[1].members}
        assert all(set(m.parents) <= previous_ids for m in bred)
        # each member played 2 members and the reference, both colours
        assert all(f["games"] == 6 for f in first.fitness.values())
        for record in run.generation_records(1):
            assert record.tags["generation"] == "1" and record.tags["key"].startswith("g001/")


def test_the_same_seed_gives_the_same_run_and_another_seed_does_not(tmp_path: Path) -> None:
    results = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6)):
        with RecordStore(tmp_path / f"{name}.sqlite3") as store:
            TuningRun.create(store, tiny_settings(seed=seed), "run").evolve(InProcess())
            results.append(snapshot(store, "run"))
    assert results[0] == results[1]
    assert results[0]["generations"] != results[2]["generations"]


def test_an_interrupted_run_resumes_to_the_same_result(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "whole.sqlite3") as store:
        TuningRun.create(store, tiny_settings(), "run").evolve(InProcess())
        whole = snapshot(store, "run")
    with RecordStore(tmp_path / "parts.sqlite3") as store:
        run = TuningRun.create(store, tiny_settings(), "run")
        for stop_after in (7, 20):  # mid-generation 0, then mid-generation 1
            with pytest.raises(KeyboardInterrupt):
                TuningRun.resume(store).evolve(InProcess(stop_after))
        assert not run.finished and store.count_games("run") == 27
        assert [g.fitness is not None for g in store.generations("run")] == [True, False]
        backend = InProcess()
        assert TuningRun.resume(store, "run").evolve(backend) is True
        assert backend.played == 33  # exactly the missing games
        assert snapshot(store, "run") == whole
        with pytest.raises(StoreError, match="no unfinished tuning run"):
            TuningRun.resume(store)


def test_a_deadline_stops_a_run_that_resumes_later(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "t.sqlite3") as store:
        run = TuningRun.create(store, tiny_settings(), "run")
        assert run.evolve(InProcess(), deadline=0.0) is False
        assert store.count_games("run") == 0
        assert run.evolve(InProcess()) is True


def test_a_finished_run_continues_with_more_generations(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "long.sqlite3") as store:
        TuningRun.create(store, tiny_settings(generations=4), "run").evolve(InProcess())
        long = snapshot(store, "run")
    with RecordStore(tmp_path / "short.sqlite3") as store:
        TuningRun.create(store, tiny_settings(generations=2), "run").evolve(InProcess())
        with pytest.raises(SettingsError, match="cannot cut"):
            TuningRun.resume(store, "run", generations=1)
        resumed = TuningRun.resume(store, "run", generations=4)
        assert resumed.settings.generations == 4
        assert store.tournament("run").finished is None
        assert resumed.evolve(InProcess()) is True
        assert snapshot(store, "run") == long


def test_the_process_pool_plays_the_same_run(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "a.sqlite3") as store:
        TuningRun.create(store, tiny_settings(generations=2), "run").evolve(InProcess())
        alone = snapshot(store, "run")
    with RecordStore(tmp_path / "b.sqlite3") as store, ProcessPool(2) as pool:
        TuningRun.create(store, tiny_settings(generations=2), "run").evolve(pool)
        assert snapshot(store, "run") == alone


def test_best_weights_load_into_the_bot_and_confirmation_is_stored(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "t.sqlite3") as store:
        run = TuningRun.create(store, tiny_settings(generations=2), "run")
        run.evolve(InProcess())
        best, rating = run.best()
        assert best in run.results()[-1].members
        path = write_weights(tmp_path / "out" / "best.json", run, best, rating)
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["member"] == best.id and data["run"] == "run"
        assert load_weights(str(path)) == dict(best.weights)
        bot = make_bot(f"alphabeta:depth=2,weights={path}")
        assert bot.choose(run.settings.reference_field[0] and _start(TINY)).move is not None
        tournament, estimate = confirmation(run, best, 3, InProcess())
        assert estimate.games == 6
        assert {e.name for e in tournament.settings.entrants} == {"tuned", "start"}
        again, same = confirmation(run, best, 3, InProcess(stop_after=0))  # all stored
        assert again.id == tournament.id and same == estimate


def _start(game: str) -> Any:
    from plyground.games import load_game

    return load_game(game).initial_state()


def test_a_reference_field_anchors_fitness_and_none_makes_it_relative(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "t.sqlite3") as store:
        field = (
            Entrant("greedy", "greedy"),
            Entrant("start", "alphabeta:depth=2,engine=reference"),
        )
        run = TuningRun.create(store, tiny_settings(generations=1, reference=field), "a")
        run.evolve(InProcess())
        names = {r.players[0].name for r in run.generation_records(0)}
        assert {"greedy", "start"} <= names
        alone = TuningRun.create(
            store, tiny_settings(generations=1, reference=(), opponents=None), "b"
        )
        alone.evolve(InProcess())
        result = alone.results()[0]
        assert abs(result.mean) < 1e-6  # relative ratings: mean 0
        assert all(f["games"] == 8 for f in result.fitness.values())  # everyone, both colours


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bot": "greedy"}, "no 'weights' setting"),
        ({"bot": "alphabeta:weights=speed:1"}, "unknown adjacency weight 'speed'"),
        # a weight the evaluation has but does not tune (0 in the default set)
        (
            {"bot": "morris:placing=1,moving=1,flying=1,weights=moving.threes:1", "game": "morris"},
            "weight 'moving.threes' is not tunable",
        ),
        ({"keep": 5}, "keep must be"),
        ({"population": 1, "keep": 1}, "at least 2"),
        ({"init": "zeros"}, "init must be"),
        ({"reference": (Entrant("m0001", "greedy"),)}, "names like m0001"),
        ({"game": "adjacency(size=3)"}, "at least 4"),
        ({"opponents": 0}, "opponents must be"),
    ],
)
def test_bad_settings_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        tiny_settings(**changes)


def test_start_weights_come_from_the_bot_spec() -> None:
    settings = tiny_settings(bot="alphabeta:depth=2,weights=gain:3;tempo:0")
    assert settings.start_weights == {"gain": 3.0, "threat": 1.0, "exposure": 0.25, "tempo": 0.0}
    spec = settings.member_spec({"gain": 1.5, "threat": 1.0, "exposure": 0.0, "tempo": 0.5})
    assert spec == "alphabeta(depth=2,weights=gain:1.5;threat:1.0;exposure:0.0;tempo:0.5)"


def test_a_version_1_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with RecordStore(path) as store:
        store.create_tournament("t", "round-robin", {}, 0)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE generations")
    connection.execute("DROP TABLE solo_games")
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    with RecordStore(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 3
        assert [t.id for t in store.tournaments()] == ["t"]
        store.create_tournament("r", "tune", {}, 0)
        store.add_generation("r", 0, [{"id": "m0000"}])
        with pytest.raises(StoreError, match=r"already scored|not stored"):
            store.finish_generation("r", 5, {})
        store.finish_generation("r", 0, {"m0000": {"elo": 0.0}}, [{"id": "m0001"}])
        with pytest.raises(StoreError, match="already scored"):
            store.finish_generation("r", 0, {})
        rows = store.generations("r")
        assert [(r.number, r.fitness) for r in rows] == [(0, {"m0000": {"elo": 0.0}}), (1, None)]
        # a failing write leaves nothing half done: generation 1 of "s" exists, so
        # finishing generation 0 (which would insert it again) keeps 0 unscored
        store.create_tournament("s", "tune", {}, 0)
        store.add_generation("s", 0, [])
        store.add_generation("s", 1, [])
        with pytest.raises(StoreError, match="cannot store generation 1"):
            store.finish_generation("s", 0, {"m0000": {"elo": 1.0}}, [])
        assert [r.fitness for r in store.generations("s")] == [None, None]
