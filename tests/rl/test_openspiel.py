"""plyground's games registered with OpenSpiel: its random simulation test, its MCTS, and
its MCTS through plyground's arena."""

from __future__ import annotations

import random

import pyspiel
import pytest

import plyground.rl.openspiel  # noqa: F401 - registers the games
from plyground.arena import play_match
from plyground.bots import make_bot
from plyground.core.encoding import encoding_of
from plyground.games import load_game

SPIEL = {
    "plyground_adjacency": ({"size": 5, "rounds": 3}, "adjacency(size=5,rounds=3)"),
    "plyground_tictactoe": ({}, "tictactoe"),
    "plyground_morris": ({}, "morris"),
    "plyground_2048": ({}, "2048"),
}


@pytest.mark.parametrize("name", list(SPIEL))
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    params, _ = SPIEL[name]
    pyspiel.random_sim_test(
        pyspiel.load_game(name, params), num_sims=3, serialize=True, verbose=False
    )


@pytest.mark.parametrize("name", list(SPIEL))
def test_openspiel_plays_by_plygrounds_rules(name: str) -> None:
    """Random games stepped in both: the same legal actions, players, ends and returns."""
    params, spec = SPIEL[name]
    theirs_game = pyspiel.load_game(name, params)
    ours_game = load_game(spec)
    encoding = encoding_of(ours_game)
    rng = random.Random(5)
    for _ in range(3):
        theirs, ours = theirs_game.new_initial_state(), ours_game.initial_state()
        while not ours.is_terminal():
            if ours.is_chance():
                assert theirs.is_chance_node()
                assert sorted(theirs.chance_outcomes()) == sorted(ours.chance_outcomes())
                move = rng.choice([outcome for outcome, _ in ours.chance_outcomes()])
                theirs.apply_action(move)
            else:
                assert theirs.current_player() == ours.to_move()
                assert theirs.legal_actions() == sorted(
                    encoding.action(m) for m in ours.legal_moves()
                )
                move = rng.choice(ours.legal_moves())
                theirs.apply_action(encoding.action(move))
            ours = ours.play(move)
        assert theirs.is_terminal()
        assert theirs.returns() == list(ours.returns())


def test_the_adjacency_game_takes_its_size_and_rounds() -> None:
    game = pyspiel.load_game("plyground_adjacency", {"size": 6, "rounds": 4})
    assert game.num_distinct_actions() == 36
    assert game.max_game_length() == 8
    assert str(game.new_initial_state()) == "4OO/4OO/6/6/XX4/XX4 X 8"
    assert game.observation_tensor_shape() == [6, 6, 3]


def test_openspiels_mcts_beats_random_play_in_the_arena() -> None:
    game = load_game("adjacency(size=5,rounds=3)")
    mcts = make_bot("plyground.rl.spiel_bot:SpielMCTSBot:simulations=100,seed=1")
    # Both sides seeded, so every run plays the same games: with an unseeded
    # random player the result varied, and 4 games were too few to judge.
    result = play_match(game, (mcts.spec, "random:seed=3"), 10, seed=2)
    side = result.sides[0]
    assert side.wins >= 8 and not side.rule_breaks
