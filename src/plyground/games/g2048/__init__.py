"""2048: the plain-Python rules (reference), the evaluation, and the numba kernel."""

from plyground.games.g2048.rules import (
    DOWN,
    LEFT,
    MOVE_NAMES,
    RIGHT,
    UP,
    G2048Game,
    G2048State,
    cell_name,
    parse_cell,
    slide,
    slide_line,
)

__all__ = [
    "DOWN",
    "LEFT",
    "MOVE_NAMES",
    "RIGHT",
    "UP",
    "G2048Game",
    "G2048State",
    "cell_name",
    "parse_cell",
    "slide",
    "slide_line",
]
