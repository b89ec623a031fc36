"""The 2048 kernel and search on arbitrary boards (hypothesis): any tiles in any cell.

A tile of 256 or more in the last cell sets bit 63 of the kernel's 64-bit
board (a signed int64). Moves, points and the heuristic against the rules
and the reference heuristic; the compiled expectimax one move deep against
the reference expectimax.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings

from plyground.algorithms.search.expectimax import Expectimax
from plyground.games import load_game
from plyground.games.g2048 import kernel, slide
from plyground.games.g2048.evaluation import G2048Evaluator, G2048Weights, board_value, line_table
from plyground.games.g2048.search import G2048Search
from strategies import g2048_boards

GAME = load_game("2048")
WEIGHTS = G2048Weights(smoothness=13.0)  # every term non-zero
LINES = line_table(WEIGHTS)


@settings(max_examples=500, deadline=None)
@given(g2048_boards())
def test_moves_points_and_heuristic_equal_the_rules(board: tuple[int, ...]) -> None:
    encoded = kernel.board_to_int(board)
    assert -(2**63) <= encoded < 2**63
    assert kernel.board_from_int(encoded) == board
    assert kernel.kernel_heuristic(encoded, LINES) == board_value(board, WEIGHTS)
    for move in range(4):
        after, gained = slide(board, move)
        if not kernel.fits(board) and after != slide(tuple(min(e, 14) for e in board), move)[0]:
            continue  # two 32768 tiles would merge: beyond the kernel (see kernel.fits)
        assert kernel.kernel_move(encoded, move) == (kernel.board_to_int(after), gained)


@settings(max_examples=150, deadline=None)
@given(g2048_boards(most=14))
def test_the_search_one_move_deep_equals_the_reference(board: tuple[int, ...]) -> None:
    state = GAME.state(board)
    assume(not state.is_terminal())  # no move changes the board
    expected = Expectimax(G2048Evaluator(WEIGHTS), cache_size=0).move_values(state, 1)
    values = G2048Search(WEIGHTS, table_entries=0).values(kernel.board_to_int(board), 1)
    assert values is not None
    for move in range(4):
        if move in expected:
            assert values[move] == pytest.approx(expected[move], rel=1e-12)
        else:
            assert values[move] == -np.inf
