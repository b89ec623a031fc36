"""Chance nodes settled by a seeded NumPy generator, as the environments' libraries seed them."""

from __future__ import annotations

import numpy as np

from plyground.core.game import State

__all__ = ["settle"]


def settle(state: State, generator: np.random.Generator) -> State:
    """``state`` after the chance outcomes due there (2048's spawns), each drawn by
    ``generator`` with the probabilities ``chance_outcomes`` gives."""
    while state.is_chance():
        outcomes = state.chance_outcomes()
        weights = np.array([probability for _, probability in outcomes])
        index = int(generator.choice(len(outcomes), p=weights / weights.sum()))
        state = state.play(outcomes[index][0])
    return state
