"""The batched vector environments stepped beside ``State.play``: the same games, array for
array, over random games (hypothesis), and Gymnasium's vector API around them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import plyground.rl  # noqa: F401 - registers the environments
from plyground.core.encoding import encoding_of
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import State
from plyground.games.g2048.rules import G2048State, spawn_outcome
from plyground.rl.vector_env import BatchVectorEnv


def spawned(before: G2048State, after: G2048State) -> list[int]:
    """The spawn outcomes that take board ``before`` to ``after`` (one per new tile)."""
    return [
        spawn_outcome(cell, exponent)
        for cell, (old, exponent) in enumerate(zip(before.board, after.board, strict=True))
        if old != exponent
    ]


def opening(env: BatchVectorEnv, i: int, replies: np.ndarray) -> State:
    """Game ``i``'s start as the rules make it, with the opponent's opening reply or spawns."""
    state = env.game.initial_state()
    if state.is_chance():
        for outcome in spawned(state, env.state(i)):  # type: ignore[arg-type]
            assert outcome in dict(state.chance_outcomes())
            state = state.play(outcome)
    elif replies[i] >= 0:
        state = state.play(int(replies[i]))
    return state


def follow(state: State, action: int, reply: int, env: BatchVectorEnv, i: int) -> State:
    """``state`` after the learner's ``action`` and what followed it in game ``i``."""
    state = state.play(action)
    if state.is_chance():
        (outcome,) = spawned(state, env.state(i))  # type: ignore[arg-type]
        assert outcome in dict(state.chance_outcomes())
        state = state.play(outcome)
    elif reply >= 0:
        assert reply in state.legal_moves()
        state = state.play(reply)
    else:
        assert state.is_terminal()
    return state


@settings(max_examples=25, deadline=None)
@given(
    spec=st.sampled_from(["2048", "adjacency(size=4,rounds=4)", "adjacency(size=6,rounds=4)",
                          "adjacency(size=8,rounds=8,first=O)", "adjacency(size=5,rounds=8)"]),
    games=st.integers(1, 5),
    steps=st.integers(1, 40),
    seed=st.integers(0, 2**31 - 1),
    illegal_share=st.sampled_from([0.0, 0.2]),
)  # fmt: skip
def test_every_array_is_the_rules_step_for_step(
    spec: str, games: int, steps: int, seed: int, illegal_share: float
) -> None:
    env = BatchVectorEnv(spec, games, illegal_reward=-3.0)
    encoding = encoding_of(env.game)
    rng = np.random.default_rng(seed)
    observations, info = env.reset(seed=seed)
    learners = [i % env.game.capabilities.players for i in range(games)]
    states = [opening(env, i, info["opponent_action"]) for i in range(games)]
    done = [False] * games
    episodes = [1] * games
    # the learner's return when it last saw a reward: the start's, before an opening reply
    start = env.game.initial_state()
    bases = [start.returns()[learner] for learner in learners]
    for _ in range(steps):
        for i, state in enumerate(states):
            assert env.state(i) == state
            assert np.array_equal(observations[i], encoding.observe(state, learners[i]))
            assert np.array_equal(info["action_mask"][i], encoding.mask(state))
        legal = info["action_mask"].astype(bool)
        actions = rng.random(legal.shape) * (legal | (rng.random(legal.shape) < illegal_share))
        actions = actions.argmax(axis=1)
        observations, rewards, terminated, truncated, info = env.step(actions)
        for i in range(games):
            if done[i]:  # NEXT_STEP autoreset: this step started game i again
                learners[i] = (i + episodes[i]) % env.game.capabilities.players
                episodes[i] += 1
                states[i] = opening(env, i, info["opponent_action"])
                bases[i] = start.returns()[learners[i]]
                assert rewards[i] == 0 and not terminated[i] and not truncated[i]
                done[i] = False
                continue
            action = int(actions[i])
            before = states[i]
            if action not in before.legal_moves():
                assert info["illegal"][i] and rewards[i] == -3.0 and not terminated[i]
                continue
            states[i] = follow(before, action, int(info["opponent_action"][i]), env, i)
            now = states[i].returns()[learners[i]]
            assert rewards[i] == now - bases[i] and not info["illegal"][i]
            bases[i] = now
            assert terminated[i] == states[i].is_terminal() and not truncated[i]
            done[i] = bool(terminated[i])


def test_make_vec_gives_the_batched_env_and_sync_still_the_single_ones() -> None:
    env = gymnasium.make_vec("plyground/adjacency-v0", num_envs=4, size=6, rounds=4)
    assert isinstance(env, BatchVectorEnv) and env.max_episode_steps == 1000
    observations, info = env.reset(seed=2)
    assert observations.shape == (4, 6, 6, 3) and env.action_masks().shape == (4, 36)
    assert (info["action_mask"] == env.action_masks()).all()
    assert env.observation_space.shape == (4, 6, 6, 3)
    sync = gymnasium.make_vec("plyground/2048-v0", num_envs=2, vectorization_mode="sync")
    assert not isinstance(sync, BatchVectorEnv)
    sync.close()


def test_a_repeated_illegal_action_is_truncated_or_terminated() -> None:
    env = BatchVectorEnv("2048", 3, max_episode_steps=50)
    env.reset(seed=0)
    steps, truncated = 0, np.zeros(3, np.bool_)
    while not truncated.all():
        _, _, terminated, truncated, _ = env.step(np.zeros(3, np.int64))  # up, and up again
        steps += 1
        assert not terminated.any() and steps <= 50
    assert steps == 50
    ending = BatchVectorEnv("adjacency(size=4,rounds=4)", 2, illegal="terminate")
    ending.reset(seed=0)
    _, rewards, terminated, _, info = ending.step(np.zeros(2, np.int64))  # a1: X's start
    assert info["illegal"][0] and terminated[0] and rewards[0] == 0.0


def test_bad_vector_envs_are_named() -> None:
    with pytest.raises(SettingsError, match="no batched kernel"):
        BatchVectorEnv("tictactoe", 2)
    with pytest.raises(SettingsError, match="opponent is a uniformly random player"):
        BatchVectorEnv("adjacency", 2, opponent="greedy")
    env = BatchVectorEnv("2048", 2)
    env.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="action 4 is out of range"):
        env.step(np.array([0, 4]))


def test_the_kernels_with_the_jit_off_step_as_the_rules(cli_env: dict[str, str]) -> None:
    """The property test above as plain Python (``NUMBA_DISABLE_JIT=1``), in a subprocess:
    the kernels' lines run uncompiled, with Python's unbounded integers."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k",
         "every_array_is_the_rules", str(Path(__file__))],
        capture_output=True, text=True, env={**cli_env, "NUMBA_DISABLE_JIT": "1"},
        timeout=600, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
