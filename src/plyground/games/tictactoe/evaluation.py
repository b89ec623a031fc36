"""Tic-tac-toe's evaluation for the game-agnostic searches.

Finished games score ``10 - ply`` for a win and ``ply - 10`` for a loss
(``ply`` counted from the search's root; a draw is 0), as in the course
material: among wins the search prefers the fastest, among losses the
slowest. Those scores are at least 1 in magnitude (a game lasts at most 9
plies), so they are the evaluator's decisive values. A position cut off by
a depth limit scores its open lines (rows, columns and diagonals the
opponent has not marked) for the mover minus the opponent's, divided by 10,
which stays strictly inside (-1, 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from plyground.core.errors import SettingsError
from plyground.core.evaluation import Evaluator, by_distance
from plyground.core.game import Game, Move, State
from plyground.games.tictactoe.rules import LINES, TicTacToeState, X

__all__ = ["WIN", "TicTacToeEvaluator", "make_evaluator"]

WIN = 10
"""The score of a win at the root; one less per ply."""

_PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""The usual order of cells by how many lines pass through them: centre, corners, edges."""


class TicTacToeEvaluator(Evaluator):
    """Depth-adjusted terminal scores, open lines at the horizon, winning moves first."""

    decisive = 1.0

    def terminal(self, state: State, player: int, ply: int) -> float:
        assert isinstance(state, TicTacToeState)
        return by_distance(state.winner(), player, ply, WIN)

    def evaluate(self, state: State) -> float:
        assert isinstance(state, TicTacToeState)
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)
        mine = sum(1 for line in LINES if not line & theirs)
        their = sum(1 for line in LINES if not line & own)
        return (mine - their) / 10

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Cells that complete a line first, then cells that block one, then by preference."""
        assert isinstance(state, TicTacToeState)
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)

        def completes(marks: int, cell: int) -> bool:
            bit = 1 << cell
            return any(line & bit and (marks | bit) & line == line for line in LINES)

        def rank(cell: Move) -> tuple[int, int]:
            assert isinstance(cell, int)
            urgency = 0 if completes(own, cell) else 1 if completes(theirs, cell) else 2
            return urgency, _PREFERENCE.index(cell)

        return sorted(moves, key=rank)


def make_evaluator(weights: dict[str, float] | None, game: Game) -> TicTacToeEvaluator:
    """The evaluation of tic-tac-toe (its profile's ``evaluator``), which has no weights."""
    if weights:
        raise SettingsError(f"game {game.name!r} has no evaluation weights, got {weights!r}")
    return TicTacToeEvaluator()
