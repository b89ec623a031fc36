"""Drawing a chance outcome: the one way every player of chance nodes rolls its dice."""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable, Sequence

from plyground.core.game import Move, State

__all__ = ["draw_outcome", "outcome_at", "settle"]


def outcome_at(outcomes: Sequence[tuple[Move, float]], uniform: float) -> Move:
    """The one of ``outcomes`` (``(outcome, probability)`` pairs, as
    :meth:`~plyground.core.game.State.chance_outcomes` gives them) that a ``uniform`` number
    in [0, 1) lands on against their running sum: each with its probability.

    >>> outcome_at([("2", 0.9), ("4", 0.1)], 0.5), outcome_at([("2", 0.9), ("4", 0.1)], 0.95)
    ('2', '4')
    """
    if not outcomes:
        raise ValueError("there is no chance outcome to draw: the state is not a chance node")
    bounds = list(itertools.accumulate(probability for _, probability in outcomes))
    return outcomes[bisect.bisect_right(bounds, uniform * bounds[-1], 0, len(outcomes) - 1)][0]


def draw_outcome(outcomes: Sequence[tuple[Move, float]], rng: random.Random) -> Move:
    """One of ``outcomes`` drawn with its probability from one ``rng.random()`` number
    (:func:`outcome_at`; the same draw as ``rng.choices``), so a seed gives the same game
    wherever it is played (the referee, openings, playouts, MCTS, one-player games)."""
    return outcome_at(outcomes, rng.random())


def settle(state: State, uniform: Callable[[], float]) -> State:
    """``state`` after the chance outcomes due there (2048's spawns), each drawn by
    :func:`outcome_at` from a number ``uniform()`` gives: the learning environments pass
    their NumPy generator's ``random``, as their libraries seed them."""
    while state.is_chance():
        state = state.play(outcome_at(state.chance_outcomes(), uniform()))
    return state
