"""The Adjacency Strategy Game: rules (reference), evaluation, and accelerated kernels."""

from plyground.games.adjacency.rules import (
    MAX_SIZE,
    MIN_SIZE,
    AdjacencyGame,
    AdjacencyState,
    O,
    X,
    cell_name,
    geometry,
    max_rounds,
    parse_cell,
    parse_position,
)

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "AdjacencyGame",
    "AdjacencyState",
    "O",
    "X",
    "cell_name",
    "geometry",
    "max_rounds",
    "parse_cell",
    "parse_position",
]
