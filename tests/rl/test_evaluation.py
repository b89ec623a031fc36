"""plyground.rl.evaluate: a policy against the project's bots in one call."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from plyground.core.errors import SettingsError
from plyground.rl import evaluate


def first_legal(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_two_player_policy_meets_each_opponent_with_paired_openings_and_elo() -> None:
    rows = evaluate(first_legal, "tictactoe", ["perfect", "random:seed=1"], games=10, seed=3)
    perfect, random_row = rows
    assert perfect.opponent == "perfect" and perfect.games == 10
    assert perfect.wins == 0 and perfect.losses > 0  # a1, b1, c1...: perfect play punishes it
    assert perfect.elo is not None and perfect.elo.diff < 0 and perfect.elo.high < 400
    assert random_row.wins + random_row.draws + random_row.losses == 10
    assert "Elo" in perfect.text() and perfect.to_dict()["elo"]["games"] == 10


def test_a_one_player_policy_is_paired_with_each_opponent_on_the_same_seeds() -> None:
    (row,) = evaluate(first_legal, "2048", ["greedy:seed=1"], games=4, seed=11)
    assert row.games == 4 and row.mean > 0 and row.opponent_mean > 0
    assert row.low <= row.difference <= row.high
    assert row.difference == pytest.approx(row.mean - row.opponent_mean)
    assert "paired games" in row.text()


def test_bad_evaluations_are_named() -> None:
    with pytest.raises(SettingsError, match="at least 1 game"):
        evaluate(first_legal, "tictactoe", ["random"], games=0)
    with pytest.raises(SettingsError, match="cannot play"):
        evaluate(first_legal, "tictactoe", ["2048"], games=2)
