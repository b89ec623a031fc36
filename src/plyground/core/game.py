"""The game-agnostic contract: :class:`Game` makes immutable :class:`State` s.

Every algorithm in plyground is written against these two classes only, so
the same alpha-beta plays the adjacency game, tic-tac-toe and Morris, and the
same expectimax plays 2048. The contract covers:

* two-player zero-sum games (players 0 and 1),
* games with chance (a chance node is an ordinary state whose
  :meth:`State.to_move` is :data:`CHANCE`; :meth:`State.chance_outcomes`
  lists its outcomes with probabilities, and ``play(outcome)`` applies one),
* one-player puzzles (``players == 1``).

Moves are small hashable values chosen by each game (the adjacency game uses
cell indices); :meth:`State.move_text` and :meth:`State.parse_move` convert
them to and from the game's notation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from plyground.core.errors import IllegalMoveError
from plyground.core.profile import NO_PROFILE, GameProfile
from plyground.core.settings import Configured

__all__ = ["CHANCE", "TERMINAL", "Capabilities", "Game", "Move", "State", "ValueState"]

Move: TypeAlias = Hashable
"""A move (or a chance outcome): any small hashable value the game chooses."""

CHANCE = -1
"""``to_move()`` of a chance node."""
TERMINAL = -2
"""``to_move()`` of a finished game."""


@dataclass(frozen=True)
class Capabilities:
    """What kind of game this is, so algorithms can check on entry."""

    players: int
    chance: bool = False
    zero_sum: bool = True


class Game(Configured, ABC):
    """A game with its settings; makes states. Subclasses declare ``SETTINGS``."""

    KIND = "game"
    CAPABILITIES: ClassVar[Capabilities]
    PLAYER_NAMES: ClassVar[tuple[str, ...]] = ("first", "second")
    ENCODING: ClassVar[str | None] = None
    """The ``module:attr`` target of the game's :class:`~plyground.core.encoding.Encoding`
    class (made with the game: ``Encoding(game)``), which numbers its moves and draws its
    positions as arrays for learning libraries (docs/rl.md); None when it has none."""
    PROFILE: ClassVar[GameProfile] = NO_PROFILE
    """What the layers above look up for this game (:mod:`plyground.core.profile`)."""

    @property
    def capabilities(self) -> Capabilities:
        """Players, chance, zero-sum."""
        return self.CAPABILITIES

    def player_name(self, player: int) -> str:
        """A player's display name (``"X"``, ``"O"``, ...)."""
        return self.PLAYER_NAMES[player]

    def seats_problem(self, count: int) -> str | None:
        """Why ``count`` players cannot play this game (``"needs 2 players, got 1"``), or
        None when they can; the caller names the game as it is known there."""
        needed = self.capabilities.players
        if count == needed:
            return None
        return f"needs {needed} {'player' if needed == 1 else 'players'}, got {count}"

    @abstractmethod
    def initial_state(self) -> State:
        """The start of the game."""

    @abstractmethod
    def parse_state(self, text: str) -> State:
        """Read a position text; raise :class:`~plyground.ParseError` naming the problem."""

    def __repr__(self) -> str:
        return f"<Game {self.spec}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.spec == other.spec

    def __hash__(self) -> int:
        return hash(self.spec)


class State(ABC):
    """An immutable, hashable position. ``play`` returns a new state."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game:
        """The game this state belongs to."""

    @abstractmethod
    def to_move(self) -> int:
        """The player to move (0, 1, ...), :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """The legal moves (empty at chance nodes and terminal states)."""

    @abstractmethod
    def play(self, move: Move) -> State:
        """The state after ``move`` (or a chance outcome); raises IllegalMoveError."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each player's result (final when terminal; the value so far otherwise)."""

    @abstractmethod
    def move_text(self, move: Move) -> str:
        """A move in the game's notation."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move in the game's notation; raise ParseError or IllegalMoveError."""

    @abstractmethod
    def text(self) -> str:
        """The position text (readable again by ``game.parse_state``)."""

    def is_chance(self) -> bool:
        """True at a chance node."""
        return self.to_move() == CHANCE

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        """Outcomes and probabilities at a chance node (empty elsewhere)."""
        return ()

    def __str__(self) -> str:
        return self.text()

    def render(self) -> str:
        """The position drawn for a person (a board with coordinates where the game has one).

        Front ends show this text as it is, and highlight cells in it by
        name when the drawing labels its columns on the last line and its
        rows at the start of each line (as docs/rules.md draws boards).
        Default: the position text.
        """
        return self.text()

    def move_effects(self, move: Move) -> Mapping[str, str]:
        """For display: the cells ``move`` changes here, by name, with what happens to each.

        For example ``{"b3": "placed", "a3": "flipped"}`` in the adjacency
        game; Morris might say ``"moved-from"``, ``"moved-to"``, ``"removed"``.
        Front ends use it to highlight a move without knowing the game.
        Default: nothing is known.
        """
        return {}

    def check_legal(self, move: Move) -> None:
        """Raise IllegalMoveError unless ``move`` is legal here (a helper for ``play``)."""
        if self.is_terminal():
            raise IllegalMoveError(f"the game is over: no move is legal in {self.text()!r}")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {move!r} in {self.text()!r}")


class ValueState(State):
    """A state that is a value: its fields are set once, in ``__init__``, and two states
    of one class are equal when their identities are.

    A subclass sets its fields with ``object.__setattr__`` and ends its ``__init__``
    with :meth:`_fix`, giving the tuple of everything that tells two positions apart
    (the hash is that tuple's, computed once: states are keys of transposition tables).
    """

    __slots__ = ("_hash", "_identity")

    _hash: int
    _identity: tuple[object, ...]

    def _fix(self, identity: tuple[object, ...]) -> None:
        """Fix the state's identity (and so its equality and hash)."""
        object.__setattr__(self, "_identity", identity)
        object.__setattr__(self, "_hash", hash(identity))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> ValueState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ValueState:
        """The state itself: a value needs no copy (``copy.deepcopy`` of a holder of
        states, such as an OpenSpiel state being cloned, shares them)."""
        return self

    def __setstate__(self, state: object) -> None:
        """Unpickling: the fields as pickled, the hash computed again in this process."""
        parts = state if isinstance(state, tuple) else (state,)
        fields = {k: v for part in parts if isinstance(part, dict) for k, v in part.items()}
        for name, value in fields.items():
            if name != "_hash":
                object.__setattr__(self, name, value)
        object.__setattr__(self, "_hash", hash(self._identity))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._identity == other._identity

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"
