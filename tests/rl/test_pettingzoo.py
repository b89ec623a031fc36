"""The two-player games as PettingZoo environments, checked by PettingZoo's own tests and
played as its users play them: every step agrees with ``State.play``."""

from __future__ import annotations

import functools
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from race_game import RaceGame

from plyground.core.encoding import encoding_of
from plyground.core.errors import SettingsError
from plyground.games import load_game
from plyground.rl import aec_env

GAMES = ["tictactoe", "adjacency(size=5,rounds=3)", "morris"]


@pytest.mark.parametrize("spec", GAMES)
def test_pettingzoo_api_seed_and_render_tests_pass(spec: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on names and Dict spaces, as for its own
        api_test(aec_env(spec), num_cycles=200)
        seed_test(functools.partial(aec_env, spec), num_cycles=10)
        render_test(functools.partial(aec_env, spec))


@pytest.mark.parametrize("spec", GAMES)
def test_random_games_follow_the_rules_and_pay_the_returns(spec: str) -> None:
    game = load_game(spec)
    encoding = encoding_of(game)
    env = aec_env(spec)
    rng = random.Random(3)
    assert env.possible_agents == [game.player_name(0), game.player_name(1)]
    for _ in range(5):
        env.reset()
        state = game.initial_state()
        totals = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += float(reward)
            assert not truncation  # a game's end is a termination, fixed rounds included
            if termination:
                assert state.is_terminal()
                env.step(None)
                continue
            assert agent == game.player_name(state.to_move())
            legal = np.flatnonzero(observation["action_mask"])
            assert sorted(encoding.move(int(a)) for a in legal) == sorted(state.legal_moves())
            player = env.possible_agents.index(agent)
            assert np.array_equal(observation["observation"], encoding.observe(state, player))
            move = rng.choice(state.legal_moves())
            env.step(encoding.action(move))
            state = state.play(move)
        assert totals == dict(zip(env.possible_agents, state.returns(), strict=True))


def test_spaces_are_the_same_objects_on_every_call() -> None:
    env = aec_env("adjacency(size=6,rounds=4)")
    assert env.observation_space("X") is env.observation_space("X")
    assert env.action_space("O") is env.action_space("O")
    assert env.action_space("O") is not env.action_space("X")  # seeded one by one
    assert env.action_space("X").n == 36
    assert env.observation_space("X")["observation"].shape == (6, 6, 3)


def test_the_adjacency_game_ends_by_termination_after_its_rounds() -> None:
    env = aec_env("adjacency(size=4,rounds=1)")
    env.reset()
    env.step(int(np.flatnonzero(env.observe("X")["action_mask"])[0]))
    env.step(int(np.flatnonzero(env.observe("O")["action_mask"])[0]))
    assert env.terminations == {"X": True, "O": True}
    assert env.truncations == {"X": False, "O": False}


def test_an_illegal_action_ends_the_game_with_a_penalty(caplog: pytest.LogCaptureFixture) -> None:
    env = aec_env("tictactoe")
    env.reset()
    env.step(4)
    env.step(4)  # O on X's cell
    assert "Illegal move made, game terminating with current player losing" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards == {"X": 0, "O": -1.0}
    adjacency = aec_env("adjacency")  # 8x8: the worst margin is -64
    adjacency.reset()
    adjacency.step(0)  # a1 is X's own
    assert adjacency.rewards["X"] == -64.0


def test_an_action_out_of_range_fails_its_assertion() -> None:
    env = aec_env("tictactoe")
    env.reset()
    with pytest.raises(AssertionError, match="not in action space"):
        env.step(9)


def test_a_step_after_the_end_is_refused_with_pettingzoos_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = aec_env("adjacency(size=4,rounds=1)")
    env.reset()
    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(np.argmax(observation["action_mask"])))
    env.step(0)
    assert "step() called after all agents are terminated or truncated" in caplog.text


def test_the_raw_environment_says_why_a_move_is_illegal() -> None:
    raw = aec_env("tictactoe").unwrapped
    raw.reset()
    raw.step(4)
    with pytest.raises(ValueError, match="cell b2 is occupied by X"):
        raw.step(4)


def test_renders_the_game_as_text_and_as_a_picture() -> None:
    env = aec_env("tictactoe", render_mode="ansi")
    env.reset()
    env.step(0)
    assert env.render() == load_game("tictactoe").initial_state().play(0).render()
    picture = aec_env("adjacency(size=5,rounds=3)", render_mode="rgb_array")
    picture.reset()
    image = picture.render()
    assert image.shape == (5 * 24, 5 * 24, 3) and image.dtype == np.uint8
    assert "rgb_array" not in aec_env("morris").metadata["render_modes"]


def test_bad_specs_and_modes_are_named() -> None:
    with pytest.raises(SettingsError, match=r"one-player game: use plyground\.rl\.gym_env"):
        aec_env("2048")
    with pytest.raises(SettingsError, match="render mode 'rgb_array' is not one of"):
        aec_env("morris", render_mode="rgb_array")


def test_a_game_no_registry_knows_with_chance_passes_pettingzoos_tests() -> None:
    """A plugin game brings its own encoding; its coin is settled by the seeded generator."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(RaceGame()), num_cycles=100)
        seed_test(lambda **kwargs: aec_env(RaceGame(), **kwargs), num_cycles=10)
        render_test(lambda **kwargs: aec_env(RaceGame(), **kwargs))
    env = aec_env(RaceGame())

    def positions(seed: int) -> list[tuple[int, int]]:
        env.reset(seed=seed)
        seen = []
        for _agent in env.agent_iter():
            _, _, termination, truncation, _ = env.last()
            env.step(None if termination or truncation else 1)
            seen.append(env.unwrapped.state_now.positions)
        return seen

    assert positions(4) == positions(4)
    assert len({tuple(positions(seed)) for seed in range(6)}) > 1
