"""The transposition-table entry layout (plyground.core.table_entries) that the adjacency
game's and Morris's compiled searches share: every field reads back what was packed, and a
key word matches exactly the keys that agree above the info bits."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.games.adjacency import table as adjacency
from plyground.games.morris import table as morris

KEYS = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1)
COMPILED = settings(deadline=None)  # a first call compiles the kernels (or reads numba's cache)


@COMPILED
@given(KEYS, st.integers(0, 127), st.integers(0, 127), st.integers(0, 3), st.integers(0, 255))
def test_an_adjacency_entry_reads_back_what_was_packed(
    key: int, move: int, depth: int, bound: int, generation: int
) -> None:
    word = adjacency.pack_entry(key, move, depth, bound, generation)
    read = (adjacency.entry_move(word), adjacency.entry_depth(word))
    assert read == (move, depth)
    assert (adjacency.entry_bound(word), adjacency.entry_generation(word)) == (bound, generation)
    assert adjacency.INFO_BITS == 24 and adjacency.NO_MOVE == 127
    assert adjacency.key_matches(word, key) == (word != 0)


@COMPILED
@given(KEYS, st.integers(-1, 32766), st.integers(0, 255), st.integers(0, 3), st.integers(0, 511))
def test_a_morris_entry_reads_back_what_was_packed(
    key: int, move: int, depth: int, bound: int, generation: int
) -> None:
    word = morris.pack_entry(key, move, depth, bound, generation)
    assert (morris.entry_move(word), morris.entry_depth(word)) == (move, depth)
    assert (morris.entry_bound(word), morris.entry_generation(word)) == (bound, generation)
    assert morris.INFO_BITS == 34
    assert morris.key_matches(word, key) == (word != 0)


@COMPILED
@given(KEYS, KEYS)
def test_a_key_word_matches_the_keys_that_agree_above_the_info(key: int, other: int) -> None:
    for layout in (adjacency.LAYOUT, morris.LAYOUT):
        word = layout.pack_entry(key, 1, 1, 1, 1)
        same_high = (key ^ other) & ~layout.info_mask == 0
        assert bool(layout.key_matches(word, other)) == same_high


def _reference_replaces(layout: object, stored: int, key: int, depth: int, generation: int) -> bool:
    """The replacement rule as the searches wrote it inline: an empty slot, an entry of an
    earlier search, one no deeper, or the same position's entry gives way."""
    return (
        stored == 0
        or layout.entry_generation(stored) != generation  # type: ignore[attr-defined]
        or depth >= layout.entry_depth(stored)  # type: ignore[attr-defined]
        or bool(layout.key_matches(stored, key))  # type: ignore[attr-defined]
    )


@COMPILED
@given(
    st.booleans(), KEYS, KEYS, st.integers(0, 126), st.integers(0, 126), st.integers(0, 3),
    st.integers(0, 255), st.integers(0, 255), st.floats(allow_nan=False),
)  # fmt: skip
def test_an_entry_is_stored_by_the_replacement_rule(  # noqa: PLR0917 - one draw per field
    empty: bool, old_key: int, key: int, old_depth: int, depth: int, bound: int,
    old_generation: int, generation: int, value: float,
) -> None:  # fmt: skip
    for layout in (adjacency.LAYOUT, morris.LAYOUT):
        table = np.zeros(4, dtype=np.int64)
        old = 0 if empty else layout.pack_entry(old_key, 3, old_depth, 1, old_generation)
        table[2] = old
        table[3] = np.float64(-1.5).view(np.int64)
        layout.store_entry(table.ctypes.data, 2, key, 5, depth, depth + 1, bound, generation, value)
        if _reference_replaces(layout, old, key, depth, generation):
            assert table[2] == layout.pack_entry(key, 5, depth + 1, bound, generation)
            assert table[3:].view(np.float64)[0] == value
        else:
            assert table[2] == old
            assert table[3:].view(np.float64)[0] == -1.5
        assert table[0] == table[1] == 0  # no other slot is written
