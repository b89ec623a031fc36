"""N-Queens: the puzzle (reference rules), its CSP model, a fast counter and local search."""

from plyground.games.queens.rules import (
    MAX_SIZE,
    QueensGame,
    QueensState,
    column_name,
    find_attack,
    is_solution,
    parse_position,
)

__all__ = [
    "MAX_SIZE",
    "QueensGame",
    "QueensState",
    "column_name",
    "find_attack",
    "is_solution",
    "parse_position",
]
