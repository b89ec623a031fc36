"""Tic-tac-toe for learning libraries (docs/rl.md): a move (a cell, 0-8) is its own
action; a position is two 3x3 planes, the viewer's marks then the opponent's."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import CellEncoding, mask_planes
from plyground.core.game import State
from plyground.games.tictactoe.rules import CELLS, SIZE, TicTacToeGame, TicTacToeState, X

__all__ = ["TicTacToeEncoding"]


class TicTacToeEncoding(CellEncoding):
    """Actions 0-8 (a1, b1, c1, a2, ...); observations of shape (3, 3, 2), a1 at [0, 0]."""

    def __init__(self, game: TicTacToeGame) -> None:
        self.actions = CELLS
        self.shape = (SIZE, SIZE, 2)
        self.longest = CELLS

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, TicTacToeState)
        own, theirs = (state.x, state.o) if player == X else (state.o, state.x)
        return mask_planes((own, theirs), SIZE, SIZE)
