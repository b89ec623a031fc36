"""Playouts for Monte Carlo tree search: play on from a position by a cheap policy.

A playout is how MCTS learns what a new leaf of its tree is worth: it plays
the game on, quickly and blindly, and reads the position where it stops.
Anything with a :meth:`Playouts.playout` method can serve, so a game can
hand the search a compiled kernel (the adjacency game does:
:mod:`plyground.games.adjacency.playout`) while the search itself stays
game-agnostic. :class:`RandomPlayouts` is the readable reference over the
core contract:

* **uniform**: each move drawn uniformly from the legal moves;
* **guided**: with probability ``1 - epsilon`` the first move of the
  evaluator's order (its best guess), otherwise a uniform one;
* chance outcomes are drawn by their probabilities in both.
"""

from __future__ import annotations

import random
from typing import Protocol

from plyground.core.chance import draw_outcome
from plyground.core.evaluation import Evaluator
from plyground.core.game import CHANCE, TERMINAL, State

__all__ = ["Playouts", "RandomPlayouts"]


class Playouts(Protocol):
    """What the search needs of a playout policy."""

    def playout(self, state: State, plies: int | None) -> State:
        """Play on from ``state`` until the game ends or ``plies`` moves were made.

        Chance outcomes are not counted as moves. ``None``: play to the end.
        Returns the position where the playout stopped.
        """
        ...


class RandomPlayouts:
    """Uniform or guided (epsilon-greedy on the evaluator's order) random playouts."""

    def __init__(
        self,
        evaluator: Evaluator | None = None,
        guided: bool = False,
        epsilon: float = 0.1,
        rng: random.Random | None = None,
    ) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], got {epsilon!r}")
        self.evaluator = evaluator or Evaluator()
        self.guided = guided
        self.epsilon = epsilon
        self.rng = rng or random.Random()
        self.plies = 0
        """Moves and chance outcomes played by every playout so far (for benchmarks)."""

    def playout(self, state: State, plies: int | None) -> State:
        """See :meth:`Playouts.playout`."""
        rng = self.rng
        moves_left = -1 if plies is None else plies
        while moves_left != 0:
            player = state.to_move()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state = state.play(draw_outcome(state.chance_outcomes(), rng))
            else:
                moves = state.legal_moves()
                if self.guided and rng.random() >= self.epsilon:
                    move = self.evaluator.order(state, moves)[0]
                else:
                    move = moves[rng.randrange(len(moves))]
                state = state.play(move)
                moves_left -= 1
            self.plies += 1
        return state
