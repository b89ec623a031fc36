"""The MaskablePPO example, where sb3-contrib is installed (``plyground[baselines]``; not in
what ``make test`` installs, so elsewhere this module is skipped): a short training writes
its model and curve, and the model plays a match as a bot."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import ROOT, plyground_env

pytest.importorskip("sb3_contrib")

EXAMPLE = ROOT / "examples" / "rl" / "maskable_ppo.py"


def test_a_short_training_writes_its_curve_and_plays_as_a_bot(tmp_path: Path) -> None:
    out = tmp_path / "run"
    subprocess.run(
        [sys.executable, str(EXAMPLE), "train", "adjacency", "--steps", "2048",
         "--every", "2048", "--games", "2", "--out", str(out)],
        check=True, capture_output=True, text=True, env=plyground_env(), timeout=300,
    )  # fmt: skip
    rows = list(csv.DictReader((out / "curve.csv").open()))
    assert [row["steps"] for row in rows] == ["2048"] and (out / "model.zip").exists()
    done = subprocess.run(
        [sys.executable, "-m", "plyground", "match", "--game", "adjacency(size=6,rounds=4)",
         "--games", "2", "--seed", "1", f"{EXAMPLE}:MaskablePolicy:model={out / 'model.zip'}",
         "random:seed=1"],
        check=False, capture_output=True, text=True, env=plyground_env(), timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Elo difference A - B" in done.stdout
