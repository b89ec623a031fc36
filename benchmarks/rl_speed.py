"""Random-play speed of plyground's learning environments beside the field's own.

Each row plays uniformly random legal actions for ``--seconds`` and counts the
learner's actions per second (a 2048 move includes its spawn; a two-player
step is one player's move, or in the single-agent and batched environments
the learner's move with the random opponent's reply, counted as one step),
all in one process, one after another, so the ratios are measured side by
side. The field's own: OpenSpiel's built-in ``othello`` (C++, 8x8) and
``2048``, ``tic_tac_toe``, and PettingZoo's classic ``tictactoe_v3`` and
``connect_four_v3`` (which need ``pygame``: ``pip install pygame``; their
rows are skipped without it).

    nice python benchmarks/rl_speed.py --seconds 2 --batch 256
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from plyground.games import load_game
from plyground.rl import aec_env, gym_env

Runner = Callable[[float], float]
"""Plays for about ``seconds`` and returns actions per second."""


def timed(step: Callable[[], int], seconds: float) -> float:
    """Call ``step`` (which returns the actions it played) until ``seconds`` have passed."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        count += step()
    return count / elapsed


def reference(spec: str) -> Runner:
    """plyground's rules alone: ``State.play`` of random legal moves (chance drawn too)."""
    game, rng = load_game(spec), random.Random(0)

    def one_game() -> int:
        state, moves = game.initial_state(), 0
        while not state.is_terminal():
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.play(rng.choices(outcomes, [p for _, p in outcomes])[0][0])
            else:
                state = state.play(rng.choice(list(state.legal_moves())))
                moves += 1
        return moves

    return lambda seconds: timed(one_game, seconds)


def pettingzoo(make: Callable[[], Any]) -> Runner:
    """A PettingZoo AEC environment: each agent samples its mask."""
    env, rng = make(), np.random.default_rng(0)

    def one_game() -> int:
        env.reset(seed=int(rng.integers(1 << 30)))
        moves = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            moves += 1
        return moves

    return lambda seconds: timed(one_game, seconds)


def gymnasium_env(make: Callable[[], Any]) -> Runner:
    """A single Gymnasium environment: the learner samples ``info["action_mask"]``."""
    env, rng = make(), np.random.default_rng(0)

    def one_game() -> int:
        _, info = env.reset(seed=int(rng.integers(1 << 30)))
        moves, done = 0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
            moves += 1
            done = terminated or truncated
        return moves

    return lambda seconds: timed(one_game, seconds)


def batched(env_id: str, count: int, **options: Any) -> Runner:
    """plyground's batched vector environment: ``count`` games, one array call a step."""
    env = gymnasium.make_vec(env_id, num_envs=count, **options)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    state = {"info": info}

    def one_step() -> int:
        legal = state["info"]["action_mask"].astype(bool)
        actions = (rng.random(legal.shape) * legal).argmax(axis=1)
        state["info"] = env.step(actions)[4]
        return count

    return lambda seconds: timed(one_step, seconds)


def spiel(name: str, params: dict[str, Any] | None = None) -> Runner:
    """An OpenSpiel game: random legal actions and chance outcomes by their probabilities."""
    import pyspiel

    import plyground.rl.openspiel  # noqa: F401 - registers plyground's games

    game, rng = pyspiel.load_game(name, params or {}), random.Random(0)

    def one_game() -> int:
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(outcomes, [p for _, p in outcomes])[0][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves

    return lambda seconds: timed(one_game, seconds)


def classic(name: str) -> Runner | None:
    """PettingZoo's own classic game ``name`` (None without pygame)."""
    try:
        with warnings.catch_warnings():  # PettingZoo's note on its module-level API
            warnings.simplefilter("ignore", DeprecationWarning)
            module = importlib.import_module(f"pettingzoo.classic.{name}")
    except ImportError:
        return None
    return pettingzoo(module.env)


def rows(batch: int) -> list[tuple[str, str, Runner | None]]:
    """(group, what, runner): each group's rows compared with its first."""
    size8 = "adjacency"
    return [
        ("adjacency 8x8", "State.play (plyground's rules)", reference(size8)),
        ("adjacency 8x8", "PettingZoo aec_env", pettingzoo(lambda: aec_env(size8))),
        ("adjacency 8x8", "Gymnasium gym_env vs random", gymnasium_env(lambda: gym_env(size8))),
        ("adjacency 8x8", "OpenSpiel plyground_adjacency", spiel("plyground_adjacency")),
        ("adjacency 8x8", f"batched vector env x{batch}", batched("plyground/adjacency-v0", batch)),
        ("adjacency 8x8", "OpenSpiel othello (C++, 8x8)", spiel("othello")),
        ("adjacency 8x8", "PettingZoo connect_four_v3", classic("connect_four_v3")),
        ("tic-tac-toe", "State.play (plyground's rules)", reference("tictactoe")),
        ("tic-tac-toe", "PettingZoo aec_env", pettingzoo(lambda: aec_env("tictactoe"))),
        ("tic-tac-toe", "PettingZoo tictactoe_v3", classic("tictactoe_v3")),
        ("tic-tac-toe", "OpenSpiel plyground_tictactoe", spiel("plyground_tictactoe")),
        ("tic-tac-toe", "OpenSpiel tic_tac_toe (C++)", spiel("tic_tac_toe")),
        ("2048", "State.play (plyground's rules)", reference("2048")),
        ("2048", "Gymnasium gym_env", gymnasium_env(lambda: gym_env("2048"))),
        ("2048", "OpenSpiel plyground_2048", spiel("plyground_2048")),
        ("2048", f"batched vector env x{batch}", batched("plyground/2048-v0", batch)),
        ("2048", "OpenSpiel 2048 (C++)", spiel("2048")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per row")
    parser.add_argument("--batch", type=int, default=256, help="games of the vector envs")
    args = parser.parse_args()
    table = rows(args.batch)
    for _, _, runner in table:  # compile the kernels and warm every path first
        if runner is not None:
            runner(0.2)
    print(f"random play, actions per second, one process (load {os.getloadavg()[0]:.1f})")
    print(f"{'game':<14} {'environment':<34} {'actions/s':>12} {'x first row':>12}")
    first: dict[str, float] = {}
    for group, what, runner in table:
        if runner is None:
            print(f"{group:<14} {what:<34} {'(needs pygame)':>12}")
            continue
        rate = runner(args.seconds)
        base = first.setdefault(group, rate)
        print(f"{group:<14} {what:<34} {rate:>12,.0f} {rate / base:>11.2f}x", flush=True)
    print(f"(load at the end {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
