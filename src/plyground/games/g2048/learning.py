"""2048 for learning libraries (docs/rl.md): a direction (UP, RIGHT, DOWN, LEFT = 0-3)
is its own action; a position is its 16 tile exponents, row-major from the top left."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import CellEncoding
from plyground.core.game import State
from plyground.games.g2048.rules import (
    CELLS,
    MAX_EXPONENT,
    MAX_SCORE,
    MOVE_NAMES,
    G2048Game,
    G2048State,
)

__all__ = ["G2048Encoding"]


class G2048Encoding(CellEncoding):
    """Actions 0-3 (up, right, down, left); observations: 16 exponents, 0 to 17."""

    batch = "plyground.games.g2048.batch:G2048Batch"

    def __init__(self, game: G2048Game) -> None:
        self.actions = len(MOVE_NAMES)
        self.shape = (CELLS,)
        self.high = float(MAX_EXPONENT)
        self.returns = (0.0, float(MAX_SCORE))
        # Every spawn adds at least 2 to the tiles, whose sum is at most 16 tiles of 2**17,
        # so a game has at most 2**20 spawns, and no more moves than spawns.
        self.longest = CELLS << MAX_EXPONENT
        self.outcomes = 2 * CELLS

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, G2048State)
        return np.array(state.board, dtype=np.float32)
