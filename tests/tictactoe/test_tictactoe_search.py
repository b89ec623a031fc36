"""Tic-tac-toe search: the game value, the perfect bot, node counts of minimax and alpha-beta."""

from __future__ import annotations

import functools

import pytest

from plyground.algorithms.search import AlphaBeta, minimax
from plyground.bots import make_bot
from plyground.bots.evaluators import evaluator_for
from plyground.core import TERMINAL, Limit, State
from plyground.games import load_game
from plyground.games.tictactoe.evaluation import TicTacToeEvaluator

GAME = load_game("tictactoe")
START = GAME.initial_state()


@functools.cache
def solve(state: State) -> tuple[int, int]:
    """(outcome for the player to move: 1 win, 0 draw, -1 loss; plies to the end with best play).

    Independent of the project's searches: a winner plays the fastest win, a
    loser the slowest loss.
    """
    player = state.to_move()
    best: tuple[int, int] | None = None
    for move in state.legal_moves():
        child = state.play(move)
        if child.to_move() == TERMINAL:
            outcome, plies = int(child.returns()[player]), 1
        else:
            child_outcome, child_plies = solve(child)
            outcome, plies = -child_outcome, child_plies + 1
        key = (outcome, -plies if outcome > 0 else plies)
        if best is None or key > (best[0], -best[1] if best[0] > 0 else best[1]):
            best = (outcome, plies)
    assert best is not None
    return best


def reachable() -> list[State]:
    seen: dict[State, None] = {}
    frontier = [START]
    while frontier:
        state = frontier.pop()
        if state not in seen:
            seen[state] = None
            frontier.extend(state.play(move) for move in state.legal_moves())
    return list(seen)


POSITIONS = reachable()


def test_the_game_is_a_draw() -> None:
    assert solve(START) == (0, 9)
    result = minimax(START, evaluator_for(GAME), memo=True)
    assert result.value == 0 and result.exact
    assert set(result.best_moves) == set(START.legal_moves())  # every first move draws


@pytest.mark.slow
def test_full_minimax_visits_the_whole_tree() -> None:
    # The whole tree in natural order, every position counted: the known 549,946.
    result = minimax(START)
    assert result.nodes == 549_946 and result.value == 0 and result.exact


def test_node_counts_from_the_start() -> None:
    # Memoised: one visit per reachable position.
    assert minimax(START, memo=True).nodes == 5_478
    # Plain alpha-beta in natural order, with win/loss scores and with depth-adjusted ones.
    assert minimax(START, prune=True).nodes == 18_297
    assert minimax(START, TicTacToeEvaluator(), prune=True).nodes == 20_866
    # The generic alpha-beta: iterative deepening, transposition table, move ordering.
    result = AlphaBeta(TicTacToeEvaluator()).search(START, Limit(depth=9))
    assert result.exact and result.info.score == 0 and result.info.nodes < 5_000


def test_perfect_bot_keeps_the_value_of_every_position() -> None:
    bot = make_bot("perfect", seed=7)
    for state in POSITIONS:
        if state.is_terminal():
            continue
        outcome, plies = solve(state)
        child = state.play(bot.choose(state).move)
        if child.to_move() == TERMINAL:
            got = (int(child.returns()[state.to_move()]), 1)
        else:
            child_outcome, child_plies = solve(child)
            got = (-child_outcome, child_plies + 1)
        # Same outcome, and as fast a win or as slow a loss as possible.
        assert got == (outcome, plies), state.text()


def test_perfect_bot_solves_the_game_in_new_game_before_any_clock_runs() -> None:
    bot = make_bot("perfect", seed=2)
    for _ in range(2):  # the second game reuses what the first solved
        bot.new_game(GAME)
        state = START
        while not state.is_terminal():
            decision = bot.choose(state)
            assert decision.info.nodes == 1, state.text()  # a look-up, no search
            state = state.play(decision.move)


@pytest.mark.parametrize("bot_side", [0, 1])
def test_perfect_bot_never_loses_against_any_replies(bot_side: int) -> None:
    bot = make_bot("perfect", seed=1)
    finished: list[State] = []

    def walk(state: State) -> None:
        if state.is_terminal():
            finished.append(state)
        elif state.to_move() == bot_side:
            walk(state.play(bot.choose(state).move))
        else:
            for move in state.legal_moves():
                walk(state.play(move))

    walk(START)
    assert finished
    assert all(state.returns()[bot_side] >= 0 for state in finished)
    assert any(state.returns()[bot_side] > 0 for state in finished)


def test_takes_a_win_in_one_over_a_win_in_three() -> None:
    # X on a1 b1, O on b2 b3: c1 wins now; a2 and a3 win too, but only on the third ply.
    state = GAME.parse_state("1O1/1O1/XX1 X")
    values = {
        state.move_text(m): v for m, v in minimax(state, TicTacToeEvaluator()).move_values.items()
    }
    assert values == {"c1": 9, "a2": 7, "a3": 7, "c2": 0, "c3": 0}
    for seed in range(10):
        assert state.move_text(make_bot("perfect", seed=seed).choose(state).move) == "c1"


def test_takes_an_immediate_win_whenever_there_is_one() -> None:
    bot = make_bot("perfect", seed=5)
    count = 0
    for state in POSITIONS:
        if state.is_terminal():
            continue
        player = state.to_move()
        wins = [m for m in state.legal_moves() if state.play(m).returns()[player] > 0]
        if wins:
            count += 1
            assert bot.choose(state).move in wins
    assert count > 1000


def test_chooses_the_slowest_loss() -> None:
    # X on b2 c1 threatens a3; blocking there loses to a fork two plies later,
    # any other move loses at once.
    state = GAME.parse_state("1O1/1X1/2X O")
    values = {
        state.move_text(m): v for m, v in minimax(state, TicTacToeEvaluator()).move_values.items()
    }
    assert values["a3"] == -6
    assert all(v == -8 for cell, v in values.items() if cell != "a3")
    for seed in range(10):
        assert state.move_text(make_bot("perfect", seed=seed).choose(state).move) == "a3"


@pytest.mark.parametrize("spec", ["alphabeta:time=1", "alphabeta:depth=9", "random:seed=2"])
def test_generic_bots_play_legal_games(spec: str) -> None:
    bot = make_bot(spec)
    perfect = make_bot("perfect", seed=4)
    for bot_side in (0, 1):
        state = START
        while not state.is_terminal():
            player = perfect if state.to_move() != bot_side else bot
            move = player.choose(state).move
            assert move in state.legal_moves()
            state = state.play(move)
        if spec.startswith("alphabeta"):
            assert state.returns()[bot_side] == 0  # full-depth alpha-beta also never loses


def test_alphabeta_bot_keeps_the_value_of_every_position() -> None:
    bot = make_bot("alphabeta", depth=9)
    for state in POSITIONS:
        if state.is_terminal():
            continue
        outcome, plies = solve(state)
        child = state.play(bot.choose(state).move)
        got = (
            (int(child.returns()[state.to_move()]), 1)
            if child.to_move() == TERMINAL
            else (-solve(child)[0], solve(child)[1] + 1)
        )
        assert got == (outcome, plies), state.text()


def test_perfect_bot_refuses_other_games() -> None:
    bot = make_bot("perfect")
    with pytest.raises(ValueError, match="cannot play"):
        bot.choose(load_game("adjacency(size=4)").initial_state())
