"""Every adjacency kernel that takes bitboards, on arbitrary valid positions (hypothesis).

Marks anywhere, every size, either side to move: on 8x8 a mark or an empty
cell on h8 sets bit 63, the sign bit of the kernels' int64 masks. Moves,
flips, evaluation and perft against the plain-Python reference; the
playing search at a fixed depth against plain minimax; playouts against
the rules; the symmetry kernel against its reference; the table's hash.
The ``test_small_*`` tests also run with the JIT off (test_nojit.py), on
every size too: the kernels wrap what can leave int64 (plyground.core.jit).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.jit import JIT_ENABLED, as_int64
from plyground.core.limits import Limit
from plyground.games.adjacency.bits import cells_by_gain
from plyground.games.adjacency.engine import AdjacencyEngine, SearchFeatures
from plyground.games.adjacency.evaluation import AdjacencyEvaluator
from plyground.games.adjacency.kernels import (
    evaluate_state,
    moves_by_gain,
    perft_state,
    play_state,
    relative_masks,
)
from plyground.games.adjacency.playout import AdjacencyPlayouts
from plyground.games.adjacency.rules import MAX_SIZE, MIN_SIZE, AdjacencyState
from plyground.games.adjacency.symmetry import representatives, skipped_moves, symmetry_tables
from plyground.games.adjacency.table import position_hash
from strategies import adjacency_positions

from .helpers import minimax, reference_perft

SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))
EXAMPLES = 300 if JIT_ENABLED else 60
"""Examples a test (fewer in plain Python, where the kernels run a hundred times slower)."""


def _theirs(state: AdjacencyState) -> int:
    return state.o if state.side == 0 else state.x


@settings(max_examples=EXAMPLES, deadline=None)
@given(adjacency_positions(SIZES, max_plies=2, max_nodes=600))
def test_small_moves_flips_evaluation_and_perft_equal_the_reference(state: AdjacencyState) -> None:
    assert moves_by_gain(state) == cells_by_gain(_theirs(state), state.empty(), state.size)
    for move in state.legal_moves():
        assert play_state(state, move) == state.play(move)
    assert evaluate_state(state) == AdjacencyEvaluator().evaluate(state)
    assert perft_state(state, state.plies_left) == reference_perft(state, state.plies_left)


@settings(max_examples=EXAMPLES, deadline=None)
@given(adjacency_positions(SIZES, max_plies=3, max_nodes=600))
def test_small_fixed_depth_search_equals_minimax(state: AdjacencyState) -> None:
    engine = AdjacencyEngine(table_size=1 << 10, features=SearchFeatures.exact())
    for depth in range(1, state.plies_left + 1):
        found = engine.search(state, Limit(depth=depth))
        assert found.info.score == minimax(state, depth)
        assert found.move in state.legal_moves()


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    adjacency_positions(SIZES, max_plies=8, max_nodes=10**6), st.booleans(), st.integers(0, 2**63)
)
def test_small_playouts_play_by_the_rules(state: AdjacencyState, guided: bool, seed: int) -> None:
    end = AdjacencyPlayouts(guided=guided, seed=seed).playout(state, None)
    assert end.is_terminal()
    played = state.plies_left - end.plies_left
    assert end.side == state.side ^ (played & 1)
    assert (end.x | end.o) & (state.x | state.o) == state.x | state.o  # marks only flip
    assert (end.x | end.o).bit_count() == (state.x | state.o).bit_count() + played
    assert end.x & end.o == 0 and (end.x | end.o) & ~state.geometry.full == 0


@settings(max_examples=EXAMPLES, deadline=None)
@given(adjacency_positions(SIZES, max_plies=1, max_nodes=64))
def test_small_the_symmetry_kernel_skips_exactly_the_non_representatives(
    state: AdjacencyState,
) -> None:
    empty = state.empty()
    tables = symmetry_tables(state.size)
    own, theirs = relative_masks(state)
    skip = skipped_moves(tables.ctypes.data, own, theirs, as_int64(empty))
    searched = [c for c in range(state.geometry.cells) if empty >> c & 1 and not skip >> c & 1]
    assert searched == representatives(state.x, state.o, empty, state.size)


@settings(max_examples=EXAMPLES, deadline=None)
@given(adjacency_positions(SIZES, max_plies=1, max_nodes=64), st.integers(0, 63))
def test_the_table_hash_sees_every_cell(state: AdjacencyState, cell: int) -> None:
    """Moving one mark (the sign bit's too) to the other side or off the board moves the hash."""
    bit = as_int64(1 << (cell % state.geometry.cells))
    own, theirs = relative_masks(state)
    key = position_hash(own, theirs, 12345)
    assert position_hash(own ^ bit, theirs, 12345) != key
    assert position_hash(own, theirs ^ bit, 12345) != key
    if (own | theirs) & bit:
        assert position_hash(own ^ bit, theirs ^ bit, 12345) != key
