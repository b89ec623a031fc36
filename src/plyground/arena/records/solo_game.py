"""A one-player game's outcome (2048): what a worker sends back and the store keeps.

Only the outcome is kept, not the moves: a 2048 game at a good level is tens of
thousands of moves and spawns, and the seed with a fixed-depth player replays it
(``solo_games`` in :mod:`plyground.arena.storage.store`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["SoloGame"]


@dataclass(frozen=True)
class SoloGame:
    """The outcome of a one-player game (a row of the store's ``solo_games``)."""

    key: str
    player: str
    game: str
    seed: int
    score: float
    moves: int
    finished: bool
    duration: float
    final: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly (what a worker sends back); :meth:`from_dict` reads it back."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SoloGame:
        """Read what :meth:`to_dict` wrote."""
        return cls(
            key=str(data["key"]),
            player=str(data["player"]),
            game=str(data["game"]),
            seed=int(data["seed"]),
            score=float(data["score"]),
            moves=int(data["moves"]),
            finished=bool(data["finished"]),
            duration=float(data["duration"]),
            final=str(data["final"]),
        )
