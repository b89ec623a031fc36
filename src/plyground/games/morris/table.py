"""The Morris search's transposition-table entries: a position key and the packed info word.

An entry is two int64 words: the *key word* and the value (a float64). The
key word is the position's 64-bit hash with its low :data:`INFO_BITS` bits
replaced by the entry's info: best move plus one (15 bits, 0: none), depth
(8 bits), bound (2 bits) and search generation (the bits above). An entry
matches a position when the hash's bits above the info agree
(:func:`key_matches`).

Every field is read and written through the helpers here, never by shifts at
the call site (as in :mod:`plyground.games.adjacency.table`).
"""

from __future__ import annotations

from numba import njit

from plyground.core.search_kernels import key_word, key_word_matches

__all__ = [
    "INFO_BITS",
    "INFO_MASK",
    "entry_bound",
    "entry_depth",
    "entry_generation",
    "entry_move",
    "key_matches",
    "pack_entry",
]

INFO_BITS = 34
INFO_MASK = (1 << INFO_BITS) - 1

_MOVE_BITS, _DEPTH_BITS, _BOUND_BITS = 15, 8, 2
_DEPTH_SHIFT = _MOVE_BITS
_BOUND_SHIFT = _DEPTH_SHIFT + _DEPTH_BITS
_GENERATION_SHIFT = _BOUND_SHIFT + _BOUND_BITS
_MOVE_MASK = (1 << _MOVE_BITS) - 1
_DEPTH_MASK = (1 << _DEPTH_BITS) - 1
_BOUND_MASK = (1 << _BOUND_BITS) - 1


@njit(cache=True)
def key_matches(stored: int, key: int) -> bool:
    """Whether a stored key word belongs to the position hashed to ``key``."""
    return key_word_matches(stored, key, INFO_MASK)


@njit(cache=True)
def pack_entry(key: int, move: int, depth: int, bound: int, generation: int) -> int:
    """The key word of an entry: the hash's high bits and the packed info (``move`` -1: none)."""
    info = (
        (move + 1)
        | (depth << _DEPTH_SHIFT)
        | (bound << _BOUND_SHIFT)
        | (generation << _GENERATION_SHIFT)
    )
    return key_word(key, info, INFO_MASK)


@njit(cache=True)
def entry_move(stored: int) -> int:
    """The best move of an entry (-1 if none)."""
    return (stored & _MOVE_MASK) - 1


@njit(cache=True)
def entry_depth(stored: int) -> int:
    """The depth an entry was searched to."""
    return (stored >> _DEPTH_SHIFT) & _DEPTH_MASK


@njit(cache=True)
def entry_bound(stored: int) -> int:
    """The kind of an entry's value (``BOUND_EXACT``, ``BOUND_LOWER`` or ``BOUND_UPPER``)."""
    return (stored >> _BOUND_SHIFT) & _BOUND_MASK


@njit(cache=True)
def entry_generation(stored: int) -> int:
    """The search generation that wrote an entry."""
    return (stored & INFO_MASK) >> _GENERATION_SHIFT
