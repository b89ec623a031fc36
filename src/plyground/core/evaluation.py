"""The evaluation contract: what a search needs to know of a game beyond the rules.

A game states its knowledge here (values, move order, tunable weights) and
the game-agnostic searches read it, so it lives in core: games import it
without importing an algorithm.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, cast

from plyground.core.errors import SettingsError
from plyground.core.game import Move, State

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "Evaluator",
    "FlatWeights",
    "TunableWeight",
    "by_distance",
    "declared_weights",
    "weight",
    "weights_from_dict",
]

W = TypeVar("W", bound="DataclassInstance")

_WEIGHT_KEY = "plyground.tunable"
"""The key of a tunable weight's (low, high, help) in a dataclass field's metadata."""


@dataclass(frozen=True)
class TunableWeight:
    """One weight of an evaluation, as a tuner sees it: its name in weight files,
    its default, the range ``[low, high]`` a tuner searches, and what it weighs.

    The range is where tuning looks, not a limit on what a weights file may hold.
    """

    name: str
    default: float
    low: float
    high: float
    help: str

    def __post_init__(self) -> None:
        if not (math.isfinite(self.low) and math.isfinite(self.high) and self.low < self.high):
            raise ValueError(f"weight {self.name!r}: bad range [{self.low}, {self.high}]")
        if not self.low <= self.default <= self.high:
            raise ValueError(
                f"weight {self.name!r}: default {self.default} outside [{self.low}, {self.high}]"
            )


def weight(default: float, low: float, high: float, help: str) -> Any:
    """A dataclass field holding a tunable weight: its default, tuning range and meaning.

    A weights dataclass declares each weight once, with this, and
    :func:`declared_weights` reads the declarations back.
    """
    return field(default=default, metadata={_WEIGHT_KEY: (low, high, help)})


def by_distance(winner: int | None, player: int, ply: int, win: float) -> float:
    """A win/loss game's end for ``player``, ``ply`` plies below the root: ``win - ply`` won
    (sooner is better), ``ply - win`` lost (later is better), 0 drawn (``winner`` None)."""
    if winner is None:
        return 0.0
    return float(win - ply) if winner == player else float(ply - win)


def declared_weights(weights_type: type) -> tuple[TunableWeight, ...]:
    """The :class:`TunableWeight` s a weights dataclass declares with :func:`weight`.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Weights:
    ...     mobility: float = weight(0.5, 0.0, 2.0, "moves available")
    >>> declared_weights(Weights)
    (TunableWeight(name='mobility', default=0.5, low=0.0, high=2.0, help='moves available'),)
    """
    if not is_dataclass(weights_type):
        raise TypeError(f"{weights_type!r} is not a dataclass")
    declared = []
    for item in fields(weights_type):
        if _WEIGHT_KEY in item.metadata:
            low, high, text = item.metadata[_WEIGHT_KEY]
            default: Any = item.default
            declared.append(TunableWeight(item.name, float(default), low, high, text))
    return tuple(declared)


def weights_from_dict(weights_type: type[W], values: Mapping[str, float] | None, game: str) -> W:
    """A flat weights dataclass from a dict of some of its names (the others keep their
    defaults); SettingsError naming the first unknown name and the known ones.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Weights:
    ...     mobility: float = 0.5
    >>> weights_from_dict(Weights, {"mobility": 2}, "toy")
    Weights(mobility=2.0)
    """
    known = [item.name for item in fields(weights_type)]
    unknown = sorted(set(values or {}) - set(known))
    if unknown:
        raise SettingsError(f"unknown {game} weight {unknown[0]!r} (known: {', '.join(known)})")
    return weights_type(**{name: float(value) for name, value in (values or {}).items()})


class FlatWeights:
    """A flat weights dataclass's dict form, both ways: a game's weights (a frozen dataclass
    of floats declared with :func:`weight`, naming its game in ``GAME``) subclass it.

    >>> @dataclass(frozen=True)
    ... class Weights(FlatWeights):
    ...     GAME = "toy"
    ...     mobility: float = 0.5
    >>> Weights.from_dict({"mobility": 2}).as_dict()
    {'mobility': 2.0}
    """

    GAME: ClassVar[str]
    """The game named in the error of an unknown weight."""

    def as_dict(self) -> dict[str, float]:
        """The weights by name (for weight files and tuning)."""
        return asdict(cast("DataclassInstance", self))

    @classmethod
    def from_dict(cls, values: Mapping[str, float] | None) -> Self:
        """Weights from a dict of some names (the rest default); SettingsError on unknown names."""
        made: Self = weights_from_dict(cast(Any, cls), values, cls.GAME)
        return made


class Evaluator:
    """A game's heuristic knowledge, as the game-agnostic searches use it.

    The defaults make a searcher that knows only the rules: every non-terminal
    position is worth 0, moves keep the game's order, and a terminal position
    is worth its return. Games subclass it (for example
    ``plyground.games.adjacency.evaluation``).
    """

    decisive: float = math.inf
    """Values this large or larger in magnitude are decided games scored by distance.

    An evaluator whose :meth:`terminal` subtracts the ply from a win (and
    adds it to a loss) sets this to its smallest such magnitude, above every
    heuristic value. Such a score moves one unit towards zero per ply from
    the root, so a search's transposition table stores it relative to the
    position (see :meth:`to_table`) and a later search from another root
    reads it right. The default: no value is decisive.
    """

    def to_table(self, value: float, ply: int) -> float:
        """``value`` found ``ply`` plies below the root, as stored for its position."""
        if value >= self.decisive:
            return value + ply
        if value <= -self.decisive:
            return value - ply
        return value

    def from_table(self, value: float, ply: int) -> float:
        """Inverse of :meth:`to_table`: a stored value read ``ply`` plies below the root."""
        if value >= self.decisive:
            return value - ply
        if value <= -self.decisive:
            return value + ply
        return value

    def evaluate(self, state: State) -> float:
        """A non-terminal position's value for the player to move."""
        return 0.0

    def terminal(self, state: State, player: int, ply: int) -> float:
        """A finished game's value for ``player``, reached ``ply`` plies below the root.

        The default is the game's return. Games whose returns are win/loss
        only can subtract ``ply`` here to prefer quick wins and slow losses.
        """
        return state.returns()[player]

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """``moves`` sorted best first by a cheap guess (the default keeps them)."""
        return moves

    def tunable_weights(self) -> tuple[TunableWeight, ...]:
        """The weights this evaluation reads from a weights file, with their defaults
        and the ranges a tuner searches (``plyground tune``); none by default."""
        return ()
