"""The table key tells apart positions that differ only in who owns g8 or h8 (8x8's top bits)."""

from __future__ import annotations

from plyground.core.jit import as_int64
from plyground.games.adjacency.rules import AdjacencyGame
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.table import position_hash


def test_a_mark_changing_sides_on_g8_or_h8_changes_the_key() -> None:
    base_own, base_theirs = 0b101, 1 << 40
    for cell in (61, 62, 63):
        own = as_int64(base_own | 1 << cell)
        swapped = as_int64(base_theirs | 1 << cell)
        assert position_hash(own, as_int64(base_theirs), 7) != position_hash(
            as_int64(base_own), swapped, 7
        )


def test_mirror_positions_get_mirror_move_values_on_8x8() -> None:
    """After c4 and after d3 (mirror images in the a1-h8 diagonal, 8x8, 5 rounds) O's
    replies f8 and h6 swap values; the old key gave f8 a wrong value after c4."""
    root = AdjacencyGame(size=8, rounds=5).initial_state()
    values = {}
    for first in ("c4", "d3"):
        child = root.play(root.parse_move(first))
        values[first] = ExactSolver(1 << 18).solve(child, moves=True, line=False).moves
    assert values["c4"] is not None and values["d3"] is not None
    assert (values["c4"]["f8"], values["c4"]["h6"]) == (values["d3"]["h6"], values["d3"]["f8"])
