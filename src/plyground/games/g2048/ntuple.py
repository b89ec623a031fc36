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

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.errors import SettingsError
from plyground.core.jit import load_float32, load_int, store_int, wrap64
from plyground.games.g2048.kernel import transpose
from plyground.games.g2048.rules import CELLS, SIDE, Board

__all__ = [
    "DEFAULT_NETWORK",
    "SYMMETRIES",
    "Features",
    "NTupleNetwork",
    "board_stage",
    "board_value",
    "features",
    "features_value",
    "flip_rows",
    "mirror_rows",
    "network_value",
    "parse_stages",
    "parse_tuples",
    "reference_features",
    "reference_stage",
    "symmetric_board",
    "tuple_index",
    "tuple_runs",
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
    """What the kernels read to find a board's features (:meth:`NTupleNetwork.features`),
    as integers (no arrays: no reference counting in the kernels).

    ``address``: the runs table (int64, a row of ``width`` words per tuple): the tuple's
    table offset within a stage, its number of runs, then per run (cells ``c, c+1, ...``
    at consecutive places of the tuple, read with one mask) the shift of its first cell,
    the mask and the shift to its place in the index. ``stages``: the address of the
    ``stage_count`` thresholds (exponents); ``stage_size``: the weights of a stage.
    """

    address: int
    tuples: int
    width: int
    stages: int
    stage_count: int
    stage_size: int


def tuple_runs(cells: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """A tuple's runs of consecutive cells: ``(shift of the first cell, mask, shift in the
    index)`` each; ``012456`` has two (cells 0-2 and 4-6)."""
    runs = []
    k = 0
    while k < len(cells):
        j = k
        while j + 1 < len(cells) and cells[j + 1] == cells[j] + 1:
            j += 1
        runs.append((4 * cells[k], (1 << (4 * (j - k + 1))) - 1, 4 * k))
        k = j + 1
    return runs


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

    @functools.cached_property
    def _arrays(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
        runs = [tuple_runs(cells) for cells in self.tuples]
        width = 2 + 3 * max(len(r) for r in runs)
        table = np.zeros((len(self.tuples), width), dtype=np.int64)
        for t, (offset, parts) in enumerate(zip(self.offsets, runs, strict=True)):
            table[t, :2] = (offset, len(parts))
            for r, part in enumerate(parts):
                table[t, 2 + 3 * r : 5 + 3 * r] = part
        stages = np.array([*self.stages, 0], dtype=np.int64)
        return np.ascontiguousarray(table.reshape(-1)), stages, width

    def features(self) -> Features:
        """The kernels' view of the tuples (:class:`Features`), valid while this network
        lives (it keeps the arrays)."""
        runs, stages, width = self._arrays
        return Features(
            int(runs.ctypes.data),
            len(self.tuples),
            width,
            int(stages.ctypes.data),
            len(self.stages),
            self.stage_size,
        )


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
def board_stage(board: int, net: Features) -> int:  # pragma: no cover - compiled
    """The stage of a 64-bit board (:func:`reference_stage`)."""
    if net.stage_count == 0:
        return 0
    largest = 0
    for cell in range(16):
        largest = max(largest, (board >> (4 * cell)) & 0xF)
    stage = 0
    for k in range(net.stage_count):
        if largest >= load_int(net.stages, k):
            stage += 1
    return stage


_ROWS_LOW = 0x000F000F000F000F
_ROWS_MID = 0x00F000F000F000F0


@njit(cache=True, nogil=True, inline="always")
def mirror_rows(board: int) -> int:  # pragma: no cover - compiled
    """Each row reversed (left-right mirror)."""
    return (
        wrap64((board & _ROWS_LOW) << 12)
        | ((board & _ROWS_MID) << 4)
        | ((board >> 4) & _ROWS_MID)
        | ((board >> 12) & _ROWS_LOW)
    )


@njit(cache=True, nogil=True, inline="always")
def flip_rows(board: int) -> int:  # pragma: no cover - compiled
    """The rows in reverse order (top-bottom mirror)."""
    return (
        wrap64((board & 0xFFFF) << 48)
        | ((board & 0xFFFF0000) << 16)
        | ((board >> 16) & 0xFFFF0000)
        | ((board >> 48) & 0xFFFF)
    )


@njit(cache=True, nogil=True, inline="always")
def tuple_index(runs: int, row: int, board: int) -> int:  # pragma: no cover - compiled
    """The index within its table of the tuple at word ``row`` of ``runs``, read on ``board``."""
    index = 0
    for r in range(load_int(runs, row + 1)):
        at = row + 2 + 3 * r
        index |= ((board >> load_int(runs, at)) & load_int(runs, at + 1)) << load_int(runs, at + 2)
    return index


@njit(cache=True, nogil=True, inline="always")
def _image_features(  # pragma: no cover - compiled
    net: Features, board: int, base: int, out: int, at: int
) -> None:
    runs = net.address
    for t in range(net.tuples):
        row = t * net.width
        store_int(out, at + t, base + load_int(runs, row) + tuple_index(runs, row, board))


@njit(cache=True, nogil=True, inline="always")
def features(  # pragma: no cover - compiled
    board: int, net: Features, base: int, out: int
) -> int:
    """Write each feature's weight index of a 64-bit board into the int64 words at address
    ``out`` (``base``: its stage's first weight); returns the feature count (8 images x tuples)."""
    n = net.tuples
    t = transpose(board)
    v = flip_rows(board)
    tv = flip_rows(t)
    _image_features(net, board, base, out, 0)
    _image_features(net, mirror_rows(board), base, out, n)
    _image_features(net, v, base, out, 2 * n)
    _image_features(net, mirror_rows(v), base, out, 3 * n)
    _image_features(net, t, base, out, 4 * n)
    _image_features(net, mirror_rows(t), base, out, 5 * n)
    _image_features(net, tv, base, out, 6 * n)
    _image_features(net, mirror_rows(tv), base, out, 7 * n)
    return 8 * n


@njit(cache=True, nogil=True, inline="always")
def _image_value(
    values: int, runs: int, shape: tuple[int, int], board: int, base: int
) -> float:  # pragma: no cover - compiled
    tuples, width = shape
    total = 0.0
    for t in range(tuples):
        row = t * width
        total += load_float32(values, base + load_int(runs, row) + tuple_index(runs, row, board))
    return total


@njit(cache=True, nogil=True, inline="always")
def network_value(  # pragma: no cover - compiled
    values: int, runs: int, shape: tuple[int, int], board: int, base: int
) -> float:
    """The sum of the weights (float32 at address ``values``) the board's features select;
    ``runs`` is :attr:`Features.address`, ``shape`` its ``(tuples, width)``."""
    t = transpose(board)
    v = flip_rows(board)
    tv = flip_rows(t)
    return (
        _image_value(values, runs, shape, board, base)
        + _image_value(values, runs, shape, mirror_rows(board), base)
        + _image_value(values, runs, shape, v, base)
        + _image_value(values, runs, shape, mirror_rows(v), base)
        + _image_value(values, runs, shape, t, base)
        + _image_value(values, runs, shape, mirror_rows(t), base)
        + _image_value(values, runs, shape, tv, base)
        + _image_value(values, runs, shape, mirror_rows(tv), base)
    )


@njit(cache=True, nogil=True, inline="always")
def board_value(  # pragma: no cover - compiled
    values: int, board: int, net: Features, base: int
) -> float:
    """The network's value of a 64-bit board whose stage starts at ``base`` (``values``:
    the address of the float32 weights)."""
    return network_value(values, net.address, (net.tuples, net.width), board, base)


@njit(cache=True, nogil=True, inline="always")
def features_value(  # pragma: no cover - compiled
    values: int, index: int, tuples: int
) -> float:
    """The value :func:`network_value` gives a board, from the weight indices
    :func:`features` wrote at address ``index``: the same weights summed in the same order
    (image by image), so the two agree to the last bit. A kernel that needs a board's
    indices anyway (to update them later, or to prefetch its weights) reads them once."""
    total = 0.0
    for image in range(SYMMETRY_COUNT):
        part = 0.0
        for t in range(image * tuples, (image + 1) * tuples):
            part += load_float32(values, load_int(index, t))
        total = part if image == 0 else total + part
    return total
