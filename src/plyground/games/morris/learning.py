"""Nine Men's Morris for learning libraries (docs/rl.md): one action per whole move.

A turn that closes a mill both moves and takes a man, and that is one action
here, as it is one move in :mod:`plyground.games.morris.rules`: the action is
``25 * step + take``, where ``step`` is OpenSpiel's own number of the placement
or step (a placement on point ``p`` is ``p``, a step from ``o`` to ``d`` is
``24 + 24 * o + d``) and ``take`` is 0 for no man taken, else 1 + the point
taken. So 600 steps x 25 takes = 15,000 actions, most of them masked in any
position. docs/rl.md says why one action rather than OpenSpiel's two.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import Encoding
from plyground.core.errors import IllegalMoveError
from plyground.core.game import Move, State
from plyground.games.morris.board import POINTS
from plyground.games.morris.encoding import MEN, NONE, WHITE, decode_checked, encode
from plyground.games.morris.rules import MAX_TURNS, MorrisGame, MorrisState

__all__ = ["MorrisEncoding"]

_POINTS = len(POINTS)
STEPS = _POINTS + _POINTS * _POINTS
"""Placements then steps, numbered as OpenSpiel numbers them (600)."""
TAKES = 1 + _POINTS
"""No man taken, then the man on each point (25)."""


class MorrisEncoding(Encoding):
    """Actions 0-14999 (``25 * step + take``); observations of 51 values: the viewer's
    men on the 24 points, the opponent's, both players' men in hand (/ 9) and the turns
    played (/ the draw cap)."""

    def __init__(self, game: MorrisGame) -> None:
        self.actions = STEPS * TAKES
        self.shape = (2 * _POINTS + 3,)
        self.longest = MAX_TURNS

    def action(self, move: Move) -> int:
        parts = decode_checked(move)
        if parts is None:
            raise IllegalMoveError(f"{move!r} is not a Morris move code")
        origin, destination, taken = parts
        step = destination if origin == NONE else _POINTS + _POINTS * origin + destination
        return TAKES * step + taken + 1

    def move(self, action: int) -> Move:
        step, take = divmod(self.check_action(action), TAKES)
        if step < _POINTS:
            return encode(NONE, step, take - 1)
        origin, destination = divmod(step - _POINTS, _POINTS)
        return encode(origin, destination, take - 1)

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        assert isinstance(state, MorrisState)
        own, theirs = (state.white, state.black) if player == WHITE else (state.black, state.white)
        values = np.zeros(self.shape, dtype=np.float32)
        values[:_POINTS] = [own >> p & 1 for p in range(_POINTS)]
        values[_POINTS : 2 * _POINTS] = [theirs >> p & 1 for p in range(_POINTS)]
        values[-3] = state.hand(player) / MEN
        values[-2] = state.hand(1 - player) / MEN
        values[-1] = min(state.turns / MAX_TURNS, 1.0)
        return values
