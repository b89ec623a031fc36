"""Playout speed of the adjacency game for MCTS: the numba kernel against the Python path.

From the start of an 8x8 game (8 rounds unless ``--rounds``), on one core,
it prints playout plies per second of

* the kernel looping over playouts by itself (``playout_many``: no Python
  between playouts),
* the kernel called once per playout through the interface MCTS uses
  (:class:`~plyground.games.adjacency.playout.AdjacencyPlayouts`),
* the game-agnostic Python playouts over the reference rules
  (:class:`~plyground.algorithms.search.playouts.RandomPlayouts`),

for uniform and guided policies, with the speed-ups over the Python path
measured in the same run, and MCTS iterations per second with each.
Target (issue 14): at least 1,000,000 playout plies per second.

    PYTHONPATH=src nice python benchmarks/mcts_playouts.py --seconds 2
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from plyground.algorithms.search.mcts import MCTS
from plyground.algorithms.search.playouts import Playouts, RandomPlayouts
from plyground.bots.evaluators import evaluator_for
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.kernels import new_context, relative_masks
from plyground.games.adjacency.playout import (
    AdjacencyPlayouts,
    explore_threshold,
    playout_many,
    warm_up,
)
from plyground.games.adjacency.rules import AdjacencyState

TARGET = 1_000_000


def rate(run: Callable[[], int], seconds: float) -> float:
    """Plies per second of ``run`` (which returns the plies it played), repeated for ``seconds``."""
    plies = 0
    began = time.perf_counter()
    while (elapsed := time.perf_counter() - began) < seconds:
        plies += run()
    return plies / elapsed


def batch_rate(state: AdjacencyState, guided: bool, epsilon: float, seconds: float) -> float:
    block = new_context(state.size)
    own, theirs = relative_masks(state)
    rng = np.array([12345], dtype=np.uint64)
    threshold = explore_threshold(epsilon)

    def run() -> int:
        return int(
            playout_many(
                block.ctypes.data, own, theirs, state.plies_left, 2000, guided, threshold, rng
            )
        )

    return rate(run, seconds)


def per_call_rate(state: AdjacencyState, playouts: Playouts, seconds: float) -> float:
    def run() -> int:
        end = playouts.playout(state, None)
        assert isinstance(end, AdjacencyState)
        return state.plies_left - end.plies_left

    return rate(run, seconds)


def mcts_rate(state: AdjacencyState, playouts: Playouts, seconds: float) -> float:
    evaluator = evaluator_for(state.game)
    search = MCTS(evaluator, playouts=playouts, rng=random.Random(1))
    result = search.search(state, Limit(time=seconds))
    return result.info.nodes / result.info.elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--epsilon", type=float, default=0.1, help="guided playouts' epsilon")
    args = parser.parse_args()
    warm_up()
    game = load_game(f"adjacency(size=8,rounds={args.rounds})")
    state = game.initial_state()
    assert isinstance(state, AdjacencyState)
    evaluator = evaluator_for(game)
    print(f"{game.spec}: playout plies per second from the start, one core")
    for guided in (False, True):
        policy = f"guided (epsilon {args.epsilon:g})" if guided else "uniform"
        python = RandomPlayouts(evaluator, guided, args.epsilon, random.Random(1))
        kernel = AdjacencyPlayouts(guided, args.epsilon, seed=1)
        figures = {
            "kernel, batched": batch_rate(state, guided, args.epsilon, args.seconds),
            "kernel, one call per playout": per_call_rate(state, kernel, args.seconds),
            "Python (reference rules)": per_call_rate(state, python, args.seconds),
        }
        base = figures["Python (reference rules)"]
        print(f"  {policy}:")
        for label, plies in figures.items():
            verdict = " (target met)" if plies >= TARGET else ""
            print(f"    {label:<30} {plies:>13,.0f} plies/s  x{plies / base:6.1f}{verdict}")
        with_kernel = mcts_rate(state, kernel, args.seconds)
        with_python = mcts_rate(state, python, args.seconds)
        print(
            f"    MCTS iterations/s: {with_kernel:,.0f} with the kernel, "
            f"{with_python:,.0f} with Python playouts (x{with_kernel / with_python:.1f})"
        )


if __name__ == "__main__":
    main()
