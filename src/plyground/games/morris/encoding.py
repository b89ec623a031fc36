"""Players, men and moves of Nine Men's Morris as the numbers every module shares.

A move is an int (:func:`encode`): the destination point, the origin (or
:data:`NONE` when placing) and the man taken (or :data:`NONE`). Points are
the bit indices of :mod:`plyground.games.morris.board`.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BLACK",
    "COLOURS",
    "MEN",
    "NONE",
    "SIDES",
    "WHITE",
    "decode",
    "decode_checked",
    "encode",
    "repetition_key",
]

WHITE: Final = 0
"""Player index of White (moves first)."""
BLACK: Final = 1
"""Player index of Black."""
SIDES: Final = "WB"
"""The players' letters in position text, by index."""
COLOURS: Final = ("White", "Black")
"""The players' names in messages, by index."""
MEN: Final = 9
"""Men per player."""
NONE: Final = -1
"""No point: the origin of a placement, or the man taken by a move that closes no mill."""


def encode(origin: int, destination: int, taken: int = NONE) -> int:
    """A move as an int: ``destination | (origin + 1) << 5 | (taken + 1) << 10``.

    ``origin`` is :data:`NONE` for a placement, ``taken`` is :data:`NONE` when
    no man is taken.
    """
    return destination | (origin + 1) << 5 | (taken + 1) << 10


def decode(move: int) -> tuple[int, int, int]:
    """Inverse of :func:`encode`: ``(origin, destination, taken)``."""
    return (move >> 5 & 31) - 1, move & 31, (move >> 10) - 1


def decode_checked(move: object) -> tuple[int, int, int] | None:
    """:func:`decode` of ``move`` when it is a move code at all (an int whose points are
    points of the board), else None: what a message about a bad move may rely on."""
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < 1 << 15:
        return None
    parts = decode(move)
    return parts if max(parts) < 24 else None


def repetition_key(white: int, black: int, side: int) -> int:
    """A position as repetition compares it: both players' men and the side to move."""
    return white | black << 24 | side << 48
