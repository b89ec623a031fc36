"""Tuning in a one-player game (2048): seeded games per member, fitness the mean score."""

from __future__ import annotations

import json
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_tune_run import InProcess

from cli_support import RunCli, plyground_env
from plyground.arena.records.solo_game import SoloGame
from plyground.arena.runs.jobs import Entrant
from plyground.arena.storage.store import RecordStore
from plyground.arena.tuning.results import solo_confirmation, write_weights
from plyground.arena.tuning.run import TuneSettings, TuningRun
from plyground.arena.tuning.solo_fitness import generation_seeds, score_figures
from plyground.bots.evaluators import tunable_weights
from plyground.core.errors import SettingsError
from plyground.games import load_game
from plyground.games.g2048.evaluation import G2048Weights
from process_support import children, wait_gone

BOT = "2048:depth=1,engine=python"


def solo_settings(**changes: Any) -> TuneSettings:
    values: dict[str, Any] = {
        "bot": BOT,
        "game": "2048",
        "population": 4,
        "keep": 2,
        "generations": 2,
        "games": 3,
        "max_moves": 40,
        "init": "defaults",
        "seed": 7,
    }
    values.update(changes)
    return TuneSettings(**values)


def solo_snapshot(store: RecordStore, run_id: str) -> dict[str, Any]:
    return {
        "generations": [(g.number, g.population, g.fitness) for g in store.generations(run_id)],
        "games": [(g.key, g.seed, g.score, g.moves, g.final) for g in store.solo_games(run_id)],
    }


def test_the_2048_evaluation_declares_its_weights_but_the_lost_offset() -> None:
    declared = {w.name: w for w in tunable_weights(load_game("2048"))}
    defaults = G2048Weights().as_dict()
    assert set(declared) == set(defaults) - {"lost"}
    assert all(declared[name].default == defaults[name] for name in declared)


def test_one_player_settings_check_what_applies_to_them() -> None:
    settings = solo_settings()
    assert settings.solo and settings.reference_field == ()
    assert settings.games_per_generation() == 4 * 3
    assert TuneSettings.from_dict(settings.to_dict()) == settings
    older = {k: v for k, v in settings.to_dict().items() if k not in ("games", "max_moves")}
    assert TuneSettings.from_dict(older).games == 8  # a run stored before these settings
    with pytest.raises(SettingsError, match="has one player"):
        solo_settings(reference=(Entrant("start", BOT),))
    with pytest.raises(SettingsError, match="games must be at least 1"):
        solo_settings(games=0)
    with pytest.raises(SettingsError, match="max_moves must be at least 1"):
        solo_settings(max_moves=0)
    assert not TuneSettings(bot="alphabeta:depth=2").solo


def test_every_member_plays_the_generation_s_seeds_and_scores_its_mean(tmp_path: Path) -> None:
    settings = solo_settings()
    with RecordStore(tmp_path / "s.sqlite3") as store:
        run = TuningRun.create(store, settings, "run")
        assert run.evolve(InProcess()) is True
        games = store.solo_games("run")
        assert len(games) == 2 * 4 * 3 and store.count_games("run") == 24
        assert store.tournament("run").played == 24
        for number, result in enumerate(run.results()):
            assert result.measure == "mean"
            seeds = generation_seeds(settings, number)
            mine = [g for g in games if g.key.startswith(f"g{number:03d}/")]
            for member in result.members:
                played = [g for g in mine if g.player == member.id]
                assert [g.seed for g in played] == seeds  # the same seeds for everyone
                assert all(g.moves == 40 and not g.finished for g in played)
                scores = [g.score for g in played]
                assert result.fitness[member.id]["mean"] == round(statistics.mean(scores), 3)
                assert result.value(member) == result.fitness[member.id]["mean"]
            assert (
                result.ranked()[0].id
                == max(result.members, key=lambda m: result.fitness[m.id]["mean"]).id
            )
        assert generation_seeds(settings, 0) != generation_seeds(settings, 1)
        best, mean = run.best()
        final = run.results()[-1].members
        overall = {m.id: statistics.mean(g.score for g in games if g.player == m.id) for m in final}
        assert mean == round(max(overall.values()), 3)
        assert mean == round(overall[best.id], 3)
        written = json.loads(write_weights(tmp_path / "w.json", run, best, mean).read_text())
        assert written["mean_score"] == round(mean, 1) and "elo_vs_start" not in written


def test_a_one_player_run_is_the_same_after_an_interruption(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "whole.sqlite3") as store:
        TuningRun.create(store, solo_settings(), "run").evolve(InProcess())
        whole = solo_snapshot(store, "run")
    with RecordStore(tmp_path / "parts.sqlite3") as store:
        TuningRun.create(store, solo_settings(), "run")
        for stop_after in (5, 9):  # mid-generation 0, then mid-generation 1
            with pytest.raises(KeyboardInterrupt):
                TuningRun.resume(store).evolve(InProcess(stop_after))
        assert store.count_games("run") == 14
        TuningRun.resume(store).evolve(InProcess())
        assert solo_snapshot(store, "run") == whole
    with RecordStore(tmp_path / "other.sqlite3") as store:
        TuningRun.create(store, solo_settings(seed=8), "run").evolve(InProcess())
        assert solo_snapshot(store, "run")["games"] != whole["games"]


def test_the_confirmation_compares_seed_by_seed_and_is_stored_once(tmp_path: Path) -> None:
    with RecordStore(tmp_path / "c.sqlite3") as store:
        run = TuningRun.create(store, solo_settings(generations=1), "run")
        run.evolve(InProcess())
        best, _ = run.best()
        heard: list[tuple[int, int]] = []
        backend = InProcess()
        first = solo_confirmation(run, best, 3, backend, lambda *done: heard.append(done))
        assert backend.played == 6 and heard[-1] == (6, 6)
        games = store.solo_games(first.tournament_id)
        tuned = {g.key.split("/")[1]: g for g in games if g.player == "tuned"}
        start = {g.key.split("/")[1]: g for g in games if g.player == "start"}
        assert set(tuned) == set(start) and all(tuned[k].seed == start[k].seed for k in tuned)
        differences = [tuned[k].score - start[k].score for k in sorted(tuned)]
        assert first.difference == pytest.approx(statistics.mean(differences))
        assert first.tuned["mean"] == pytest.approx(
            statistics.mean(g.score for g in tuned.values())
        )
        again = InProcess()
        assert solo_confirmation(run, best, 3, again) == first and again.played == 0
        assert store.tournament(first.tournament_id).kind == "solo-confirmation"


def test_a_stored_solo_game_is_never_stored_twice(tmp_path: Path) -> None:
    game = SoloGame("g000/m0000/s000", "m0000", "2048", 5, 1024.0, 90, True, 0.5, "text")
    with RecordStore(tmp_path / "g.sqlite3") as store:
        store.create_tournament("t", "tune", {}, 1)
        assert store.add_solo_game("t", game) is True
        assert store.add_solo_game("t", SoloGame.from_dict({**game.to_dict(), "score": 1})) is False
        assert store.solo_games("t") == [game] and store.stored_keys("t") == {game.key}


def test_a_version_2_file_gains_the_solo_table_and_reads_without_it(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    with RecordStore(path) as store:
        store.create_tournament("t", "round-robin", {}, 0)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE solo_games")
    connection.execute("PRAGMA user_version = 2")
    connection.commit()
    connection.close()
    with RecordStore(path, read_only=True) as store:  # read as it is
        assert [(t.id, t.played) for t in store.tournaments()] == [("t", 0)]
        assert store.solo_games("t") == [] and store.count_games() == 0
    with RecordStore(path) as store:  # upgraded by the first writable open
        assert store.schema_version == 3
        assert store.add_solo_game("t", SoloGame("k", "p", "2048", 1, 4.0, 1, False, 0.1, "x"))


def test_summarise_gives_mean_margin_and_median() -> None:
    figures = score_figures([10.0, 20.0, 60.0])
    assert figures["mean"] == 30.0 and figures["median"] == 20.0 and figures["games"] == 3
    assert figures["margin"] == pytest.approx(1.96 * statistics.stdev([10, 20, 60]) / 3**0.5, 1e-3)
    assert score_figures([5.0])["margin"] == 0.0


SOLO_RUN = [
    "tune",
    BOT,
    "--game",
    "2048",
    "--population",
    "3",
    "--keep",
    "1",
    "--generations",
    "2",
    "--games",
    "2",
    "--max-moves",
    "30",
    "--init",
    "defaults",
]


def test_a_2048_run_from_the_command_line(run_cli: RunCli, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    output = tmp_path / "best.json"
    result = run_cli(
        [*SOLO_RUN, "--db", str(db), "--name", "run", "--output", str(output), "--confirm", "2"]
    )
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())  # as one line, whatever the console wrapped
    assert "2 seeded games each, fitness the mean score; 6 games per generation" in out
    assert "generation 1: best" in out and "fitness per generation (mean score)" in out
    assert "tuned - start, seed by seed:" in out
    data = json.loads(output.read_text(encoding="utf-8"))
    assert set(data["weights"]) == set(G2048Weights().as_dict()) - {"lost"}
    assert data["mean_score"] > 0
    assert output.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = run_cli(["report", "--tournament", "run", "--db", str(db)])
    assert report.returncode == 0, report.stderr
    assert "one-player games" in report.stdout and "m0000" in report.stdout
    exported = run_cli(["records", "export", "--tournament", "run", "--db", str(db)])
    assert exported.returncode == 2 and "only the outcomes are stored" in exported.stderr
    html = run_cli(
        ["report", "--tournament", "run", "--db", str(db), "--html", str(tmp_path / "r.html")]
    )
    assert html.returncode == 2 and "reports games between two players" in html.stderr
    # the weights file loads into the bot
    watch = run_cli(["play2048", "--watch", "--bot", f"{BOT},weights={output}", "--max-moves", "3"])
    assert watch.returncode == 0, watch.stderr


def test_a_2048_run_refuses_a_reference_field(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli([*SOLO_RUN, "--reference", BOT, "--db", str(tmp_path / "t.sqlite3")])
    assert result.returncode == 2 and "has one player" in result.stderr
    assert "Traceback" not in result.stderr


def test_ctrl_c_stops_a_run_and_says_how_to_continue(run_cli: RunCli, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    # A generation takes a fraction of a second: the run must outlast the wait below.
    long_run = [*SOLO_RUN, "--generations", "100000", "--max-moves", "100", "--confirm", "0"]
    process = subprocess.Popen(
        [sys.executable, "-m", "plyground", *long_run, "--db", str(db), "--name", "run"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=plyground_env(),
        text=True,
        cwd=tmp_path,
        # As at a terminal: an earlier test in this worker may have left SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        deadline = time.monotonic() + 120
        while not _stored_solo_games(db) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _stored_solo_games(db), "no game was stored"
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "games are stored. Continue with: plyground tune --resume run --db" in err
    assert "Traceback" not in err
    assert wait_gone(workers, 10) == [], "a worker outlived the interrupted run"
    # The interrupt may land after a whole generation was scored: ask for one more,
    # without the default confirmation's 100 games (test_a_2048_run_from_the_command_line
    # checks a confirmation).
    with RecordStore(db, must_exist=True) as store:
        scored = sum(1 for row in store.generations("run") if row.fitness is not None)
    resumed = run_cli(
        [
            *("tune", "--resume", "run", "--db", str(db)),
            *("--generations", str(scored + 1), "--confirm", "0"),
        ],
        cwd=tmp_path,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"generation {scored}: best" in resumed.stdout


def _stored_solo_games(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM solo_games").fetchone()[0])
    except sqlite3.OperationalError:  # the file is being made
        return 0
