"""Every game's encoding (core/encoding.py, one learning.py per game): each legal move of
random games has its own action and back, the mask is the legal moves, and observations
have the declared shape and bounds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from plyground.core.encoding import encoding_of, mask_planes
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game
from plyground.games import load_game
from plyground.games.morris import encode

SPECS = ["tictactoe", "adjacency(size=5,rounds=6)", "adjacency", "morris", "2048", "queens(size=6)"]


@pytest.mark.parametrize("spec", SPECS)
def test_moves_and_actions_correspond_in_random_games(spec: str) -> None:
    game = load_game(spec)
    encoding = encoding_of(game)
    rng = random.Random(11)
    for _ in range(10):
        state = game.initial_state()
        plies = 0
        while not state.is_terminal() and plies < encoding.longest:
            if state.is_chance():
                outcomes = [outcome for outcome, _ in state.chance_outcomes()]
                assert all(0 <= o < encoding.outcomes for o in outcomes)  # type: ignore[operator]
                state = state.play(rng.choice(outcomes))
                continue
            moves = state.legal_moves()
            actions = [encoding.action(move) for move in moves]
            assert len(set(actions)) == len(actions)
            assert all(0 <= a < encoding.actions for a in actions)
            assert [encoding.move(a) for a in actions] == list(moves)
            assert np.flatnonzero(encoding.mask(state)).tolist() == sorted(actions)
            observation = encoding.observe(state, state.to_move())
            assert observation.shape == encoding.shape and observation.dtype == np.float32
            assert encoding.low <= observation.min() and observation.max() <= encoding.high
            state = state.play(rng.choice(moves))
            plies += 1
        low, high = encoding.returns
        assert all(low <= value <= high for value in state.returns())


def test_a_morris_move_that_takes_is_one_action() -> None:
    encoding = encoding_of(load_game("morris"))
    assert encoding.actions == 600 * 25
    place_and_take = encode(-1, 2, 5)  # place on g7, take the man on f6
    assert encoding.action(place_and_take) == 25 * 2 + 6
    step = encode(0, 1)  # a7-d7: OpenSpiel's step 24 + 24 * 0 + 1
    assert encoding.action(step) == 25 * 25
    assert encoding.move(25 * 25) == step


def test_bad_actions_are_named() -> None:
    encoding = encoding_of(load_game("tictactoe"))
    with pytest.raises(IllegalMoveError, match="action 9 is out of range: actions are 0-8"):
        encoding.move(9)
    with pytest.raises(IllegalMoveError, match="action 'a1' is not an int"):
        encoding.check_action("a1")
    assert encoding.check_action(np.int64(3)) == 3


def test_a_game_without_an_encoding_says_so() -> None:
    class Bare(load_game("tictactoe").__class__):  # type: ignore[misc]
        NAME = "bare"
        ENCODING = None

    game: Game = Bare()
    with pytest.raises(SettingsError, match="numbers no moves for learning libraries"):
        encoding_of(game)


def test_mask_planes_puts_a1_first() -> None:
    planes = mask_planes([0b1, 0b10], 2, 2)
    assert planes[0, 0].tolist() == [1.0, 0.0] and planes[0, 1].tolist() == [0.0, 1.0]
