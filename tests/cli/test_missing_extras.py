"""The plain install works to the end: with an optional extra missing (web, report, ray,
rl), the commands that would use it say so in a sentence naming the install, or do
without it, and none ends in a traceback.

Each case runs plyground as a user would, in a process where the extra's packages
cannot be imported (:func:`extras_support.without`)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from extras_support import without
from plyground.arena.storage.store import RecordStore

TINY_GAME = ["--game", "adjacency(size=4)", "--rounds", "2", "--openings", "0", "--time", "0.2"]
TINY_TUNE = [
    "tune",
    "alphabeta:depth=1,engine=reference",
    "--game",
    "adjacency(size=5,rounds=3)",
    "--population",
    "4",
    "--keep",
    "2",
    "--generations",
    "1",
    "--opponents",
    "2",
    "--confirm",
    "0",
]


def _plyground(
    packages: list[str], args: list[str], where: Path
) -> subprocess.CompletedProcess[str]:
    """``plyground ARGS`` in ``where`` with ``packages`` missing; never a traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "plyground", *args],
        env=without(packages, where / "missing"),
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    return result


def test_without_the_web_extra(tmp_path: Path) -> None:
    missing = ["fastapi", "uvicorn", "starlette"]
    assert _plyground(missing, ["--help"], tmp_path).returncode == 0
    served = _plyground(missing, ["serve", "--port", "0"], tmp_path)
    assert served.returncode == 2
    assert "pip install 'plyground[web]'" in served.stderr.strip().splitlines()[-1]


def test_without_the_report_extra(tmp_path: Path) -> None:
    missing = ["matplotlib"]
    db, page = tmp_path / "t.sqlite3", tmp_path / "page.html"
    played = _plyground(
        missing,
        ["tournament", "greedy", "random", *TINY_GAME, "--html", str(page), "--db", str(db)],
        tmp_path,
    )
    assert played.returncode == 0 and f"wrote {page}" in played.stdout
    assert "pip install &#x27;plyground[report]&#x27; adds the plots" in page.read_text()
    page.unlink()
    reported = _plyground(missing, ["report", "--db", str(db), "--html", str(page)], tmp_path)
    assert reported.returncode == 0 and "data:image/png" not in page.read_text()
    output = tmp_path / "best.json"
    tuned = _plyground(missing, [*TINY_TUNE, "--db", str(db), "--output", str(output)], tmp_path)
    assert tuned.returncode == 0, tuned.stderr
    said = " ".join(tuned.stdout.split())
    assert "no fitness plot: pip install 'plyground[report]' adds it" in said
    assert output.exists() and not output.with_suffix(".png").exists()


def test_without_the_ray_extra(tmp_path: Path) -> None:
    missing = ["ray"]
    db = tmp_path / "t.sqlite3"
    for args in (
        ["tournament", "greedy", "random", *TINY_GAME, "--backend", "ray", "--db", str(db)],
        [*TINY_TUNE, "--backend", "ray", "--db", str(db)],
    ):
        refused = _plyground(missing, args, tmp_path)
        assert refused.returncode == 2
        last = refused.stderr.strip().splitlines()[-1]
        assert "the Ray backend needs Ray: pip install 'plyground[ray]'" in last
    with RecordStore(db) as store:  # nothing stored for a --resume to pick
        assert store.tournaments() == []


@pytest.mark.skipif(
    importlib.util.find_spec("plyground.rl") is None,
    reason="plyground.rl (the rl extra's environments) is not in this checkout",
)
def test_without_the_rl_extra(tmp_path: Path) -> None:
    missing = ["pettingzoo", "gymnasium", "pyspiel", "open_spiel"]
    assert _plyground(missing, ["bots"], tmp_path).returncode == 0
    spiel = _plyground(
        missing,
        ["match", "plyground.rl.spiel_bot:SpielMCTSBot", "greedy", "--game", "tictactoe"],
        tmp_path,
    )
    assert spiel.returncode == 2
    assert "pip install 'plyground[rl]'" in spiel.stderr.strip().splitlines()[-1]
