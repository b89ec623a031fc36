"""2048's n-tuple networks: tuples of cells, the board's 8 symmetries, stages by the
largest tile, and the compiled features of a 64-bit board (with a plain reference).

A tuple is a list of distinct cells (hex digits, ``0`` the top-left cell, ``f`` the
bottom-right, row-major); ``012345 456789 012456 45689a`` is the 4x6 network of
TDL2048+. A tuple of ``n`` cells has a table of ``16**n`` weights, one per way its cells
can hold exponents 0-15. The network reads each tuple at its 8 symmetric images (4
rotations, each mirrored or not), which share one table, so a board has ``8 x tuples``
features. A multi-stage network has one set of tables per stage: a board is in stage
``k`` when its largest tile has passed ``k`` of the stage thresholds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.errors import SettingsError
from plyground.games.g2048.rules import CELLS, SIDE, Board

__all__ = [
    "DEFAULT_NETWORK",
    "SYMMETRIES",
    "Features",
    "NTupleNetwork",
    "board_stage",
    "board_value",
    "features",
    "parse_stages",
    "parse_tuples",
    "reference_features",
    "reference_stage",
    "symmetric_board",
]

DEFAULT_NETWORK = "012345 456789 012456 45689a"
"""TDL2048+'s 4x6-tuple network (Yeh et al.; Jaskowski's 4x6 shape)."""
MAX_TUPLE = 8
"""The longest tuple: 16**8 weights (16 GiB of float32) is already beyond any machine here."""
SYMMETRY_COUNT = 8


def _symmetry(rotations: int, mirrored: bool) -> tuple[int, ...]:
    """The cell each cell of the transformed board reads: ``rotations`` quarter turns
    clockwise of the board, after mirroring it left-right when ``mirrored``."""
    read = []
    for cell in range(CELLS):
        row, column = divmod(cell, SIDE)
        for _ in range(rotations):  # undo one clockwise turn: (r, c) came from (n-1-c, r)
            row, column = SIDE - 1 - column, row
        if mirrored:
            column = SIDE - 1 - column
        read.append(row * SIDE + column)
    return tuple(read)


SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    _symmetry(rotations, mirrored) for mirrored in (False, True) for rotations in range(4)
)
"""The 8 symmetries: ``SYMMETRIES[s][c]`` is the cell of the board that cell ``c`` of its
``s``-th image holds (the identity first)."""


def symmetric_board(board: Board, symmetry: int) -> Board:
    """The ``symmetry``-th image of ``board`` (:data:`SYMMETRIES`)."""
    return tuple(board[cell] for cell in SYMMETRIES[symmetry])


def parse_tuples(text: str) -> tuple[tuple[int, ...], ...]:
    """The tuples of ``text``: words of hex digits naming cells, ``012345 456789``."""
    words = text.replace(",", " ").split()
    if not words:
        raise SettingsError("a network needs at least one tuple, e.g. '012345 456789'")
    tuples = []
    for word in words:
        try:
            cells = tuple(int(digit, 16) for digit in word)
        except ValueError:
            raise SettingsError(
                f"tuple {word!r} is not a list of cells: cells are hex digits 0-f "
                "(0 the top-left cell, f the bottom-right, row by row)"
            ) from None
        if len(set(cells)) != len(cells):
            twice = next(word[i] for i, cell in enumerate(cells) if cells.count(cell) > 1)
            raise SettingsError(f"tuple {word!r} names cell {twice} twice")
        if len(cells) > MAX_TUPLE:
            raise SettingsError(
                f"tuple {word!r} has {len(cells)} cells; at most {MAX_TUPLE} "
                f"(a tuple of n cells has 16**n weights)"
            )
        tuples.append(cells)
    return tuple(tuples)


def parse_stages(text: str) -> tuple[int, ...]:
    """Stage thresholds as exponents from tiles: ``'16384'`` -> (14,); ``''`` -> ()."""
    exponents: list[int] = []
    for word in text.replace(",", " ").split():
        if not word.isdigit() or int(word) < 4 or int(word) & (int(word) - 1):
            raise SettingsError(f"stage threshold {word!r} is not a tile (4, 8, ..., 32768)")
        exponent = int(word).bit_length() - 1
        if exponent > 15 or (exponents and exponent <= exponents[-1]):
            raise SettingsError(
                f"stage thresholds must be increasing tiles up to 32768, got {text!r}"
            )
        exponents.append(exponent)
    return tuple(exponents)


def tuples_text(tuples: tuple[tuple[int, ...], ...]) -> str:
    """The tuples written as :func:`parse_tuples` reads them."""
    return " ".join("".join(f"{cell:x}" for cell in cells) for cells in tuples)


class Features(NamedTuple):
    """What the kernels read to find a board's features (:meth:`NTupleNetwork.features`):
    feature ``f`` reads cells ``cells[f, :lengths[f]]`` into the table at ``offsets[f]``
    of the board's stage; ``stages`` are the thresholds (exponents), ``stage_size`` the
    weights of a stage."""

    cells: npt.NDArray[np.int64]
    lengths: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    stages: npt.NDArray[np.int64]
    stage_size: int


@dataclass(frozen=True)
class NTupleNetwork:
    """A network's shape: its tuples and stage thresholds (exponents), and the arrays
    the kernels read: per feature (symmetry-major), its cells, length and table offset."""

    tuples: tuple[tuple[int, ...], ...]
    stages: tuple[int, ...] = ()

    @classmethod
    def parse(cls, tuples: str = DEFAULT_NETWORK, stages: str = "") -> NTupleNetwork:
        return cls(parse_tuples(tuples), parse_stages(stages))

    @property
    def text(self) -> str:
        return tuples_text(self.tuples)

    @property
    def stage_text(self) -> str:
        return " ".join(str(1 << exponent) for exponent in self.stages)

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """Weights of each tuple's table: 16 to the power of its cells."""
        return tuple(16 ** len(cells) for cells in self.tuples)

    @property
    def stage_size(self) -> int:
        """Weights of one stage: every tuple's table."""
        return sum(self.table_sizes)

    @property
    def size(self) -> int:
        """Weights of every stage."""
        return self.stage_size * (len(self.stages) + 1)

    @property
    def offsets(self) -> tuple[int, ...]:
        """Where each tuple's table starts within a stage."""
        return tuple(sum(self.table_sizes[:t]) for t in range(len(self.tuples)))

    @property
    def feature_count(self) -> int:
        return SYMMETRY_COUNT * len(self.tuples)

    def features(self) -> Features:
        """The kernels' view: feature ``f = s * tuples + t`` is tuple ``t`` read through
        symmetry ``s``."""
        offsets = self.offsets
        width = max(len(cells) for cells in self.tuples)
        count = self.feature_count
        cell_table = np.zeros((count, width), dtype=np.int64)
        lengths = np.zeros(count, dtype=np.int64)
        starts = np.zeros(count, dtype=np.int64)
        for s, symmetry in enumerate(SYMMETRIES):
            for t, cells in enumerate(self.tuples):
                f = s * len(self.tuples) + t
                cell_table[f, : len(cells)] = [symmetry[cell] for cell in cells]
                lengths[f] = len(cells)
                starts[f] = offsets[t]
        stages = np.array(self.stages, dtype=np.int64)
        return Features(cell_table, lengths, starts, stages, self.stage_size)


def reference_stage(board: Board, stages: tuple[int, ...]) -> int:
    """The stage of ``board``: how many thresholds its largest exponent has reached."""
    return sum(1 for exponent in stages if max(board) >= exponent)


def reference_features(board: Board, network: NTupleNetwork) -> list[int]:
    """Each feature's weight index (stage included), read from the board's symmetric
    images themselves: the plain reference of :func:`features`."""
    base = reference_stage(board, network.stages) * network.stage_size
    out = []
    for symmetry in range(SYMMETRY_COUNT):
        image = symmetric_board(board, symmetry)
        for t, cells in enumerate(network.tuples):
            index = sum(image[cell] << (4 * k) for k, cell in enumerate(cells))
            out.append(base + network.offsets[t] + index)
    return out


@njit(cache=True, nogil=True, inline="always")
def board_stage(board: int, stages: npt.NDArray[np.int64]) -> int:  # pragma: no cover - compiled
    """The stage of a 64-bit board (:func:`reference_stage`)."""
    if stages.shape[0] == 0:
        return 0
    largest = 0
    for cell in range(16):
        largest = max(largest, (board >> (4 * cell)) & 0xF)
    stage = 0
    for k in range(stages.shape[0]):
        if largest >= stages[k]:
            stage += 1
    return stage


@njit(cache=True, nogil=True, inline="always")
def features(  # pragma: no cover - compiled
    board: int, net: Features, base: int, out: npt.NDArray[np.int64]
) -> int:
    """Write each feature's weight index of a 64-bit board into ``out`` (``base``: its
    stage's first weight); returns the feature count."""
    cells = net.cells
    lengths = net.lengths
    offsets = net.offsets
    count = cells.shape[0]
    for f in range(count):
        index = 0
        for k in range(lengths[f]):
            index |= ((board >> (4 * cells[f, k])) & 0xF) << (4 * k)
        out[f] = base + offsets[f] + index
    return int(count)


@njit(cache=True, nogil=True, inline="always")
def board_value(  # pragma: no cover - compiled
    values: npt.NDArray[np.float32], board: int, net: Features, base: int
) -> float:
    """The network's value of a 64-bit board whose stage starts at ``base``."""
    cells = net.cells
    lengths = net.lengths
    offsets = net.offsets
    total = 0.0
    for f in range(cells.shape[0]):
        index = 0
        for k in range(lengths[f]):
            index |= ((board >> (4 * cells[f, k])) & 0xF) << (4 * k)
        total += values[base + offsets[f] + index]
    return total
