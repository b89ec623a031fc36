"""The network shipped in the package: found by name, small, and strong at 1-ply."""

from __future__ import annotations

from plyground.algorithms.learning.network_file import read_network
from plyground.bots.g2048_td.learner import play_greedy
from plyground.bots.g2048_td.networks import SHIPPED, packed_network, shipped_names


def test_the_shipped_network_is_small_and_reaches_2048_at_1_ply() -> None:
    assert "4x6-tc" in shipped_names()
    path = SHIPPED / "4x6-tc.npz"
    assert path.stat().st_size <= 16_000_000
    header, _, _ = read_network(path)
    assert header["tuples"] == "012345 456789 012456 45689a"
    packed = packed_network("4x6-tc")
    games = play_greedy(packed.network, packed.values, 20, seed=31)
    assert (games[:, 1] >= 11).sum() >= 17  # 2048 in 96.5% of 1,000 games (docs/learning.md)
