"""The playing search's transposition-table entries: a position key and the packed info word.

An entry is two int64 words: the *key word* and the value (a float64). The
key word is the position's 64-bit hash (:func:`position_hash`) with its low
:data:`INFO_BITS` bits replaced by the entry's info: best move (7 bits),
depth (7 bits), bound (2 bits) and search generation (8 bits). So an entry
matches a position when the hash's high ``64 - INFO_BITS`` = 40 bits agree
(:func:`key_matches`); the slot is chosen by the hash's low bits, so for a
table of up to 2^24 entries the slot and the check use disjoint bits.

Every field is read and written through the helpers here, never by shifts
at the call site: the layout shared with Morris's table, with this game's
widths (:func:`plyground.core.table_entries.entry_layout`).
"""

from __future__ import annotations

from numba import njit

from plyground.core.search_kernels import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    mix64,
)
from plyground.core.table_entries import entry_layout

__all__ = [
    "BOUND_EXACT",
    "BOUND_LOWER",
    "BOUND_UPPER",
    "INFO_BITS",
    "INFO_MASK",
    "NO_MOVE",
    "SOLVED_DEPTH",
    "entry_bound",
    "entry_depth",
    "entry_generation",
    "entry_move",
    "key_matches",
    "pack_entry",
    "position_hash",
    "store_entry",
]

LAYOUT = entry_layout(7, 7, 8)
"""Best move (7 bits, :data:`NO_MOVE` if none), depth (7), bound (2), generation (8)."""
INFO_BITS = LAYOUT.info_bits
INFO_MASK = LAYOUT.info_mask
SOLVED_DEPTH = 127
"""Stored depth of an entry whose value is exact to the end of the game."""
NO_MOVE = 127
"""Stored move of an entry without one (and the kernels' "no table move")."""


@njit(cache=True)
def position_hash(own: int, theirs: int, salt: int) -> int:
    """A 64-bit mix of both masks and ``salt`` (murmur3's finaliser, once per mask).

    The playing search salts with the plies left; the exact search with a
    constant of the whole solve, so its key depends on the masks only.
    Each mask gets its own round: mixing ``own * C1 + theirs * C2`` in one
    round cancels in the top bits (``C1 - C2`` is 4 times an odd number), so
    the mark on g8 or h8 changing sides left the hash unchanged and the two
    positions shared a table entry.
    """
    return mix64(mix64(own * -7046029254386353131 + salt) + theirs * -4658895280553007687)


# an entry's move is NO_MOVE without one; a key word matches on the hash's 40 high bits;
# a depth of SOLVED_DEPTH is exact to the end of the game
pack_entry, key_matches, entry_move, entry_depth, entry_bound, entry_generation = LAYOUT.helpers
store_entry = LAYOUT.store_entry
