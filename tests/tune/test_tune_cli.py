"""``plyground tune`` as a user runs it: a real subprocess, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_tune_run import InProcess, snapshot

from cli_support import RunCli
from plyground.arena.storage.store import RecordStore
from plyground.arena.tuning.run import TuneSettings, TuningRun

TINY = "adjacency(size=5,rounds=3)"
TINY_RUN = [
    "tune",
    "alphabeta:depth=2,engine=reference",
    "--game",
    TINY,
    "--population",
    "4",
    "--keep",
    "2",
    "--generations",
    "2",
    "--opponents",
    "2",
    "--seed",
    "3",
]


def test_a_tiny_run_writes_weights_plot_and_confirmation(run_cli: RunCli, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    output = tmp_path / "out" / "best.json"
    result = run_cli(
        [*TINY_RUN, "--db", str(db), "--name", "run", "--output", str(output), "--confirm", "3"]
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "tuning run run: alphabeta:depth=2" in out
    assert "generation 0: best" in out and "generation 1: best" in out
    assert "weights: gain 0..4, threat 0..3, exposure -1..1, tempo -1..2" in out
    assert "tuned vs start: score" in out and "over 6 games, Elo" in out
    data = json.loads(output.read_text(encoding="utf-8"))
    assert set(data["weights"]) == {"gain", "threat", "exposure", "tempo"}
    assert data["run"] == "run" and data["bot"] == "alphabeta:depth=2,engine=reference"
    assert output.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with RecordStore(db) as store:
        assert [g.number for g in store.generations("run")] == [0, 1]
        assert store.count_games("run") == 2 * 16
        assert store.tournament("run").finished is not None

    # the weights file loads into the bot, as the help says
    match = run_cli(
        [
            "match",
            f"alphabeta:depth=2,engine=reference,weights={output}",
            "alphabeta:depth=2,engine=reference",
            "--game",
            TINY,
            "--games",
            "2",
        ]
    )
    assert match.returncode == 0, match.stderr
    # and the run's games read like any tournament's
    report = run_cli(["report", "--tournament", "run", "--db", str(db)])
    assert report.returncode == 0, report.stderr
    assert "m0000" in report.stdout and "start" in report.stdout


def test_a_budget_stops_the_run_and_resume_finishes_it_the_same(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = tmp_path / "parts.sqlite3"
    common = ["--confirm", "0", "--output", str(tmp_path / "w.json")]
    stopped = run_cli([*TINY_RUN, "--db", str(db), "--name", "r", "--budget", "0.01", *common])
    assert stopped.returncode == 0, stopped.stderr
    assert "budget spent after 0 of 2 generations" in stopped.stdout
    assert "plyground tune --resume r" in stopped.stdout
    plot = tmp_path / "plots" / "fitness"  # no suffix: the PNG is fitness.png, and says so
    resumed = run_cli(["tune", "--resume", "--db", str(db), "--plot", str(plot), *common])
    assert resumed.returncode == 0, resumed.stderr
    assert "generation 1: best" in resumed.stdout
    assert f"fitness plot written to {plot}.png" in resumed.stdout
    assert Path(f"{plot}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # the same as a run never stopped, with the settings the command stored
    with RecordStore(db) as store, RecordStore(tmp_path / "whole.sqlite3") as whole:
        settings = TuneSettings.from_dict(store.tournament("r").settings)
        assert settings.opponents == 2 and settings.seed == 3
        TuningRun.create(whole, settings, "r").evolve(InProcess())
        assert snapshot(store, "r") == snapshot(whole, "r")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tune", "greedy"], "has no 'weights' setting"),
        (["tune"], "name the bot to tune"),
        (["tune", "alphabeta", "--keep", "20"], "keep must be 1 to population - 1"),
        (["tune", "--resume", "nope"], "no database at"),  # nothing stored yet
        (["tune", "alphabeta", "--budget", "soon"], "expected a duration like 90, 30m or 2h"),
        # found before any generation is played, not after all of them
        (["tune", "alphabeta", "--output", "/"], "--output '/' is a directory"),
        (["tune", "alphabeta", "--plot", "/"], "--plot '/' is a directory"),
        (["tune", "alphabeta", "--mutation-scale", "inf"], "mutation scale must be a finite"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    run_cli: RunCli, tmp_path: Path, args: list[str], message: str
) -> None:
    result = run_cli([*args, "--db", str(tmp_path / "t.sqlite3")])
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
