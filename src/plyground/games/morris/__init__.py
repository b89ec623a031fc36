"""Nine Men's Morris (docs/rules.md section 3): board tables, rules (the reference), evaluation."""

from plyground.games.morris.board import POINTS
from plyground.games.morris.rules import (
    BLACK,
    MAX_TURNS,
    MEN,
    NONE,
    WHITE,
    MorrisGame,
    MorrisState,
    decode,
    encode,
    parse_point,
)

__all__ = [
    "BLACK",
    "MAX_TURNS",
    "MEN",
    "NONE",
    "POINTS",
    "WHITE",
    "MorrisGame",
    "MorrisState",
    "decode",
    "encode",
    "parse_point",
]
