"""MCTS on small games with known values: solver proofs equal minimax, chance nodes
equal expectimax, the budget and the clock are the search's own, the tree is reused."""

from __future__ import annotations

import random

import pytest

from clock_support import SteppedClock
from plyground.algorithms.search.expectimax import Expectimax
from plyground.algorithms.search.mcts import MCTS, Node, visit_counts
from plyground.algorithms.search.minimax import minimax
from plyground.bots.evaluators import evaluator_for
from plyground.core.evaluation import Evaluator
from plyground.core.game import State
from plyground.core.limits import Clock, Limit
from plyground.games import load_game

from .chance_game import TURNS, DiceGame

TICTACTOE = load_game("tictactoe")


def random_positions(start: State, count: int, seed: int) -> list[State]:
    """``count`` distinct non-terminal positions reached by random moves from ``start``."""
    rng = random.Random(seed)
    found: dict[State, None] = {}
    while len(found) < count:
        state = start
        for _ in range(rng.randrange(0, 8)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(list(state.legal_moves())))
        if not state.is_terminal():
            found[state] = None
    return list(found)


def outcome(value: float) -> float:
    return float((value > 0) - (value < 0))


@pytest.mark.parametrize("seed", [1, 2])
def test_solver_proofs_equal_minimax_on_tictactoe(seed: int) -> None:
    for state in random_positions(TICTACTOE.initial_state(), 25, seed):
        search = MCTS(rng=random.Random(seed))
        result = search.search(state, Limit(nodes=200_000))
        truth = minimax(state, memo=True)
        assert result.exact, state.text()
        assert result.info.score == truth.value
        assert result.move in truth.best_moves


def test_solver_proves_exact_margins_in_small_adjacency_games() -> None:
    game = load_game("adjacency(size=4,rounds=2)")
    for state in random_positions(game.initial_state(), 12, 5):
        search = MCTS(value="returns", rng=random.Random(3))
        result = search.search(state, Limit(nodes=100_000))
        truth = minimax(state, memo=True)
        assert result.exact and result.info.score == truth.value
        assert result.move in truth.best_moves


def test_a_proven_win_is_played_at_once() -> None:
    state = TICTACTOE.parse_state("XX1/OO1/3 X")  # X wins with c3
    search = MCTS(evaluator_for(TICTACTOE), rng=random.Random(1))
    result = search.search(state, Limit(nodes=1_000))
    assert state.move_text(result.move) == "c3"
    assert result.exact and result.info.score == 1.0 and result.info.nodes == 1


def test_without_the_solver_nothing_is_proven_but_the_best_move_is_found() -> None:
    state = TICTACTOE.parse_state("XX1/OO1/X2 O")
    search = MCTS(solver=False, rng=random.Random(2))
    result = search.search(state, Limit(nodes=3_000))
    assert not result.exact and "exact" not in result.info.extra
    assert state.move_text(result.move) == "c2"  # O wins at once (X's c3 threat is too slow)


def dice_values(chance: str, solver: bool, iterations: int) -> dict[str, float]:
    """The value of each first die by MCTS (means of the chance nodes below the root)."""
    game = DiceGame()
    search = MCTS(value="returns", chance=chance, solver=solver, rng=random.Random(7))
    search.search(game.initial_state(), Limit(nodes=iterations))
    assert search.root is not None
    return {
        game.initial_state().move_text(move): child.mean(chance == "expect")
        for move, child in search.root.children.items()
    }


def expectimax_values() -> dict[str, float]:
    state = DiceGame().initial_state()
    values = Expectimax(Evaluator()).move_values(state, TURNS + 1)  # past the last throw
    return {state.move_text(move): value for move, value in values.items()}


def test_chance_nodes_solved_equal_expectimax() -> None:
    exact = expectimax_values()
    assert dice_values("expect", True, 100_000) == pytest.approx(exact, abs=1e-9)
    assert dice_values("sample", True, 100_000) == pytest.approx(exact, abs=1e-9)


@pytest.mark.parametrize("chance", ["expect", "sample"])
def test_chance_nodes_tend_to_expectimax_without_the_solver(chance: str) -> None:
    exact = expectimax_values()
    best = max(exact.values())
    best_moves = [move for move, value in exact.items() if value == best]
    errors = []
    for iterations in (2_000, 20_000):
        values = dice_values(chance, False, iterations)
        errors.append(max(abs(values[move] - best) for move in best_moves))
        assert max(values, key=values.__getitem__) in best_moves
    # The often-visited (best) moves' values close in on expectimax's; the
    # rarely visited one converges too, but far more slowly (UCT's averages).
    assert errors[1] < errors[0] and errors[1] < 0.3


def test_the_node_budget_counts_iterations() -> None:
    state = load_game("adjacency(size=6,rounds=6)").initial_state()
    search = MCTS(value="returns", rng=random.Random(1))
    reports = list(search.iterate(state, Limit(nodes=300)))
    assert [r.info.nodes for r in reports] == [64, 128, 256, 300]
    last = reports[-1].info
    assert last.extra["playouts"] == 300 and last.extra["tree"] == 301
    assert sum(visit_counts(last).values()) == 300


class CountingClock(Clock):
    """A clock that expires after it has been asked ``checks`` times."""

    def __init__(self, checks: int) -> None:
        super().__init__(None)
        self.checks = checks

    def expired(self) -> bool:
        self.checks -= 1
        return self.checks < 0


def test_the_search_checks_its_clock_after_every_iteration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    search = MCTS(rng=random.Random(1))
    monkeypatch.setattr(search, "start_clock", lambda limit: CountingClock(40))
    result = search.search(load_game("morris").initial_state(), Limit(time=60))
    assert result.info.nodes == 41  # the first iteration runs before any check


def test_no_iteration_is_begun_that_would_end_past_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Iterations of 20 ms and a deadline at 90 ms: four end at 80 ms, and the fifth,
    # which would end at 100 ms, is not begun (without the rule it would be).
    search = MCTS(rng=random.Random(1))
    clock = SteppedClock(0.09)
    iterate_once = search._iterate_once

    def slow(root: Node) -> None:
        iterate_once(root)
        clock.now += 0.02

    monkeypatch.setattr(search, "start_clock", lambda limit: clock)
    monkeypatch.setattr(search, "_iterate_once", slow)
    result = search.search(load_game("morris").initial_state(), Limit(time=0.1))
    assert result.info.nodes == 4
    assert clock.now == pytest.approx(0.08)


def test_the_tree_is_reused_after_two_plies() -> None:
    game = load_game("adjacency(size=5,rounds=4)")
    search = MCTS(rng=random.Random(4))
    state = game.initial_state()
    first = search.search(state, Limit(nodes=2_000))
    assert search.root is not None
    reply_node = max(
        search.root.children[first.move].children.items(), key=lambda item: item[1].visits
    )
    later = state.play(first.move).play(reply_node[0])
    kept = reply_node[1]
    visits_before = kept.visits
    search.search(later, Limit(nodes=100))
    assert search.root is kept and kept.visits == visits_before + 100
    search.new_game()
    search.search(later, Limit(nodes=100))
    assert search.root is not kept and search.root.visits == 100


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="cut-off playout"):
        MCTS(cutoff=2)
    with pytest.raises(ValueError, match="exploration"):
        MCTS(exploration=-1)
    with pytest.raises(ValueError, match="chance must be"):
        MCTS(chance="often")
    with pytest.raises(ValueError, match="needs a two-player game"):
        MCTS().search(DiceGame().initial_state(), Limit(nodes=10))
    with pytest.raises(ValueError, match="not a player's turn"):
        MCTS(value="returns").search(DiceGame().initial_state().play(0), Limit(nodes=10))


def test_a_cut_off_playout_is_valued_by_the_evaluator() -> None:
    game = load_game("adjacency(size=6,rounds=6)")
    evaluator = evaluator_for(game)
    state = game.initial_state()
    search = MCTS(evaluator, value="evaluator", cutoff=0, rng=random.Random(1))
    result = search.search(state, Limit(nodes=1))
    # One iteration expands the evaluator's first move and evaluates the child
    # (O to move there: its value for X, the root's mover, is the negation).
    child = state.play(evaluator.order(state, state.legal_moves())[0])
    assert result.info.score == -evaluator.evaluate(child)
