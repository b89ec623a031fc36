"""2048 and N-Queens as Gymnasium environments: Gymnasium's checker, its registry, and
seeds that reproduce 2048's spawns exactly."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.rl import gym_env


@pytest.mark.parametrize("spec", ["2048", "queens(size=8)"])
def test_gymnasiums_checker_passes(spec: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its note that it tests render modes only via make
        check_env(gym_env(spec), skip_render_check=False)


def test_registered_ids_make_the_games() -> None:
    env = gymnasium.make("plyground/2048-v0")
    observation, info = env.reset(seed=1)
    assert observation.shape == (16,) and np.count_nonzero(observation) == 2
    assert info["action_mask"].dtype == np.int8
    queens = gymnasium.make("plyground/queens-v0", game="queens(size=5)")
    assert queens.action_space.n == 5


def play_out(seed: int) -> list[tuple[list[float], float]]:
    env = gym_env("2048")
    observation, info = env.reset(seed=seed)
    steps = [(observation.tolist(), 0.0)]
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, _, info = env.step(action)
        steps.append((observation.tolist(), float(reward)))
    return steps


def test_a_seed_reproduces_every_spawn() -> None:
    first = play_out(7)
    assert play_out(7) == first
    assert play_out(8) != first


def test_the_score_gained_is_the_reward_and_the_end_is_no_move() -> None:
    env = gym_env("2048")
    _, info = env.reset(seed=3)
    total = 0.0
    terminated = False
    while not terminated:
        _, reward, terminated, truncated, info = env.step(int(np.argmax(info["action_mask"])))
        total += float(reward)
        assert not truncated
    final = env.state_now
    assert final.is_terminal() and total == final.returns()[0]
    assert not info["action_mask"].any()


def test_an_illegal_action_changes_nothing_and_says_why() -> None:
    env = gym_env("queens(size=4)")
    env.reset(seed=0)
    env.step(0)  # a queen on a1
    observation, reward, terminated, _, info = env.step(1)  # b2 is attacked
    assert observation.tolist() == [1, 0, 0, 0] and reward == 0.0 and not terminated
    assert "would share a diagonal with the queen on a1" in info["illegal"]


def test_out_of_range_and_after_the_end_are_errors_naming_the_problem() -> None:
    env = gym_env("queens(size=1)")
    env.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="out of range: actions are 0-0"):
        env.step(1)
    _, reward, terminated, _, _ = env.step(0)
    assert terminated and reward == 1.0
    with pytest.raises(IllegalMoveError, match="the episode is over: call reset"):
        env.step(0)


def test_two_player_games_are_refused() -> None:
    with pytest.raises(SettingsError, match=r"use plyground\.rl\.aec_env"):
        gym_env("tictactoe")
