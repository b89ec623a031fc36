"""What a compiled alpha-beta keeps between searches, and the context words that point to it.

The adjacency and Morris engines search with the same memory: a
transposition table of two words an entry, two killer moves a ply, a
history counter a move slot, a move stack, the triangular principal
variation table (:func:`plyground.core.search_kernels.set_pv`) and a search
generation. Their kernels find it through the same twelve int64 words of
their context block, at a base each game chooses (``M_*`` below; the first
four are the clock block of :func:`plyground.core.search_kernels.count_node`).
:class:`SearchMemory` owns the buffers and their upkeep between searches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from plyground.core.game import State
from plyground.core.search_kernels import (
    CLOCK_DEADLINE,
    CLOCK_NODE_LIMIT,
    CLOCK_NODES,
    CLOCK_STOPPED,
    M_GENERATION,
    M_HISTORY,
    M_KILLERS,
    M_MOVES,
    M_PV,
    M_PV_LENGTH,
    M_TABLE,
    M_TABLE_MASK,
    MEMORY_WORDS,
)
from plyground.core.search_results import legal_line

__all__ = [
    "MEMORY_WORDS",
    "M_DEADLINE",
    "M_GENERATION",
    "M_HISTORY",
    "M_KILLERS",
    "M_MOVES",
    "M_NODES",
    "M_NODE_LIMIT",
    "M_PV",
    "M_PV_LENGTH",
    "M_STOPPED",
    "M_TABLE",
    "M_TABLE_MASK",
    "SearchMemory",
    "mapped_zeros",
]

# -- the memory block: int64 words from the game's base in its context -------------------
M_NODES = CLOCK_NODES
M_DEADLINE = CLOCK_DEADLINE
M_STOPPED = CLOCK_STOPPED
M_NODE_LIMIT = CLOCK_NODE_LIMIT
# M_TABLE to M_GENERATION and MEMORY_WORDS: in :mod:`plyground.core.search_kernels`, whose
# kernels read them (imported above, named here with the rest)


def mapped_zeros(words: int) -> npt.NDArray[np.int64]:
    """``words`` zeroed int64 words whose memory is already in place.

    A large new array's pages stay unmapped until first written, and the
    kernel then zeroes each on the spot (a whole 2 MB huge page at a time):
    for a search's table that work would fall inside the first searches,
    under their clock (a 50 ms Morris move lost 20-40 ms to it). Written
    here, it is done when the table is made.
    """
    block = np.empty(words, dtype=np.int64)
    block.fill(0)
    return block


class SearchMemory:
    """The buffers of a compiled alpha-beta: kept between searches, cleared by :meth:`new_game`.

    ``table_size`` is rounded down to a power of two entries (at least 1024;
    two int64 words, 16 bytes, an entry); ``history_slots`` is the number of
    history counters (a move's slot is the game's choice); ``move_stack`` the
    words of the move stack.
    """

    def __init__(self, table_size: int, max_ply: int, history_slots: int, move_stack: int) -> None:
        entries = 1 << max(10, int(table_size).bit_length() - 1)
        self.max_ply = max_ply
        self.table = mapped_zeros(2 * entries)
        self.killers = np.full(2 * max_ply, -1, dtype=np.int64)
        self.history = np.zeros(history_slots, dtype=np.int64)
        self.moves = np.zeros(move_stack, dtype=np.int64)
        self.pv = np.zeros(max_ply * max_ply, dtype=np.int64)
        self.pv_length = np.zeros(max_ply + 1, dtype=np.int64)
        self.generation = 0

    @property
    def table_entries(self) -> int:
        """How many entries the transposition table holds."""
        return len(self.table) // 2

    def new_game(self) -> None:
        """Forget what earlier searches learned."""
        self.table[:] = 0
        self.killers[:] = -1
        self.history[:] = 0
        self.generation = 0

    def start(self, block: npt.NDArray[np.int64], deadline: int, node_limit: int) -> None:
        """Begin a search: a new generation, no killers, history aged (quartered), and the
        memory block ``block`` (the :data:`MEMORY_WORDS` words at the game's base in its
        context) pointing at the buffers, with the clock at ``deadline`` (monotonic
        nanoseconds, 0: none) and ``node_limit`` (0: none)."""
        self.generation = (self.generation + 1) & 0xFF
        self.killers[:] = -1
        self.history //= 4
        block[M_NODES] = 0
        block[M_DEADLINE] = deadline
        block[M_STOPPED] = 0
        block[M_NODE_LIMIT] = node_limit
        block[M_TABLE] = self.table.ctypes.data
        block[M_TABLE_MASK] = self.table_entries - 1
        block[M_KILLERS] = self.killers.ctypes.data
        block[M_HISTORY] = self.history.ctypes.data
        block[M_MOVES] = self.moves.ctypes.data
        block[M_PV] = self.pv.ctypes.data
        block[M_PV_LENGTH] = self.pv_length.ctypes.data
        block[M_GENERATION] = self.generation

    def line(self, state: State) -> list[int]:
        """The principal variation at ply 0 from ``state``, cut where it stops being legal."""
        return legal_line(state, self.pv[: int(self.pv_length[0])])

    def principal_variation(self, state: State, first_move: Callable[[Any], int]) -> list[int]:
        """:meth:`line`, or ``[first_move(state)]`` when it is empty: a completed depth
        always has a move to play."""
        return self.line(state) or [first_move(state)]
