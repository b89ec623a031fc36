"""Shared helpers of the engine tests: random positions, reference perft, brute-force minimax."""

from __future__ import annotations

import functools
import random

from plyground.games.adjacency.evaluation import AdjacencyEvaluator, AdjacencyWeights
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, max_rounds


def random_position(rng: random.Random, size: int, rounds: int | None = None) -> AdjacencyState:
    """A position reached by random moves from the start, never finished."""
    limit = max_rounds(size)
    rounds = rounds if rounds is not None else rng.randint(1, min(limit, 10))
    state = AdjacencyGame(size=size, rounds=min(rounds, limit)).initial_state()
    for _ in range(rng.randint(0, state.plies_left - 1)):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def random_weights(rng: random.Random) -> AdjacencyWeights:
    """Weights with awkward floats, so exactness is tested beyond binary fractions."""
    return AdjacencyWeights(
        gain=rng.choice([2.0, 1.3, 0.0, 0.7]),
        threat=rng.choice([1.0, 0.35, 0.0]),
        exposure=rng.choice([0.25, 0.1, 0.0, 0.33]),
        tempo=rng.choice([0.5, 0.0, 0.2]),
    )


def reference_perft(state: AdjacencyState, depth: int) -> tuple[int, int]:
    """Leaves and the sum of X - O over them, by the reference rules only."""
    if depth == 0 or state.is_terminal():
        return 1, state.count(0) - state.count(1)
    leaves = total = 0
    for move in state.legal_moves():
        child_leaves, child_total = reference_perft(state.play(move), depth - 1)
        leaves += child_leaves
        total += child_total
    return leaves, total


def minimax(state: AdjacencyState, depth: int, weights: AdjacencyWeights | None = None) -> float:
    """Plain minimax (no pruning) for the mover: the value every exact search must return.

    Terminal positions are worth the margin; at ``depth`` 0 the reference
    evaluation. ``depth`` at least the plies left solves the game.
    """
    evaluator = AdjacencyEvaluator(weights)

    @functools.cache
    def value(node: AdjacencyState, plies: int) -> float:
        if node.is_terminal():
            margin = node.count(0) - node.count(1)
            return float(margin if node.side == 0 else -margin)
        if plies == 0:
            return evaluator.evaluate(node)
        return max(-value(node.play(move), plies - 1) for move in node.legal_moves())

    return value(state, depth)
