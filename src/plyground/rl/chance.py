"""Chance nodes settled by a seeded NumPy generator, as the environments' libraries seed them."""

from __future__ import annotations

import bisect
import itertools

import numpy as np

from plyground.core.game import State

__all__ = ["settle"]


def settle(state: State, generator: np.random.Generator) -> State:
    """``state`` after the chance outcomes due there (2048's spawns), each drawn by
    ``generator`` with the probabilities ``chance_outcomes`` gives: one uniform number
    against their running sum (a tenth of the time of ``generator.choice``)."""
    while state.is_chance():
        outcomes = state.chance_outcomes()
        bounds = list(itertools.accumulate(probability for _, probability in outcomes))
        index = bisect.bisect_right(bounds, generator.random() * bounds[-1])
        state = state.play(outcomes[min(index, len(outcomes) - 1)][0])
    return state
