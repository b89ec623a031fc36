"""A plugin-style two-player game with chance, known to no registry: "race to ten".

On a turn the player steps 1 or 2 forward, then a coin adds 0 or 1 more (a chance
node); the first to reach 10 wins. Its encoding lives beside it, as a plugin
game's would (``ENCODING`` names it by target), so the environments meet a game
they were not written for, with chance for their seeded generators to settle.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import CellEncoding
from plyground.core.game import CHANCE, TERMINAL, Capabilities, Game, Move, ValueState

GOAL = 10


class RaceGame(Game):
    NAME = "race"
    DESCRIPTION = "race to ten: step 1 or 2, then a coin adds 0 or 1 (a test game)"
    CAPABILITIES = Capabilities(players=2, chance=True, zero_sum=True)
    PLAYER_NAMES = ("A", "B")
    ENCODING = "race_game:RaceEncoding"

    def initial_state(self) -> RaceState:
        return RaceState(self, (0, 0), 0, None)

    def parse_state(self, text: str) -> RaceState:
        """Read ``<A's distance> <B's distance> <A|B to move>`` (a player's turn)."""
        first, second, side = text.split()
        return RaceState(self, (int(first), int(second)), "AB".index(side), None)


class RaceState(ValueState):
    __slots__ = ("_game", "positions", "side", "step")

    def __init__(
        self, game: RaceGame, positions: tuple[int, int], side: int, step: int | None
    ) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "positions", positions)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "step", step)
        self._fix((positions, side, step))

    @property
    def game(self) -> RaceGame:
        return self._game

    def is_terminal(self) -> bool:
        return max(self.positions) >= GOAL

    def to_move(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.step is not None else self.side

    def legal_moves(self) -> Sequence[Move]:
        return (1, 2) if self.to_move() == self.side else ()

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        return ((0, 0.5), (1, 0.5)) if self.to_move() == CHANCE else ()

    def play(self, move: Move) -> RaceState:
        assert isinstance(move, int)
        if self.step is None:
            self.check_legal(move)
            return RaceState(self._game, self.positions, self.side, move)
        moved = list(self.positions)
        moved[self.side] += self.step + move
        return RaceState(self._game, (moved[0], moved[1]), 1 - self.side, None)

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal():
            return (0.0, 0.0)
        return (1.0, -1.0) if self.positions[0] >= GOAL else (-1.0, 1.0)

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        return int(text)

    def text(self) -> str:
        return f"{self.positions[0]} {self.positions[1]} {'AB'[self.side]}"


class RaceEncoding(CellEncoding):
    """Action ``a`` steps ``a`` forward (0 is never legal); each side's distance run."""

    def __init__(self, game: RaceGame) -> None:
        self.actions = 3
        self.shape = (2,)
        self.high = 2.0
        self.longest = 4 * GOAL

    def observe(self, state: object, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, RaceState)
        own, theirs = state.positions[player], state.positions[1 - player]
        return np.array([own / GOAL, theirs / GOAL], dtype=np.float32)
