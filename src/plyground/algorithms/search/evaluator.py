"""What a search needs to know of a game beyond the rules: values and move order."""

from __future__ import annotations

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
