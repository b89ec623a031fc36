"""The playing search's transposition-table entries: a position key and the packed info word.

An entry is two int64 words: the *key word* and the value (a float64). The
key word is the position's 64-bit hash (:func:`position_hash`) with its low
:data:`INFO_BITS` bits replaced by the entry's info: best move (7 bits),
depth (7 bits), bound (2 bits) and search generation (8 bits). So an entry
matches a position when the hash's high ``64 - INFO_BITS`` = 40 bits agree
(:func:`key_matches`); the slot is chosen by the hash's low bits, so for a
table of up to 2^24 entries the slot and the check use disjoint bits.

Every field is read and written through the helpers here, never by shifts
at the call site.
"""

from __future__ import annotations

from numba import njit

from plyground.core.search_kernels import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    key_word,
    key_word_matches,
    mix64,
)

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
]

INFO_BITS = 24
INFO_MASK = (1 << INFO_BITS) - 1
SOLVED_DEPTH = 127
"""Stored depth of an entry whose value is exact to the end of the game."""
NO_MOVE = 127
"""Stored move of an entry without one (and the kernels' "no table move")."""

_MOVE_SHIFT, _DEPTH_SHIFT, _BOUND_SHIFT, _GENERATION_SHIFT = 0, 7, 14, 16


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


@njit(cache=True)
def key_matches(stored: int, key: int) -> bool:
    """Whether a stored key word belongs to the position hashed to ``key`` (40 high bits)."""
    return key_word_matches(stored, key, INFO_MASK)


@njit(cache=True)
def pack_entry(key: int, move: int, depth: int, bound: int, generation: int) -> int:
    """The key word of an entry: the hash's high bits and the packed info."""
    info = (
        (move << _MOVE_SHIFT)
        | (depth << _DEPTH_SHIFT)
        | (bound << _BOUND_SHIFT)
        | (generation << _GENERATION_SHIFT)
    )
    return key_word(key, info, INFO_MASK)


@njit(cache=True)
def entry_move(stored: int) -> int:
    """The best move of an entry (:data:`NO_MOVE` if none)."""
    return (stored >> _MOVE_SHIFT) & 127


@njit(cache=True)
def entry_depth(stored: int) -> int:
    """The depth an entry was searched to (:data:`SOLVED_DEPTH`: to the end of the game)."""
    return (stored >> _DEPTH_SHIFT) & 127


@njit(cache=True)
def entry_bound(stored: int) -> int:
    """The kind of an entry's value: :data:`BOUND_EXACT`, ``BOUND_LOWER`` or ``BOUND_UPPER``."""
    return (stored >> _BOUND_SHIFT) & 3


@njit(cache=True)
def entry_generation(stored: int) -> int:
    """The search generation (0-255) that wrote an entry."""
    return (stored >> _GENERATION_SHIFT) & 0xFF
