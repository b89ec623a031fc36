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
from plyground.rl.solo_env import ENV_IDS


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


@pytest.mark.parametrize("env_id", list(ENV_IDS))
@pytest.mark.parametrize("illegal", ["noop", "terminate"])
def test_every_episode_ends_under_a_policy_repeating_one_action(env_id: str, illegal: str) -> None:
    """What SB3's evaluate_policy needs of a deterministic untrained policy: an end."""
    _, steps = ENV_IDS[env_id]
    env = gymnasium.make(env_id, illegal=illegal, illegal_reward=-2.0)
    assert env.spec is not None and env.spec.max_episode_steps == steps
    for action in (0, int(env.action_space.n) - 1):
        env.reset(seed=action)
        played, terminated, truncated = 0, False, False
        while not (terminated or truncated):
            _, reward, terminated, truncated, info = env.step(action)
            played += 1
        assert played <= steps
        if illegal == "terminate" and "illegal" in info:
            assert terminated and reward == -2.0 and played < steps
        if truncated:
            assert illegal == "noop" and played == steps and "illegal" in info


def test_action_masks_are_found_as_sb3_contrib_finds_them() -> None:
    env = gymnasium.make("plyground/2048-v0")
    _, info = env.reset(seed=4)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and masks.tolist() == info["action_mask"].astype(bool).tolist()
    vector = gymnasium.make_vec(
        "plyground/adjacency-v0", num_envs=3, vectorization_mode="sync", size=5, rounds=3
    )
    _, infos = vector.reset(seed=1)
    stacked = np.stack(vector.call("action_masks"))
    assert stacked.shape == (3, 25) and (stacked == infos["action_mask"].astype(bool)).all()
    vector.close()


def test_a_two_player_game_against_an_opponent_passes_gymnasiums_checker() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env("adjacency(size=5,rounds=3)", opponent="greedy"))
        check_env(gym_env("tictactoe", opponent="random", colour="O"))


def test_colours_alternate_or_are_chosen_and_rewards_add_up_to_the_return() -> None:
    env = gymnasium.make("plyground/adjacency-v0", size=5, rounds=3, opponent="greedy")
    seats = []
    for episode in range(4):
        _, info = env.reset(seed=10) if episode == 0 else env.reset()
        seats.append(env.unwrapped.learner)
        total, done = 0.0, False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        assert terminated and total == env.unwrapped.state_now.returns()[seats[-1]]
    assert seats == [0, 1, 0, 1]
    chosen = gymnasium.make("plyground/tictactoe-v0", colour="O")
    chosen.reset(seed=0)
    assert chosen.unwrapped.learner == 1 and chosen.unwrapped.state_now.text().count("X") == 1


def test_a_snapshot_policy_plays_the_other_seat_and_its_illegal_action_is_named() -> None:
    seen = []

    def snapshot(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append(observation.shape)
        return int(np.flatnonzero(mask)[-1])

    env = gym_env("tictactoe", opponent=snapshot, colour="X")
    env.reset(seed=0)
    env.step(0)
    assert seen == [(3, 3, 2)] and env.state_now.cell(8) == "O"
    env.reset(seed=0)
    env.step(0)
    env.set_opponent(lambda observation, mask: 0)  # a1, once the learner has taken it
    env.step(1)  # the episode under way goes on with the opponent it began with
    assert seen == [(3, 3, 2)] * 3
    env.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="the opponent's policy chose action 0"):
        env.step(0)
    with pytest.raises(SettingsError, match="colour must be alternate or one of X, O"):
        gym_env("tictactoe", colour="Z")
    with pytest.raises(SettingsError, match="cannot play"):
        gym_env("tictactoe", opponent="2048").reset(seed=0)
