"""A compiled search's transposition-table entry, laid out once for every game.

An entry is two int64 words: the *key word* and the value (a float64). The key
word is the position's 64-bit hash with its low ``info_bits`` bits replaced by
the entry's info, packed low to high: the best move (plus ``move_bias``: with a
bias of 1, a stored 0 is "no move" and the move -1), the depth searched, the
bound (2 bits) and the search generation. An entry matches a position when the
hash's bits above the info agree. A game's ``table.py`` makes its layout with
:func:`entry_layout` (the adjacency game's moves fit 7 bits, Morris's 15) and
reads and writes every field through it, never by shifts at the call site.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from numba import njit

from plyground.core.jit import load_int, store_float, store_int
from plyground.core.search_kernels import key_word, key_word_matches

__all__ = ["BOUND_BITS", "EntryLayout", "entry_layout"]

BOUND_BITS = 2
"""Bits of an entry's bound (exact, lower, upper)."""


@dataclass(frozen=True)
class EntryLayout:
    """One game's entry layout: its field widths and the compiled helpers over them.

    ``pack_entry(key, move, depth, bound, generation)`` is the key word of an entry;
    ``key_matches(stored, key)`` whether a stored key word belongs to the position
    hashed to ``key``; ``entry_move``, ``entry_depth``, ``entry_bound`` and
    ``entry_generation`` read a stored key word's fields; ``store_entry(table, slot, key,
    move, depth, stored_depth, bound, generation, value)`` writes an entry by the
    replacement rule every compiled search keeps.
    """

    info_bits: int
    info_mask: int
    pack_entry: Callable[..., Any]
    key_matches: Callable[..., Any]
    entry_move: Callable[..., Any]
    entry_depth: Callable[..., Any]
    entry_bound: Callable[..., Any]
    entry_generation: Callable[..., Any]
    store_entry: Callable[..., Any]

    @property
    def helpers(self) -> tuple[Callable[..., Any], ...]:
        """``(pack_entry, key_matches, entry_move, entry_depth, entry_bound,
        entry_generation)``: what a game's ``table.py`` hands its kernels, as
        module names a compiled function can call."""
        return (
            self.pack_entry,
            self.key_matches,
            self.entry_move,
            self.entry_depth,
            self.entry_bound,
            self.entry_generation,
        )


def entry_layout(
    move_bits: int, depth_bits: int, generation_bits: int, *, move_bias: int = 0
) -> EntryLayout:
    """The layout of entries whose fields are that wide (the bound takes :data:`BOUND_BITS`).

    >>> layout = entry_layout(7, 7, 8)
    >>> word = layout.pack_entry(0x7FFF_FFFF_FF00_0000, 42, 9, 2, 200)
    >>> (layout.entry_move(word), layout.entry_depth(word), layout.entry_bound(word),
    ...  layout.entry_generation(word), bool(layout.key_matches(word, 0x7FFF_FFFF_FF12_3456)))
    (42, 9, 2, 200, True)
    """
    info_bits = move_bits + depth_bits + BOUND_BITS + generation_bits
    info_mask = (1 << info_bits) - 1
    move_mask = (1 << move_bits) - 1
    depth_shift, depth_mask = move_bits, (1 << depth_bits) - 1
    bound_shift, bound_mask = move_bits + depth_bits, (1 << BOUND_BITS) - 1
    generation_shift = bound_shift + BOUND_BITS

    @njit(cache=True)
    def pack_entry(key: int, move: int, depth: int, bound: int, generation: int) -> int:
        info = (
            (move + move_bias)
            | (depth << depth_shift)
            | (bound << bound_shift)
            | (generation << generation_shift)
        )
        return key_word(key, info, info_mask)

    @njit(cache=True)
    def key_matches(stored: int, key: int) -> bool:
        return key_word_matches(stored, key, info_mask)

    @njit(cache=True)
    def entry_move(stored: int) -> int:
        return (stored & move_mask) - move_bias

    @njit(cache=True)
    def entry_depth(stored: int) -> int:
        return (stored >> depth_shift) & depth_mask

    @njit(cache=True)
    def entry_bound(stored: int) -> int:
        return (stored >> bound_shift) & bound_mask

    @njit(cache=True)
    def entry_generation(stored: int) -> int:
        return (stored & info_mask) >> generation_shift

    @njit(cache=True, inline="always")
    def store_entry(  # noqa: PLR0917 - kernels take positional values
        table: int, slot: int, key: int, move: int, depth: int, stored_depth: int, bound: int,
        generation: int, value: float
    ) -> None:  # fmt: skip
        # Depth-preferred within a search, replaced across searches: the entry at ``slot``
        # gives way unless it is a deeper one of another position from this generation.
        stored = load_int(table, slot)
        if (
            stored == 0
            or entry_generation(stored) != generation
            or depth >= entry_depth(stored)
            or key_matches(stored, key)
        ):
            store_int(table, slot, pack_entry(key, move, stored_depth, bound, generation))
            store_float(table, slot + 1, value)

    return EntryLayout(
        info_bits,
        info_mask,
        pack_entry,
        key_matches,
        entry_move,
        entry_depth,
        entry_bound,
        entry_generation,
        store_entry,
    )
