"""The 2048 heuristic (the four terms of seed 003, weighted), in plain Python.

A board's value is the sum, over its four rows and four columns, of a
*line value*. For a line of tile exponents ``r0..r3`` (0 = empty) read in
either direction::

    lost                                       an offset (a lost game is worth 0)
  + empty        * (empty cells)
  + merges       * (equal neighbours once empty cells are squeezed out)
  + runs         * (runs of equal neighbours, empty cells squeezed out: 2 2 2 is one run)
  - smoothness   * sum |r_i - r_j| over neighbouring tiles (empty cells squeezed out)
  - monotonicity * min(rises, falls), rises = sum of r_{i+1}^p - r_i^p where the line
                   rises (empty cells count as 0), falls the same the other way,
                   p = monotonicity_power
  - sum          * sum r_i^q over the tiles, q = sum_power

Seed 003's four heuristics are all here: empty cells; monotonicity (log2
differences, the better of the two directions); smoothness (differences
between neighbours, with ``merges`` as its reward side); and the sum of
squares, generalised to a power ``q`` of the exponents and weighted so that
merging two tiles always pays. Because a line's value depends only on its
16 bits, the accelerated kernel reads it from a 65,536-entry table built by
:func:`line_table` from :func:`line_value`, the single definition.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from plyground.core.evaluation import (
    Evaluator,
    FlatWeights,
    TunableWeight,
    declared_weights,
    weight,
)
from plyground.core.game import Game, State
from plyground.games.g2048.rules import G2048State

__all__ = [
    "G2048Evaluator",
    "G2048Weights",
    "board_value",
    "line_table",
    "line_value",
    "make_evaluator",
]


@dataclass(frozen=True)
class G2048Weights(FlatWeights):
    """Weights of the line value (see the module docstring); tuned in docs/2048.md."""

    GAME = "2048"

    lost: float = 200_000.0
    """Not tuned (the anchor's): an offset a line, so a live board starts 8 x lost above a
    lost game (0). It does not keep every live board above 0: with big tiles out of order,
    the other terms can outweigh it (docs/2048-vs-nneonneo.md, "The value of a lost game")."""
    empty: float = weight(270.0, 0.0, 1000.0, "per empty cell of a line")
    merges: float = weight(700.0, 0.0, 2000.0, "per pair of equal neighbours")
    runs: float = weight(0.0, 0.0, 1000.0, "per run of equal neighbours")
    smoothness: float = weight(0.0, 0.0, 100.0, "per step between neighbouring exponents")
    monotonicity: float = weight(47.0, 0.0, 200.0, "times the smaller of rises and falls")
    monotonicity_power: float = weight(4.0, 1.0, 6.0, "the power of exponents in rises/falls")
    sum: float = weight(11.0, 0.0, 30.0, "times the sum of powered tile exponents")
    sum_power: float = weight(3.5, 2.0, 4.0, "the power of exponents in the sum")


def line_value(line: tuple[int, ...], weights: G2048Weights) -> float:
    """The value of one row or column of tile exponents (see the module docstring)."""
    tiles = [r for r in line if r]
    equal = [a == b for a, b in itertools.pairwise(tiles)]
    merges = sum(equal)
    runs = sum(1 for k, same in enumerate(equal) if same and (k == 0 or not equal[k - 1]))
    roughness = sum(abs(a - b) for a, b in itertools.pairwise(tiles))
    power = weights.monotonicity_power
    rises = falls = 0.0
    for a, b in itertools.pairwise(line):
        if a > b:
            falls += a**power - b**power
        else:
            rises += b**power - a**power
    return float(
        weights.lost
        + weights.empty * (len(line) - len(tiles))
        + weights.merges * merges
        + weights.runs * runs
        - weights.smoothness * roughness
        - weights.monotonicity * min(rises, falls)
        - weights.sum * sum(float(r) ** weights.sum_power for r in tiles)
    )


@functools.lru_cache(maxsize=8)
def _cached_table(weights: G2048Weights) -> npt.NDArray[np.float64]:
    """:func:`line_value` of all 65,536 lines at once, with the same float operations in the
    same order (so the same floats; the tests compare every line)."""
    rows = np.arange(1 << 16, dtype=np.int64)
    cells = [(rows >> (4 * k)) & 0xF for k in range(4)]
    grid = np.stack(cells, axis=1)
    squeezed = np.take_along_axis(grid, np.argsort(grid == 0, axis=1, kind="stable"), axis=1)
    merges = np.zeros(1 << 16, dtype=np.int64)
    runs = np.zeros(1 << 16, dtype=np.int64)
    roughness = np.zeros(1 << 16, dtype=np.int64)
    before = np.zeros(1 << 16, dtype=bool)
    for k in range(3):
        a, b = squeezed[:, k], squeezed[:, k + 1]
        both = (a > 0) & (b > 0)
        equal = both & (a == b)
        merges += equal
        runs += equal & ~before
        roughness += np.where(both, np.abs(a - b), 0)
        before = equal
    # Powers through Python's own float pow (numpy's may differ in the last bit).
    monotone = np.array([float(r) ** weights.monotonicity_power for r in range(16)])
    tile_sum = np.array([0.0] + [float(r) ** weights.sum_power for r in range(1, 16)])
    powered = [monotone[c] for c in cells]
    rises = np.zeros(1 << 16)
    falls = np.zeros(1 << 16)
    for k in range(3):
        down = cells[k] > cells[k + 1]
        falls = np.where(down, falls + (powered[k] - powered[k + 1]), falls)
        rises = np.where(down, rises, rises + (powered[k + 1] - powered[k]))
    total = np.zeros(1 << 16)
    for c in cells:
        total = total + tile_sum[c]
    empty = np.sum(grid == 0, axis=1)
    table: npt.NDArray[np.float64] = (
        weights.lost
        + weights.empty * empty
        + weights.merges * merges
        + weights.runs * runs
        - weights.smoothness * roughness
        - weights.monotonicity * np.minimum(rises, falls)
        - weights.sum * total
    )
    table.flags.writeable = False
    return table


def line_table(weights: G2048Weights) -> npt.NDArray[np.float64]:
    """The value of every 16-bit line (nibble ``k`` = cell ``k`` of the line), read-only."""
    return _cached_table(weights)


def board_value(board: tuple[int, ...], weights: G2048Weights) -> float:
    """The heuristic value of a board of 16 exponents: its rows' and columns' line values."""
    rows = (board[4 * k : 4 * k + 4] for k in range(4))
    cols = (board[k::4] for k in range(4))
    return sum(line_value(line, weights) for line in (*rows, *cols))


class G2048Evaluator(Evaluator):
    """The heuristic for the game-agnostic expectimax (plain Python, any tile size).

    ``evaluate`` scores any state by its board (chance nodes included: the
    expectimax evaluates the board after a move, before the spawn); a lost
    game is worth 0, below a live board by ``8 * lost`` plus its other terms
    (which can drop a crowded board with big tiles out of order below 0).
    """

    def __init__(self, weights: G2048Weights | None = None) -> None:
        self.weights = weights or G2048Weights()

    def evaluate(self, state: State) -> float:
        assert isinstance(state, G2048State)
        return board_value(state.board, self.weights)

    def terminal(self, state: State, player: int, ply: int) -> float:
        return 0.0

    def tunable_weights(self) -> tuple[TunableWeight, ...]:
        """Every weight of :class:`G2048Weights` but ``lost``, with its tuning range.

        A crowded live board can score below a lost one, with the defaults
        too (big tiles out of order), and more often at the ranges' far
        corners (a large ``sum`` with a large ``sum_power``); tuning judges
        every set by its games' scores.
        """
        return declared_weights(G2048Weights)


def make_evaluator(weights: dict[str, float] | None, game: Game) -> G2048Evaluator:
    """The evaluation of 2048 (its profile's ``evaluator``), with ``weights`` by name
    over the defaults."""
    return G2048Evaluator(G2048Weights.from_dict(weights))
