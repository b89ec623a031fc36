"""Many games of one game stepped as arrays: a game's batched kernel, for vector environments.

A learner that plays thousands of games at once wants them stepped together,
not one ``State.play`` at a time. A game that offers it names a
:class:`BatchGames` class in its encoding (``Encoding.batch``, a lazy
``module:attr`` target); :mod:`plyground.rl.vector_env` drives it. The class
holds ``count`` games in arrays (the game's own bitboards) and steps each
from the *learner's* seat: its action, then the chance outcomes and the
opponent's reply due (a uniformly random legal move), drawn from uniform
numbers the caller gives, so a seeded caller replays the same games. The
kernel is the game's rules compiled: its tests step it beside ``State.play``
over random games and compare every array with the states.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.game import Game, State
from plyground.core.jit import nth_set_bit, popcount

__all__ = ["BatchGames", "BatchStep", "Bytes", "Flags", "Floats", "Games", "random_bit"]

Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]
Games = npt.NDArray[np.int64]
"""int64 arrays: a batch's games (bitboards, counters), actions and replies."""
Bytes = npt.NDArray[np.int8]


@njit(cache=True)
def random_bit(mask: int, u: float) -> int:
    """The ``k``-th set bit of ``mask`` (0: the lowest), ``k = floor(u * set bits)``: for a
    uniform ``u`` in [0, 1), a uniformly random one (an empty cell, a legal move). ``mask``
    must not be 0."""
    return nth_set_bit(mask, int(u * popcount(mask)))


class BatchStep:
    """What one step of every game gave: the learner's reward, whether the game ended
    (``terminal``), whether it stopped short of its end (``truncated``: a board the kernel
    cannot hold), whether the action was illegal (a no-op), and the opponent's reply
    (``-1`` for none) of each game."""

    __slots__ = ("illegal", "replies", "rewards", "terminal", "truncated")

    def __init__(self, count: int) -> None:
        self.rewards: Floats = np.zeros(count, np.float64)
        self.terminal: Flags = np.zeros(count, np.bool_)
        self.truncated: Flags = np.zeros(count, np.bool_)
        self.illegal: Flags = np.zeros(count, np.bool_)
        self.replies: npt.NDArray[np.int64] = np.full(count, -1, np.int64)


class BatchGames(ABC):
    """``count`` games of ``game`` (with its settings) in arrays.

    ``uniforms`` is how many uniform numbers in [0, 1) one game may use per step or
    reset (chance outcomes, the opponent's choice). A two-player game's learner is
    given per game (``learners``: its seat, 0 or 1); a one-player game's is 0.
    """

    uniforms: int
    actions: int
    shape: tuple[int, ...]

    def __init__(self, game: Game, count: int) -> None:
        self.game = game
        self.count = count

    @abstractmethod
    def reset(self, which: Flags, learners: Bytes, uniforms: Floats, out: BatchStep) -> None:
        """Start the games where ``which`` is set again, the learner of game ``i`` in seat
        ``learners[i]``, up to the learner's first turn (``out.replies``: an opening reply)."""

    @abstractmethod
    def step(self, active: Flags, actions: Games, uniforms: Floats, out: BatchStep) -> None:
        """Play ``actions[i]`` in every game ``i`` where ``active[i]`` (none of which may be
        over), then what is due up to the learner's next turn; an illegal action changes
        nothing (``out.illegal``). The others are left as they are."""

    @abstractmethod
    def observe(self, out: npt.NDArray[np.float32]) -> None:
        """Every game as its learner sees it, as the encoding's ``observe`` gives it."""

    @abstractmethod
    def masks(self, out: Flags) -> None:
        """Every game's legal actions (none in a finished game)."""

    @abstractmethod
    def state(self, index: int) -> State:
        """Game ``index`` as a plyground state."""
