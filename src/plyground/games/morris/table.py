"""The Morris search's transposition-table entries: a position key and the packed info word.

An entry is two int64 words: the *key word* and the value (a float64). The
key word is the position's 64-bit hash with its low :data:`INFO_BITS` bits
replaced by the entry's info: best move plus one (15 bits, 0: none), depth
(8 bits), bound (2 bits) and search generation (the bits above). An entry
matches a position when the hash's bits above the info agree
(:func:`key_matches`).

Every field is read and written through the helpers here, never by shifts at
the call site: the layout shared with the adjacency game's table, with this
game's widths (:func:`plyground.core.table_entries.entry_layout`).
"""

from __future__ import annotations

from plyground.core.table_entries import entry_layout

__all__ = [
    "INFO_BITS",
    "INFO_MASK",
    "entry_bound",
    "entry_depth",
    "entry_generation",
    "entry_move",
    "key_matches",
    "pack_entry",
    "store_entry",
]

LAYOUT = entry_layout(15, 8, 9, move_bias=1)
"""Best move plus one (15 bits, 0: none), depth (8), bound (2), generation (9)."""
INFO_BITS = LAYOUT.info_bits
INFO_MASK = LAYOUT.info_mask

# an entry's move is -1 without one (stored as 0)
pack_entry, key_matches, entry_move, entry_depth, entry_bound, entry_generation = LAYOUT.helpers
store_entry = LAYOUT.store_entry
