"""Hypothesis strategies shared by the property tests: arbitrary valid positions and boards.

Arbitrary means any marks anywhere, not only what a game reaches: the
kernels take bitboards, and a position set up by hand (or a board with its
last cell taken, which sets bit 63 of a 64-bit mask) must work as well as
one from play. Test modules import from here (``from strategies import
...``), as from ``cli_support``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from plyground.games.adjacency.rules import (
    MAX_SIZE,
    MIN_SIZE,
    AdjacencyGame,
    AdjacencyState,
    max_rounds,
)
from plyground.games.adjacency.symmetry import SYMMETRIES, image
from plyground.games.morris.board import FULL
from plyground.games.morris.encoding import MEN
from plyground.games.morris.rules import MAX_TURNS, MorrisGame, MorrisState

__all__ = ["adjacency_positions", "g2048_boards", "morris_positions", "tree_size"]


def tree_size(empty: int, plies: int) -> int:
    """Nodes of the full game tree below a position with ``empty`` cells and ``plies`` left."""
    total, width = 0, 1
    for depth in range(min(empty, plies)):
        width *= empty - depth
        total += width
    return total


_INVOLUTIONS = tuple(i for i, (name, _) in enumerate(SYMMETRIES) if "quarter" not in name)
"""The symmetries that are their own inverse (every one but the two quarter turns)."""


@st.composite
def adjacency_positions(
    draw: st.DrawFn,
    sizes: tuple[int, ...] = tuple(range(MIN_SIZE, MAX_SIZE + 1)),
    max_plies: int = 8,
    max_nodes: int = 2000,
) -> AdjacencyState:
    """An unfinished adjacency position with marks anywhere, either side to move.

    Its full game tree has at most ``max_nodes`` nodes, so a plain negamax
    can value it: the plies left come first (1 to ``max_plies``, at most the
    board's longest game), then as many empty cells as that allows, placed
    anywhere (the last cell, bit ``size * size - 1``, as likely as any); the
    other cells go to X or O at random. Sometimes the position is made
    symmetric under a reflection or the half turn (the solver skips mirror
    moves there). The game is the board's longest (as ``parse_position``'s).
    """
    size = draw(st.sampled_from(sizes))
    cells = size * size
    last = 1 << (cells - 1)
    plies = draw(st.integers(1, min(max_plies, 2 * max_rounds(size))))
    symmetry = draw(st.none() | st.sampled_from(_INVOLUTIONS))
    most_empty = max(n for n in range(1, cells + 1) if tree_size(n, plies) <= max_nodes)
    if symmetry is not None:
        most_empty = max(1, most_empty // 2)  # mirroring may double them
    count = draw(st.integers(1, most_empty))
    # One draw for where the empty cells are (drawing each cell costs hypothesis much more).
    empty = sum(
        1 << cell for cell in draw(st.randoms(use_true_random=True)).sample(range(cells), count)
    )
    x = draw(st.integers(0, (1 << cells) - 1))
    # The last cell (bit 63 on 8x8) empty, X's or O's as often as the rest put together.
    corner = draw(st.sampled_from(("any", "empty", "X", "O")))
    if corner == "empty" and not empty & last:
        empty ^= (empty & -empty) | last  # the lowest empty cell moves to the last
    elif corner in ("X", "O"):
        if empty & last:
            empty ^= last | (~empty & (empty + 1))  # the last empty cell moves to the lowest full
        x = x | last if corner == "X" else x & ~last
    if symmetry is not None:  # an involution s: s(a | s(a)) = a | s(a)
        empty |= image(empty, symmetry, size)
        x |= image(x, symmetry, size)
    full = (1 << cells) - 1
    x &= full & ~empty
    o = full & ~empty & ~x
    side = draw(st.integers(0, 1))
    return AdjacencyState(AdjacencyGame(size=size, rounds=max_rounds(size)), x, o, side, plies)


@st.composite
def morris_positions(draw: st.DrawFn, game: MorrisGame) -> MorrisState:
    """A Morris position a game could reach by its counts: up to nine men a side anywhere
    (point x7, the top bit of a 24-bit mask, as likely as any), hands that alternate,
    the turns they imply (any number up to the cap once every man is placed)."""
    black_hand = draw(st.integers(0, MEN))
    white_hand = draw(st.sampled_from(sorted({max(0, black_hand - 1), black_hand})))
    points = draw(st.permutations(range(24)))
    white_count = draw(st.integers(0, MEN - white_hand))
    black_count = draw(st.integers(0, min(MEN - black_hand, 24 - white_count)))
    white = sum(1 << p for p in points[:white_count])
    black = sum(1 << p for p in points[white_count : white_count + black_count])
    placed = 2 * MEN - white_hand - black_hand
    turns = placed if white_hand or black_hand else draw(st.integers(placed, MAX_TURNS))
    assert white & black == 0 and (white | black) & ~FULL == 0
    return MorrisState(
        game, white, black, white_hand=white_hand, black_hand=black_hand, turns=turns
    )


def g2048_boards(most: int = 15) -> st.SearchStrategy[tuple[int, ...]]:
    """A 2048 board of 16 tile exponents (0: empty) up to ``most``, any tile anywhere: an
    exponent of 8 or more in the last cell sets bit 63 of the 64-bit encoding."""
    return st.tuples(*[st.integers(0, most)] * 16)
