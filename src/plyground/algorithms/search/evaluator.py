"""What a search needs to know of a game beyond the rules: values and move order."""

from __future__ import annotations

import math
from collections.abc import Sequence

from plyground.core.game import Move, State

__all__ = ["Evaluator"]


class Evaluator:
    """A game's heuristic knowledge, as the game-agnostic searches use it.

    The defaults make a searcher that knows only the rules: every non-terminal
    position is worth 0, moves keep the game's order, and a terminal position
    is worth its return. Games subclass it (for example
    ``plyground.games.adjacency.evaluation``).
    """

    decisive: float = math.inf
    """Values this large or larger in magnitude are decided games scored by distance.

    An evaluator whose :meth:`terminal` subtracts the ply from a win (and
    adds it to a loss) sets this to its smallest such magnitude, above every
    heuristic value. Such a score moves one unit towards zero per ply from
    the root, so a search's transposition table stores it relative to the
    position (see :meth:`to_table`) and a later search from another root
    reads it right. The default: no value is decisive.
    """

    def to_table(self, value: float, ply: int) -> float:
        """``value`` found ``ply`` plies below the root, as stored for its position."""
        if value >= self.decisive:
            return value + ply
        if value <= -self.decisive:
            return value - ply
        return value

    def from_table(self, value: float, ply: int) -> float:
        """Inverse of :meth:`to_table`: a stored value read ``ply`` plies below the root."""
        if value >= self.decisive:
            return value - ply
        if value <= -self.decisive:
            return value + ply
        return value

    def evaluate(self, state: State) -> float:
        """A non-terminal position's value for the player to move."""
        return 0.0

    def terminal(self, state: State, player: int, ply: int) -> float:
        """A finished game's value for ``player``, reached ``ply`` plies below the root.

        The default is the game's return. Games whose returns are win/loss
        only can subtract ``ply`` here to prefer quick wins and slow losses.
        """
        return state.returns()[player]

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """``moves`` sorted best first by a cheap guess (the default keeps them)."""
        return moves
