"""The Morris kernels on arbitrary positions (hypothesis): men anywhere, full boards.

The kernels take 24-bit masks of points; point x7 (the top bit) and crowded
boards are where a mask mistake would show. Moves, the end of the game and
the evaluation against the rules' reference; the compiled search at a
small depth against the reference alpha-beta.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from morris_helpers import relative, weight_buffer

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.morris import MorrisState
from plyground.games.morris.engine import MorrisEngine
from plyground.games.morris.evaluation import MorrisEvaluator, MorrisWeights
from plyground.games.morris.kernels import WON, child_status, evaluate, generate
from strategies import morris_positions

GAME = load_game("morris")


@settings(max_examples=400, deadline=None)
@given(morris_positions(GAME))
def test_moves_ends_and_evaluation_equal_the_rules(state: MorrisState) -> None:
    own, theirs, own_hand, their_hand = relative(state)
    buffer = np.zeros(640, dtype=np.int64)
    if not state.is_terminal():
        count = generate(buffer.ctypes.data, own, theirs, own_hand)
        assert buffer[:count].tolist() == state.legal_moves()
        weights = weight_buffer(MorrisWeights())
        value = evaluate(weights.ctypes.data, -1, own, theirs, own_hand, their_hand, state.took)
        assert value == MorrisEvaluator().evaluate(state)
        for move in state.legal_moves()[:8]:
            child = state.play(move)
            mover, other, hand, _ = relative(child)
            assert (child_status(mover, hand, other) == WON) == (child.winner() is not None)


@settings(max_examples=60, deadline=None)
@given(morris_positions(GAME))
def test_the_compiled_search_equals_the_reference_at_depth_two(state: MorrisState) -> None:
    if state.is_terminal():
        return
    engine = MorrisEngine(MorrisEvaluator(), 1 << 10, exact=True)
    compiled = engine.search(state, Limit(depth=2)).info
    reference = AlphaBeta(MorrisEvaluator()).search(state, Limit(depth=2)).info
    assert compiled.score == pytest.approx(reference.score, abs=1e-9)
