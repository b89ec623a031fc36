"""The disk cache of decoded network values (algorithms/learning/network_cache.py): the first
load decodes and keeps the values, later ones read them back unchanged without decoding, and
a damaged entry or a cache that cannot be written costs a decoding, never a wrong value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from cli_support import plyground_env
from plyground.algorithms.learning import network_cache
from plyground.algorithms.learning.network_cache import cached_values, entry_path
from plyground.algorithms.learning.network_file import read_header
from plyground.bots.g2048_td.networks import SHIPPED

HEADER: dict[str, Any] = {"format": "x", "checksums": {"values": 12345}, "scale": 0.5}


class Decoder:
    """A stand-in for reading a network file: counts its calls."""

    def __init__(self, count: int, seed: int = 0) -> None:
        self.values = np.random.default_rng(seed).normal(size=count).astype(np.float32)
        self.calls = 0

    def __call__(self) -> npt.NDArray[np.float32]:
        self.calls += 1
        return self.values.copy()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of its own, caching networks of any size."""
    monkeypatch.setenv("PLYGROUND_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(network_cache, "LEAST", 0)
    return tmp_path / "cache"


def test_the_first_load_keeps_the_values_and_the_next_reads_them_unchanged(cache: Path) -> None:
    decode = Decoder(1000)
    first = cached_values(HEADER, 1000, decode)
    entry = entry_path(HEADER)
    assert entry is not None and entry.parent.parent == cache and entry.is_file()
    second = cached_values(HEADER, 1000, decode)
    assert decode.calls == 1  # the second came from the entry
    assert np.array_equal(first, decode.values) and np.array_equal(second, decode.values)
    assert not second.flags.writeable  # mapped read-only: shared by every process


def test_another_header_is_another_entry(cache: Path) -> None:
    changed = {**HEADER, "checksums": {"values": 54321}}
    cached_values(HEADER, 10, Decoder(10, seed=1))
    other = Decoder(10, seed=2)
    assert np.array_equal(cached_values(changed, 10, other), other.values)
    assert other.calls == 1 and entry_path(changed) != entry_path(HEADER)


@pytest.mark.parametrize("damage", ["truncated", "other shape", "not an array"])
def test_a_damaged_entry_is_decoded_again_and_rewritten(cache: Path, damage: str) -> None:
    decode = Decoder(1000)
    cached_values(HEADER, 1000, decode)
    entry = entry_path(HEADER)
    assert entry is not None
    if damage == "truncated":
        entry.write_bytes(entry.read_bytes()[:2000])
    elif damage == "other shape":
        np.save(entry, np.zeros(999, np.float32))
    else:
        entry.write_text("not an array")
    assert np.array_equal(cached_values(HEADER, 1000, decode), decode.values)
    assert decode.calls == 2
    assert np.array_equal(np.load(entry), decode.values)  # rewritten whole
    assert [p.name for p in entry.parent.iterdir()] == [entry.name]  # no part file left


def test_a_cache_that_cannot_be_written_or_is_off_only_costs_a_decoding(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("a file where the cache directory would be")
    decode = Decoder(100)
    for _ in range(2):
        assert np.array_equal(cached_values(HEADER, 100, decode), decode.values)
    assert decode.calls == 2
    monkeypatch.setenv("PLYGROUND_CACHE_DIR", "")  # set empty: the cache is off
    assert entry_path(HEADER) is None
    assert np.array_equal(cached_values(HEADER, 100, decode), decode.values)
    assert decode.calls == 3


def test_small_networks_are_not_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLYGROUND_CACHE_DIR", str(tmp_path / "cache"))
    decode = Decoder(network_cache.LEAST - 1)
    cached_values(HEADER, network_cache.LEAST - 1, decode)
    assert not (tmp_path / "cache").exists()


def test_the_shipped_network_plays_the_same_game_decoded_and_from_the_cache(
    tmp_path: Path,
) -> None:
    """As a user meets it: the first terminal game decodes the network into the cache, the
    second plays from the entry, and both play the same moves."""
    env = plyground_env() | {"PLYGROUND_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "plyground", "play2048", "--watch", "--bot",
               "2048:network=4x6-tc,depth=1", "--max-moves", "30", "--seed", "8"]  # fmt: skip
    entry = entry_path_for(tmp_path / "cache")
    games = []
    for _ in range(2):
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=300, check=False
        )
        assert done.returncode == 0, done.stderr
        assert entry.is_file()
        games.append([line.split(" nodes")[0] for line in done.stdout.splitlines()])  # not rates
    assert games[0] == games[1] and "stopped: score" in games[0][-1] and "30 moves" in games[0][-1]


def entry_path_for(cache: Path) -> Path:
    """The shipped network's entry in the cache at ``cache``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PLYGROUND_CACHE_DIR", str(cache))
        entry = entry_path(read_header(SHIPPED / "4x6-tc.npz"))
    assert entry is not None
    return entry
