"""The network shipped in the package: found by name, small, strong at 1-ply, and playing
where a user meets the 2048 bot (the web app's bot and Hint: tests/web)."""

from __future__ import annotations

from cli_support import RunCli
from plyground.algorithms.learning.network_file import read_network
from plyground.bots import make_bot
from plyground.bots.g2048_td.learner import play_greedy
from plyground.bots.g2048_td.networks import SHIPPED, packed_network, shipped_names
from plyground.rl.evaluation import evaluate


def test_the_shipped_network_is_small_and_reaches_2048_at_1_ply() -> None:
    assert "4x6-tc" in shipped_names()
    path = SHIPPED / "4x6-tc.npz"
    assert path.stat().st_size <= 16_000_000
    header, _, _ = read_network(path)
    assert header["tuples"] == "012345 456789 012456 45689a"
    packed = packed_network("4x6-tc")
    games = play_greedy(packed.network, packed.values, 20, seed=31)
    assert (games[:, 1] >= 11).sum() >= 17  # 2048 in 97.5-98.4% of 1,000 (docs/learning.md)


def test_the_shipped_network_plays_in_plyground_rl_and_the_terminal(run_cli: RunCli) -> None:
    """The learned network as the 2048 bot's evaluation where a user meets it: plyground.rl's
    evaluation (the arena's solo games) and ``plyground play 2048`` (a subprocess)."""
    (row,) = evaluate(make_bot("2048:network=4x6-tc,depth=1"), "2048", ["random"], games=1, seed=3)
    assert row.games == 1 and row.mean > row.opponent_mean
    near_end = "2,4,8,16/4,8,16,32/8,16,32,64/0,0,2,4 0 move"  # a few moves left
    done = run_cli(["play", "2048", "--x", "2048:network=4x6-tc,depth=1", "--position", near_end,
                    "--seed", "5"], timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and "Traceback" not in done.stderr
