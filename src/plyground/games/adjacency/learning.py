"""The adjacency game for learning libraries (docs/rl.md): a move (a cell index) is
its own action; a position is the viewer's marks, the opponent's, and a plane holding
the share of the game's plies still to play (the game ends after its fixed rounds)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import CellEncoding, mask_bits, mask_planes
from plyground.core.game import State
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, X

__all__ = ["AdjacencyEncoding"]


class AdjacencyEncoding(CellEncoding):
    """Actions 0 to size*size - 1 (a1, b1, ...); observations (size, size, 3), a1 at [0, 0]."""

    batch = "plyground.games.adjacency.batch:AdjacencyBatch"

    def __init__(self, game: AdjacencyGame) -> None:
        self.actions = game.geometry.cells
        self.shape = (game.size, game.size, 3)
        self._plies = 2 * game.rounds
        self.longest = self._plies
        self.returns = (-float(self.actions), float(self.actions))

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """The empty cells, from the bitboard in one NumPy pass (none once the game is over)."""
        assert isinstance(state, AdjacencyState)
        if state.is_terminal():
            return np.zeros(self.actions, dtype=np.int8)
        return mask_bits(state.empty(), self.actions)

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, AdjacencyState)
        own, theirs = (state.x, state.o) if player == X else (state.o, state.x)
        size = state.size
        planes = np.empty(self.shape, dtype=np.float32)
        planes[:, :, :2] = mask_planes((own, theirs), size, size)
        planes[:, :, 2] = min(state.plies_left / self._plies, 1.0)
        return planes
