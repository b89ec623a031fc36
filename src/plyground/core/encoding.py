"""A game's moves and positions as numbers: what learning libraries need of it.

PettingZoo, Gymnasium and OpenSpiel want a fixed set of actions numbered
``0 .. actions - 1`` and a position as an array of fixed shape. A game that
offers them names its :class:`Encoding` class in ``Game.ENCODING`` (a lazy
``module:attr`` target, made with the game by :func:`encoding_of`); the
environments of ``plyground.rl`` read nothing else of a game, so the numbering
of a game's moves lives with its rules, in its own package. The environments
still play every move through ``State.play``: an encoding only numbers moves,
it never decides them.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, Move, State
from plyground.core.registry import load_target

__all__ = ["CellEncoding", "Encoding", "encoding_of", "mask_bits", "mask_planes"]


def encoding_of(game: Game) -> Encoding:
    """``game``'s encoding; SettingsError when the game declares none."""
    if game.ENCODING is None:
        raise SettingsError(
            f"game {game.spec!r} numbers no moves for learning libraries "
            "(its class sets no ENCODING; docs/rl.md)"
        )
    encoding: Encoding = load_target(game.ENCODING)(game)
    return encoding


class Encoding(ABC):
    """Moves as action numbers and positions as arrays, for one game with its settings.

    ``actions`` is the number of distinct actions; every move of every state is
    one of them. ``shape`` is the shape of :meth:`observe`'s array, whose values
    lie from ``low`` to ``high``. A subclass is made with its game
    (``Encoding(game)``) and sets these in ``__init__``, with what a library
    must know of a whole game before playing one: the range of each player's
    return (``returns``), the most plies (moves and chance outcomes) a game
    can last (``longest``), and the number of distinct chance outcomes
    (``outcomes``; a game with chance uses the ints below it as its outcomes).
    """

    actions: int
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0
    returns: tuple[float, float] = (-1.0, 1.0)
    longest: int
    outcomes: int = 0
    batch: str | None = None
    """The game's batched kernel, a :class:`~plyground.core.batch.BatchGames` class as a
    lazy ``module:attr`` target (:mod:`plyground.rl.vector_env`); none: the game has none."""

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        """The encoding itself: it never changes once made (a holder copied deeply, such as
        an OpenSpiel state being cloned, shares it)."""
        return self

    @abstractmethod
    def action(self, move: Move) -> int:
        """The number of ``move`` (``0 <= action < actions``)."""

    @abstractmethod
    def move(self, action: int) -> Move:
        """The move numbered ``action``; IllegalMoveError when no move has that number."""

    @abstractmethod
    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """``state`` as ``player`` sees it: an array of :attr:`shape` (float32)."""

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 at the number of every legal move of ``state``, 0 elsewhere."""
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[[self.action(move) for move in state.legal_moves()]] = 1
        return mask

    def legal_actions(self, state: State) -> list[int]:
        """The numbers of ``state``'s legal moves, ascending."""
        return sorted(self.action(move) for move in state.legal_moves())

    def check_action(self, action: object) -> int:
        """``action`` as an int when it numbers some move; IllegalMoveError naming the
        range otherwise (the move may still be illegal in a given state)."""
        if isinstance(action, np.ndarray) and action.shape in {(), (1,)}:
            action = action.item()  # a policy's answer for one observation
        if isinstance(action, np.integer):
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalMoveError(f"action {action!r} is not an int")
        if not 0 <= action < self.actions:
            raise IllegalMoveError(
                f"action {action} is out of range: actions are 0-{self.actions - 1}"
            )
        return action


class CellEncoding(Encoding):
    """An encoding for games whose moves are already the numbers ``0 .. actions - 1``
    (a board's cells, 2048's directions, N-Queens' rows): a move is its own action."""

    def action(self, move: Move) -> int:
        if not isinstance(move, int) or not 0 <= move < self.actions:
            raise IllegalMoveError(f"{move!r} is not a move numbered 0-{self.actions - 1}")
        return move

    def move(self, action: int) -> Move:
        return self.check_action(action)

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 at every legal move, which is its own action (one NumPy assignment)."""
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[list(state.legal_moves())] = 1  # type: ignore[index]
        return mask

    def legal_actions(self, state: State) -> list[int]:
        return sorted(state.legal_moves())  # type: ignore[arg-type]


def mask_planes(masks: Sequence[int], rows: int, columns: int) -> npt.NDArray[np.float32]:
    """Bitboards as planes: ``[row, column, k]`` is bit ``row * columns + column`` of
    ``masks[k]`` (so row 0 is the board's first rank, a1 at ``[0, 0]``).

    >>> mask_planes([0b101], 1, 3)[0, :, 0].tolist()
    [1.0, 0.0, 1.0]
    """
    words = np.array(masks, dtype=np.uint64)[:, None] >> _shifts(rows * columns)
    return (words & np.uint64(1)).astype(np.float32).T.reshape(rows, columns, len(masks))


@functools.cache
def _shifts(cells: int) -> npt.NDArray[np.uint64]:
    """``0 .. cells - 1`` as uint64 shift counts (made once per board size)."""
    return np.arange(cells, dtype=np.uint64)


def mask_bits(mask: int, cells: int) -> npt.NDArray[np.int8]:
    """Bit ``k`` of ``mask`` at index ``k`` (an action mask from a bitboard of moves).

    >>> mask_bits(0b101, 4).tolist()
    [1, 0, 1, 0]
    """
    return ((np.uint64(mask) >> _shifts(cells)) & np.uint64(1)).astype(np.int8)
