"""The 2048 learner: a tiny network learns, the update rules match their plain reference,
a run killed with SIGKILL continues as if uninterrupted, and bad input is refused with a
sentence (the CLI as a subprocess)."""

from __future__ import annotations

import csv
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_support import RunCli, plyground_env
from plyground.algorithms.learning.network_file import read_network
from plyground.algorithms.learning.weights import Rule, Tables, apply_update
from plyground.bots.g2048_td.learner import G2048Learner, LearnerSettings, play_greedy
from plyground.games.g2048.ntuple import NTupleNetwork

TINY = "0123 4567"
SMALL = "0123 4567 0145 1256"


def _mean_score(network: NTupleNetwork, values: np.ndarray, seed: int = 99) -> float:
    return float(play_greedy(network, values, 300, seed)[:, 0].mean())


@pytest.mark.parametrize(
    "settings_",
    [
        LearnerSettings(network=SMALL, seed=5),
        LearnerSettings(network=SMALL, seed=5, coherence=True, alpha=1.0),
        LearnerSettings(network=SMALL, seed=5, lam=0.5, restarts=1, stages="256"),
    ],
    ids=["td0", "tc", "lambda-restarts-stages"],
)
def test_a_tiny_network_learns(settings_: LearnerSettings) -> None:
    """A few hundred games of training beat the untrained network on the same spawns
    (evaluation seeds apart from the training seed)."""
    learner = G2048Learner(settings_)
    before = _mean_score(learner.network, learner.weights.values.copy())
    learner.batch(0, 400)
    after = _mean_score(learner.network, learner.weights.values)
    assert after > 2 * before


def _reference_update(
    tables: list[list[float]], index: list[int], rule: Rule, error: float
) -> None:
    values, errors, totals = tables
    step = rule.alpha * error / len(index)
    for k in index:
        rate = abs(errors[k]) / totals[k] if rule.coherence and totals[k] > 0 else 1.0
        values[k] += step * rate
        if rule.coherence:
            errors[k] += error
            totals[k] += abs(error)


@settings(max_examples=100, deadline=None)
@given(
    index=st.lists(st.integers(0, 7), min_size=1, max_size=12),
    errors=st.lists(st.floats(-100, 100), min_size=1, max_size=4),
    coherence=st.booleans(),
)
def test_updates_agree_with_the_reference(
    index: list[int], errors: list[float], coherence: bool
) -> None:
    arrays = [np.zeros(8, dtype=np.float32) for _ in range(3)]
    tables = Tables(*(array.ctypes.data for array in arrays))
    reference = [[0.0] * 8 for _ in range(3)]
    where = np.array(index, dtype=np.int64)
    rule = Rule(0.25, coherence)
    for error in errors:
        apply_update(tables, rule, where.ctypes.data, len(index), error)
        _reference_update(reference, index, rule, error)
    for got, expected in zip(arrays, reference, strict=True):
        assert got.tolist() == pytest.approx(expected, rel=1e-4, abs=1e-3)


def _learn(out: Path, episodes: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "plyground", "learn", "2048", "--out", str(out),
            "--network", TINY, "--episodes", str(episodes), "--window", "100", "--seed", "3",
            "--quiet", *extra]  # fmt: skip


def _rows(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8") as rows:
        return [row[:2] + row[3:] for row in csv.reader(rows)]  # all but the seconds


def test_a_killed_run_continues_as_if_uninterrupted(tmp_path: Path) -> None:
    # A checkpoint after every batch (--checkpoint-every 0.001): the first comes after the
    # learner's first batch (500 games), the next batch holds the other 4,500 (about a
    # second of training on an idle core, far longer than the 5 ms poll), so a kill as
    # soon as the file appears lands part-way, and the two runs split their games into
    # batches differently. (The file is written whole, by a rename, so it may be read
    # at once.)
    episodes = 5_000
    whole = tmp_path / "whole.npz"
    subprocess.run(_learn(whole, episodes), env=plyground_env(), check=True, timeout=300)
    cut = tmp_path / "cut.npz"
    learn = _learn(cut, episodes, "--checkpoint-every", "0.001")
    process = subprocess.Popen(learn, env=plyground_env())
    deadline = time.monotonic() + 240
    while not cut.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=30) == -signal.SIGKILL
    header, _, _ = read_network(cut)
    assert 0 < header["progress"]["curve"]["episodes"] < episodes  # killed part-way
    subprocess.run(_learn(cut, episodes), env=plyground_env(), check=True, timeout=300)
    a = read_network(whole, ("rngs",))
    b = read_network(cut, ("rngs",))
    assert np.array_equal(a[1], b[1])
    assert np.array_equal(a[2]["rngs"], b[2]["rngs"])
    assert _rows(whole.with_name("whole.npz.csv")) == _rows(cut.with_name("cut.npz.csv"))


def test_the_cli_trains_reports_and_refuses_bad_input(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "net.npz"
    plot = tmp_path / "curve.png"
    done = run_cli(["learn", "2048", "--out", str(out), "--network", TINY, "--episodes", "300",
                    "--window", "100", "--plot", str(plot)])  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "trained 300 games" in done.stdout
    assert plot.stat().st_size > 1000
    assert len(_rows(tmp_path / "net.npz.csv")) == 4
    again = run_cli(["learn", "2048", "--out", str(out), "--network", TINY, "--episodes", "300"])
    assert again.returncode == 0 and "already" in again.stdout

    def refused(args: list[str], words: str) -> None:
        result = run_cli(["learn", "2048", *args])
        assert result.returncode == 2, result.stdout + result.stderr
        assert words in result.stderr and "Traceback" not in result.stderr

    refused(
        ["--out", str(out), "--network", "0123 4567 89ab", "--episodes", "400"],
        "holds the network '0123 4567'",
    )
    refused(
        ["--out", str(out), "--network", TINY, "--alpha", "0.2", "--episodes", "400"],
        "other settings (alpha 0.1 there, 0.2 here)",
    )
    refused(["--out", str(tmp_path / "x.npz"), "--network", "0123 4565"], "names cell 5 twice")
    refused(
        ["--out", str(tmp_path / "x.npz"), "--network", "01234567 89abcdef 13579bdf"], "of memory"
    )
    damaged = tmp_path / "damaged.npz"
    data = bytearray(out.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(b ^ 0xFF for b in data[middle : middle + 64])
    damaged.write_bytes(bytes(data))
    refused(["--out", str(damaged), "--network", TINY, "--episodes", "400"], "damaged")
    (tmp_path / "text.npz").write_text("not a network")
    refused(
        ["--out", str(tmp_path / "text.npz"), "--network", TINY], "not a plyground network file"
    )
    refused(
        ["--out", str(tmp_path / "y.npz"), "--network", TINY, "--init", str(damaged)], "damaged"
    )
    assert not (tmp_path / "y.npz").exists()


def test_the_bot_plays_with_a_learned_network(run_cli: RunCli, tmp_path: Path) -> None:
    """``plyground learn 2048 --export`` writes a network the ``2048`` bot evaluates with."""
    run = tmp_path / "run.npz"
    shipped = tmp_path / "small.npz"
    assert run_cli(["learn", "2048", "--out", str(run), "--network", TINY, "--episodes", "200",
                    "--quiet"]).returncode == 0  # fmt: skip
    export = ["learn", "2048", "--out", str(run), "--export", str(shipped), "--storage"]
    done = run_cli([*export, "int16", "--step", "8", "--prune", "4"])
    assert done.returncode == 0 and "int16" in done.stdout
    header, values, _ = read_network(shipped)
    assert header["trained"]["games"] == 200 and "learner" not in header
    assert header["scale"] >= 8 and np.allclose(
        values / header["scale"], np.round(values / header["scale"])
    )
    refused = run_cli([*export, "float16", "--step", "8"])
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "--step rounds int16 weights" in refused.stderr
    bot = f"2048:network={shipped},depth=2"
    done = run_cli(["play2048", "--watch", "--bot", bot, "--max-moves", "20", "--seed", "4"])
    assert done.returncode == 0, done.stderr
    assert "20 moves" in done.stdout
    done = run_cli(["play2048", "--watch", "--bot", f"2048:network={tmp_path / 'none.npz'}"])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "neither a network file nor a shipped network" in done.stderr
