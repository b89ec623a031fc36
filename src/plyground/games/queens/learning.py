"""N-Queens for learning libraries (docs/rl.md): a row of the next column (0 to N - 1)
is its own action; a position is each column's queen, its row + 1, or 0 while empty."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import CellEncoding
from plyground.core.game import State
from plyground.games.queens.rules import QueensGame, QueensState

__all__ = ["QueensEncoding"]


class QueensEncoding(CellEncoding):
    """Actions 0 to N - 1 (rows); observations of shape (N,), 0 to N."""

    def __init__(self, game: QueensGame) -> None:
        self.actions = game.size
        self.shape = (game.size,)
        self.high = float(game.size)
        self.longest = game.size
        self.returns = (0.0, 1.0)

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, QueensState)
        columns = np.zeros(self.shape, dtype=np.float32)
        columns[: len(state.rows)] = np.array(state.rows, dtype=np.float32) + 1
        return columns
