"""Drawing a chance outcome: the one way every player of chance nodes rolls its dice."""

from __future__ import annotations

import random
from collections.abc import Sequence

from plyground.core.game import Move

__all__ = ["draw_outcome"]


def draw_outcome(outcomes: Sequence[tuple[Move, float]], rng: random.Random) -> Move:
    """One of ``outcomes`` (``(outcome, probability)`` pairs, as
    :meth:`~plyground.core.game.State.chance_outcomes` gives them) drawn with its
    probability by one :func:`random.Random.choices` call, so a seed gives the same game
    wherever it is played (the referee, openings, playouts, MCTS, one-player games).

    The learning environments draw with NumPy's generator instead, as their libraries
    seed them (:mod:`plyground.rl.chance`).
    """
    if not outcomes:
        raise ValueError("there is no chance outcome to draw: the state is not a chance node")
    return rng.choices([outcome for outcome, _ in outcomes], [p for _, p in outcomes])[0]
