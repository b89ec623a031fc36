"""The learned evaluation of the 8x8 adjacency game: pattern weights per stage.

The value of a non-terminal position for the side to move is, for the weight
set of its stage (a range of plies left)::

    bias + material * m + my_gain * g + their_gain * t + exposed * e
  + sum over the 16 lines (8 rows, 8 columns)   LINE[class of the line][line index]
  + sum over the 4 corners                      CORNER[corner index]

with the hand-written evaluation's integer terms (:mod:`~plyground.games.adjacency.evaluation`:
own minus opponent marks, the mover's and the opponent's best gain, exposed
marks) and one ply before the end the exact ``material + 1 + 2 * my_gain``.

**Indices.** A cell is 0 (empty), 1 (the mover's) or 2 (the opponent's). A
line's index is ``sum(cell_k * 3**k)`` over its 8 cells: a row from column a
(k = 0) to h, a column from row 1 (k = 0) to 8. Its class is its distance
from the nearest edge (0 to 3): rows 1 and 8 and columns a and h are class 0.
A corner's index reads its 3x3 block: cell ``(i, j)`` (``i`` rows and ``j``
columns from the corner) is digit ``3i + j``.

**Symmetry.** The board's 8 symmetries map lines of one class onto each other
(reversed or not) and corners onto corners (transposed or not), so a table
entry must not depend on the direction a line or a corner is read. The
fitted parameters are symmetric by construction, and :func:`expand` folds
them into the two tables:

* ``edge4``: a line's 4 cells from one end (read from that end); both ends
  of every line, one table of 81 per class;
* ``mid4``: a line's 4 middle cells, one table of 81 per class, an index and
  its reversal sharing one entry;
* ``corner2x2``: the 2x2 corner block (81; an index and its transpose share);
* ``corner2x3``: the 2x3 block along either edge from the corner, both read
  from the corner (729).

The two tables of a stage hold the sums (``4 x 6561`` line entries and ``19683``
corner entries): the evaluation at a leaf is 16 line lookups, 4 corner
lookups and the global terms, whatever the parameters.

:class:`PatternEvaluator` is the plain-Python reference (bytes of the masks and
base-3 tables, quick enough for MCTS's leaves; the design matrix of
:mod:`~plyground.games.adjacency.pattern_design` reads the same indices from the
cells one by one, and the tests hold the two together);
:func:`~plyground.games.adjacency.pattern_kernel.pattern_value` is the compiled
kernel that the playing search calls (the same bit tricks, compiled); both sum
the same floats in the same order (the table entries are float32, the sums
float64: the global terms, then the rows, the columns and the corners each
summed apart and added last, so the kernel's three sums run side by side),
so they agree bit for bit (tests/adjacency_engine/test_patterns.py).

**Weights files** (:mod:`~plyground.games.adjacency.pattern_file`): JSON with a
header naming the shape, refused with a sentence when it does not hold what it
says::

    {"format": "plyground adjacency patterns", "version": 1, "size": 8,
     "features": {"globals": [5], "edge4": [4, 81], ...},
     "stages": [{"plies": [2, 2], "globals": [...], "edge4": [[...], ...], ...}, ...]}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from plyground.core.errors import SettingsError
from plyground.core.evaluation import Evaluator, TunableWeight
from plyground.core.game import Move, State
from plyground.games.adjacency.bits import best_gain, cells_by_gain, neighbourhood
from plyground.games.adjacency.rules import AdjacencyState, X

__all__ = [
    "FEATURES",
    "GLOBALS",
    "STAGE_WORDS",
    "PatternEvaluator",
    "PatternTables",
    "PatternWeights",
    "corner_indices",
    "expand",
    "global_terms",
    "line_indices",
    "reference_value",
]

SIZE = 8
GLOBALS = ("bias", "material", "my_gain", "their_gain", "exposed")
LINE_CLASSES = 4
LINE_INDICES = 3**8
CORNER_INDICES = 3**9
FEATURES: dict[str, tuple[int, int]] = {
    "globals": (1, len(GLOBALS)),
    "edge4": (LINE_CLASSES, 81),
    "mid4": (LINE_CLASSES, 81),
    "corner2x2": (1, 81),
    "corner2x3": (1, 729),
}
"""Each parameter group: (tables, entries per table)."""

GLOBAL_WORDS = 8
LINES_AT = GLOBAL_WORDS
CORNERS_AT = LINES_AT + LINE_CLASSES * LINE_INDICES
STAGE_WORDS = CORNERS_AT + CORNER_INDICES
"""float32 words of one stage's expanded tables: globals, 4 line tables, the corner table
(184 KB: the few stages one search touches stay in the core's cache)."""

# int64 index block: base-3 value of 8 bits, of 9 bits (3 per row), of 9 bits with each
# row's 3 bits reversed, then the stage of each count of plies left (0 to 64).
T3 = 0
T9 = 256
T9_REVERSED = 768
STAGE_OF = 1280
PATTERNS_USED = STAGE_OF + 65
"""1 when some pattern parameter is not zero; 0: the kernel adds the global terms only."""
INDEX_WORDS = PATTERNS_USED + 1

# -- features (plain Python, the reference) ------------------------------------------
_FULL = (1 << SIZE * SIZE) - 1
_BASE3_8 = [sum(3**k for k in range(8) if bits >> k & 1) for bits in range(256)]
_BASE3_9 = [sum(3**k for k in range(9) if bits >> k & 1) for bits in range(512)]
_BASE3_9_REVERSED = [
    sum(3 ** (3 * (k // 3) + 2 - k % 3) for k in range(9) if bits >> k & 1) for bits in range(512)
]
_CORNER_GATHERS = (  # (shift of row i = 0, 1, 2 into bits 0-2, 3-5, 6-8; read from the right)
    ((0, 5, 10), False),  # a1: rows 1-3, columns a-c
    ((5, 10, 15), True),  # h1: rows 1-3, columns f-h, read from h
    ((56, 45, 34), False),  # a8: rows 8-6, columns a-c
    ((61, 50, 39), True),  # h8: rows 8-6, columns f-h, read from h
)


def transpose(board: int) -> int:
    """The board mirrored in the a1-h8 diagonal, cell (row, col) to (col, row): three swaps
    of bit blocks (4x4, 2x2, 1x1), so the columns of ``board`` are the rows of the result."""
    board &= _FULL
    for shift, mask in (
        (28, 0x0F0F0F0F00000000),
        (14, 0x3333000033330000),
        (7, 0x5500550055005500),
    ):
        swap = mask & (board ^ (board << shift))
        board ^= swap ^ (swap >> shift)
    return board


def line_indices(own: int, theirs: int) -> list[tuple[int, int]]:
    """(class, index) of the 16 lines: rows 1 to 8, then columns a to h. A row's cells are
    a byte of each mask: its index is ``base3(own byte) + 2 * base3(their byte)``."""
    out = []
    for mine, other in ((own & _FULL, theirs & _FULL), (transpose(own), transpose(theirs))):
        for row in range(SIZE):
            index = _BASE3_8[(mine >> 8 * row) & 255] + 2 * _BASE3_8[(other >> 8 * row) & 255]
            out.append((min(row, SIZE - 1 - row), index))
    return out


def corner_indices(own: int, theirs: int) -> list[int]:
    """The index of each corner's 3x3 block: a1, h1, a8, h8 (three 3-bit slices gathered)."""
    out = []
    for (first, second, third), reversed_ in _CORNER_GATHERS:
        table = _BASE3_9_REVERSED if reversed_ else _BASE3_9
        mine, other = (
            ((x >> first) & 7) | ((x >> second) & 0x38) | ((x >> third) & 0x1C0)
            for x in (own & _FULL, theirs & _FULL)
        )
        out.append(table[mine] + 2 * table[other])
    return out


def global_terms(own: int, theirs: int) -> tuple[int, int, int, int]:
    """(material, the mover's best gain, the opponent's, exposed own minus opponent marks)."""
    full = (1 << SIZE * SIZE) - 1
    own &= full
    theirs &= full
    empty = full & ~(own | theirs)
    near = neighbourhood(empty, SIZE)
    return (
        own.bit_count() - theirs.bit_count(),
        best_gain(theirs, empty, SIZE),
        best_gain(own, empty, SIZE),
        (own & near).bit_count() - (theirs & near).bit_count(),
    )


# -- parameters -> tables ----------------------------------------------------------------
def _digits(count: int, width: int) -> npt.NDArray[np.int64]:
    """(count, width): the base-3 digits of 0..count-1, lowest first."""
    values = np.arange(count, dtype=np.int64)
    return np.stack([(values // 3**k) % 3 for k in range(width)], axis=1)


def _number(digits: npt.NDArray[np.int64], order: Sequence[int]) -> npt.NDArray[np.int64]:
    """The base-3 numbers read from the digit columns ``order`` (the first the lowest)."""
    return sum((digits[:, column] * 3**k for k, column in enumerate(order)), np.zeros(1, np.int64))


@functools.cache
def slots() -> dict[str, tuple[npt.NDArray[np.int64], ...]]:
    """For each parameter group, the parameter each line (or corner) index adds, per instance."""
    lines = _digits(LINE_INDICES, 8)
    corners = _digits(CORNER_INDICES, 9)
    mid = _number(lines, (2, 3, 4, 5))
    mid_reversed = _number(lines, (5, 4, 3, 2))
    square = _number(corners, (0, 1, 3, 4))
    square_transposed = _number(corners, (0, 3, 1, 4))
    return {
        "edge4": (_number(lines, (0, 1, 2, 3)), _number(lines, (7, 6, 5, 4))),
        "mid4": (np.minimum(mid, mid_reversed),),
        "corner2x2": (np.minimum(square, square_transposed),),
        "corner2x3": (_number(corners, (0, 1, 2, 3, 4, 5)), _number(corners, (0, 3, 6, 1, 4, 7))),
    }


def expand(stage: Mapping[str, npt.NDArray[np.float64]]) -> npt.NDArray[np.float64]:
    """One stage's parameters (by group, as :data:`FEATURES` shapes them) as its
    ``STAGE_WORDS`` table words: the globals, then each line class's 6561 sums, then the
    corner's 19683."""
    out = np.zeros(STAGE_WORDS, dtype=np.float64)
    out[: len(GLOBALS)] = stage["globals"][0]
    index = slots()
    for line_class in range(LINE_CLASSES):
        table = np.zeros(LINE_INDICES, dtype=np.float64)
        for name in ("edge4", "mid4"):
            for instance in index[name]:
                table += stage[name][line_class][instance]
        start = LINES_AT + line_class * LINE_INDICES
        out[start : start + LINE_INDICES] = table
    corner = np.zeros(CORNER_INDICES, dtype=np.float64)
    for name in ("corner2x2", "corner2x3"):
        for instance in index[name]:
            corner += stage[name][0][instance]
    out[CORNERS_AT:] = corner
    return out


# -- weights ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PatternWeights:
    """Fitted parameters: one stage per range of plies left (``stages[i]`` covers
    ``plies[i][0]`` to ``plies[i][1]``), each a dict of groups shaped as :data:`FEATURES`."""

    plies: tuple[tuple[int, int], ...]
    stages: tuple[dict[str, npt.NDArray[np.float64]], ...]

    def stage_of(self, plies_left: int) -> int:
        """The stage used at ``plies_left``: the one covering it, else the nearest."""
        for number, (low, high) in enumerate(self.plies):
            if low <= plies_left <= high:
                return number
        if plies_left < self.plies[0][0]:
            return 0
        return min(
            range(len(self.plies)),
            key=lambda n: min(
                abs(plies_left - self.plies[n][0]), abs(plies_left - self.plies[n][1])
            ),
        )

    def uses_patterns(self) -> bool:
        """Whether any stage has a pattern parameter other than zero (else the evaluation
        is the fitted global terms alone, and the kernel skips the lookups)."""
        return any(
            np.any(stage[name] != 0)
            for stage in self.stages
            for name in FEATURES
            if name != "globals"
        )

    @functools.cached_property
    def tables(self) -> PatternTables:
        """The expanded tables for the kernel and the reference."""
        return PatternTables.of(self)


# -- expanded tables ----------------------------------------------------------------------
@dataclass(frozen=True)
class PatternTables:
    """The kernel's arrays: ``weights`` (float32, ``STAGE_WORDS`` per stage) and ``index``
    (int64: base-3 tables and the stage of each count of plies left). Keep this object
    alive while a context block holds their addresses."""

    weights: npt.NDArray[np.float32]
    index: npt.NDArray[np.int64]

    @classmethod
    def of(cls, weights: PatternWeights) -> PatternTables:
        tables = np.concatenate([expand(stage) for stage in weights.stages]).astype(np.float32)
        index = np.zeros(INDEX_WORDS, dtype=np.int64)
        index[T3 : T3 + 256] = _BASE3_8
        index[T9 : T9 + 512] = _BASE3_9
        index[T9_REVERSED : T9_REVERSED + 512] = _BASE3_9_REVERSED
        index[STAGE_OF : STAGE_OF + 65] = [weights.stage_of(p) for p in range(65)]
        index[PATTERNS_USED] = int(weights.uses_patterns())
        return cls(tables, index)

    def stage(self, plies_left: int) -> npt.NDArray[np.float32]:
        """The expanded words of the stage used at ``plies_left``."""
        number = int(self.index[STAGE_OF + min(plies_left, 64)])
        return self.weights[number * STAGE_WORDS : (number + 1) * STAGE_WORDS]


# -- the reference ----------------------------------------------------------------------
def reference_value(tables: PatternTables, own: int, theirs: int, plies_left: int) -> float:
    """The learned value of a non-terminal position for the mover (plain Python)."""
    material, my_gain, their_gain, exposed = global_terms(own, theirs)
    if plies_left == 1:
        return float(material + 1 + 2 * my_gain)
    words = tables.stage(plies_left)
    value: float = words.item(0)
    value += words.item(1) * material
    value += words.item(2) * my_gain
    value += words.item(3) * their_gain
    value += words.item(4) * exposed
    if not tables.index.item(PATTERNS_USED):
        return value  # the fitted global terms alone, as the kernel
    lines = [
        words.item(LINES_AT + line_class * LINE_INDICES + index)
        for line_class, index in line_indices(own, theirs)
    ]
    rows = columns = corners = 0.0  # three sums, as the kernel adds them (side by side)
    for entry in lines[:SIZE]:
        rows += entry
    for entry in lines[SIZE:]:
        columns += entry
    for index in corner_indices(own, theirs):
        corners += words.item(CORNERS_AT + index)
    return value + rows + columns + corners


class PatternEvaluator(Evaluator):
    """The learned evaluation (8x8 only) for the game-agnostic searches; orders moves by flips."""

    def __init__(self, weights: PatternWeights, tunable: tuple[TunableWeight, ...] = ()) -> None:
        self.weights = weights
        self._tables = weights.tables  # made now, before any clock runs
        self._tunable = tunable

    def evaluate(self, state: State) -> float:
        assert isinstance(state, AdjacencyState)
        if state.size != SIZE:
            raise SettingsError(
                f"the pattern evaluation is for 8x8 boards, not {state.size}x{state.size}"
            )
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)
        return reference_value(self._tables, own, theirs, state.plies_left)

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Every legal move, most flips first (``moves`` must be all legal moves)."""
        assert isinstance(state, AdjacencyState)
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)
        return cells_by_gain(theirs, state.geometry.full & ~(own | theirs), state.geometry.size)

    def tunable_weights(self) -> tuple[TunableWeight, ...]:
        """What ``plyground tune`` may tune in its place (``tunable``: the game's evaluation
        passes the hand-written weights, whose names mean the hand-written evaluation);
        these are fitted, not tuned."""
        return self._tunable
