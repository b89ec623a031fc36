"""``plyground learn adjacency`` as a user runs it: generate, label, fit, status, export."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import RunCli
from plyground.games.adjacency.pattern_file import read_weights


def test_generate_label_fit_and_resume(run_cli: RunCli, tmp_path: Path) -> None:
    db = str(tmp_path / "labels.db")
    made = run_cli(["learn", "adjacency", "generate", "--db", db, "--games", "60", "--quiet"])
    assert made.returncode == 0, made.stderr
    assert "60 games" in made.stdout
    again = run_cli(["learn", "adjacency", "generate", "--db", db, "--games", "60", "--quiet"])
    assert "60 games" in again.stdout  # nothing new to play
    label = ["learn", "adjacency", "label", "--db", db, "--plies", "2,3", "--quiet"]
    first = run_cli([*label, "--limit", "30"])
    assert first.returncode == 0, first.stderr
    assert "30 positions labelled" in first.stdout
    rest = run_cli(label)
    assert "90 positions labelled" in rest.stdout  # 60 games x 2 plies, 30 done before
    status = run_cli(["learn", "adjacency", "status", "--db", db])
    assert "exact       2      60" in status.stdout
    out = tmp_path / "w.json"
    plot = tmp_path / "fit.png"
    fit = run_cli(["learn", "adjacency", "fit", "--db", db, "--out", str(out), "--plot", str(plot)])
    assert fit.returncode == 0, fit.stderr
    assert "hand-written" in fit.stdout
    assert read_weights(out).plies == ((2, 2), (3, 3))
    assert plot.read_bytes()[:4] == b"\x89PNG"
    compact = tmp_path / "compact.db"
    exported = run_cli(["learn", "adjacency", "export", "--db", db, "--out", str(compact)])
    assert "120 exact labels copied" in exported.stdout
    refit = run_cli(["learn", "adjacency", "fit", "--db", str(compact), "--out", str(out)])
    assert refit.returncode == 0, refit.stderr
    assert json.loads(out.read_text())["format"] == "plyground adjacency patterns"


def test_bad_input_is_one_line_and_status_2(run_cli: RunCli, tmp_path: Path) -> None:
    bad = run_cli(["learn", "adjacency", "label", "--db", "x.db", "--plies", "9,2"])
    assert bad.returncode == 2
    assert "plies must be 1 <= least <= most <= 56" in bad.stderr
    other = tmp_path / "notes.txt"
    other.write_text("not a database")
    refused = run_cli(["learn", "adjacency", "status", "--db", str(other)])
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr
    missing = run_cli(["learn", "adjacency", "fit", "--db", str(tmp_path / "no.db"), "--out", "w"])
    assert missing.returncode != 0
    assert "no label file" in missing.stderr
