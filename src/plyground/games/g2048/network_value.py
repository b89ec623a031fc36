"""An n-tuple network as the compiled search's evaluation: its arrays reached through one
int64 block of addresses (as the search's context reaches its tables), and tile-downgrading.

:class:`PackedNetwork` keeps the arrays alive and fills the block; :func:`packed_value`
is the network's value of an afterstate (the points still to come), read with
:func:`~plyground.core.jit.load_int` and :func:`~plyground.core.jit.load_float32` from
the block's address, so the recursive search passes one integer and pays no reference
counting.

Tile-downgrading (TDL2048+'s play trick): a network trained on games that rarely held a
32768 tile knows little of boards with one. When a board's largest tile reaches the
threshold and some smaller tile value is missing from the board (a gap), every tile
above the smallest gap is evaluated one step smaller: the board then looks like one the
network has seen, with the same shape and merges.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.core.jit import load_int
from plyground.games.g2048.ntuple import NTupleNetwork, network_value
from plyground.games.g2048.rules import Board

__all__ = ["BLOCK_WORDS", "PackedNetwork", "downgraded", "packed_value", "reference_downgraded"]

B_VALUES = 0
B_RUNS = 1
B_TUPLES = 2
B_WIDTH = 3
B_STAGES = 4
B_STAGE_COUNT = 5
B_STAGE_SIZE = 6
B_DOWNGRADE = 7
"""The exponent from which boards are downgraded (16: never)."""
BLOCK_WORDS = 8


def reference_downgraded(board: Board, threshold: int) -> Board:
    """``board`` downgraded: when its largest exponent is at least ``threshold`` and an
    exponent between 1 and it is missing, every exponent above the smallest missing one
    is lowered by one."""
    largest = max(board)
    if largest < threshold:
        return board
    present = set(board)
    gap = next((e for e in range(1, largest) if e not in present), None)
    if gap is None:
        return board
    return tuple(e - 1 if e > gap else e for e in board)


@njit(cache=True, nogil=True, inline="always")
def downgraded(board: int, threshold: int) -> int:  # pragma: no cover - compiled
    """:func:`reference_downgraded` of a 64-bit board."""
    present = 0
    largest = 0
    for cell in range(16):
        exponent = (board >> (4 * cell)) & 0xF
        present |= 1 << exponent
        largest = max(largest, exponent)
    if largest < threshold:
        return board
    gap = 0
    for exponent in range(1, largest):
        if not (present >> exponent) & 1:
            gap = exponent
            break
    if gap == 0:
        return board
    out = 0
    for cell in range(16):
        exponent = (board >> (4 * cell)) & 0xF
        if exponent > gap:
            exponent -= 1
        out |= exponent << (4 * cell)
    return out


@njit(cache=True, nogil=True)
def packed_value(block: int, board: int) -> float:  # pragma: no cover - compiled
    """The network's value of a 64-bit afterstate (the block's network, downgraded first)."""
    board = downgraded(board, load_int(block, B_DOWNGRADE))
    stage_count = load_int(block, B_STAGE_COUNT)
    base = 0
    if stage_count > 0:
        largest = 0
        for cell in range(16):
            largest = max(largest, (board >> (4 * cell)) & 0xF)
        stages = load_int(block, B_STAGES)
        for k in range(stage_count):
            if largest >= load_int(stages, k):
                base += load_int(block, B_STAGE_SIZE)
    return network_value(
        load_int(block, B_VALUES),
        load_int(block, B_RUNS),
        (load_int(block, B_TUPLES), load_int(block, B_WIDTH)),
        board,
        base,
    )


class PackedNetwork:
    """A network's weights and features behind one block of addresses (:func:`packed_value`);
    ``downgrade``: the tile from which boards are downgraded (0: never)."""

    def __init__(
        self, network: NTupleNetwork, values: npt.NDArray[np.float32], downgrade: int = 0
    ) -> None:
        if values.shape[0] != network.size or values.dtype != np.float32:
            raise ValueError(f"the network needs {network.size:,} float32 values")
        self.network = network
        self.values = np.ascontiguousarray(values)
        net = network.features()  # the network keeps its arrays
        self.block = np.zeros(BLOCK_WORDS, dtype=np.int64)
        b = self.block
        b[B_VALUES] = self.values.ctypes.data
        b[B_RUNS] = net.address
        b[B_TUPLES] = net.tuples
        b[B_WIDTH] = net.width
        b[B_STAGES] = net.stages
        b[B_STAGE_COUNT] = net.stage_count
        b[B_STAGE_SIZE] = network.stage_size
        self.downgrade = downgrade
        b[B_DOWNGRADE] = downgrade.bit_length() - 1 if downgrade > 0 else 16

    @property
    def address(self) -> int:
        return int(self.block.ctypes.data)

    def value(self, board: int) -> float:
        """:func:`packed_value` of a (signed) 64-bit board."""
        return float(packed_value(self.address, board))
