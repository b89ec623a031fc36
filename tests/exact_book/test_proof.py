"""The value of a start proved through its leaves (two plies deep) equals the exact solve."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from plyground.core.errors import PlygroundError
from plyground.games.adjacency.proof import FAR, LeafTest, Proof, proof_tree, prove
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, parse_position
from plyground.games.adjacency.solver import ExactSolver


def _exact(state: AdjacencyState) -> tuple[int, set[str], dict[str, int]]:
    result = ExactSolver(1 << 16).solve(state, moves=True, line=False)
    assert result.moves is not None
    return result.value, set(result.best), result.moves


@pytest.mark.parametrize(("size", "rounds"), [(4, 3), (4, 4), (5, 3), (5, 4), (5, 5), (6, 4)])
@pytest.mark.parametrize("guess", [-4, 0, 4])
def test_the_proved_value_equals_the_solve_whatever_the_first_guess(
    size: int, rounds: int, guess: int
) -> None:
    start = AdjacencyGame(size=size, rounds=rounds).initial_state()
    value, best, moves = _exact(start)
    proved = prove(start, ExactSolver(1 << 16), guess=guess)
    assert proved.value == value
    assert proved.best and set(proved.best) <= best  # at least one, each truly best
    for move, (lower, upper) in proved.moves.items():
        assert lower <= moves[move] <= upper
    for move, replies in proved.replies.items():
        after = start.play(start.parse_move(move))
        assert replies and set(replies) <= _exact(after)[1]


@pytest.mark.parametrize(("size", "rounds"), [(4, 4), (5, 4), (5, 5)])
def test_settling_gives_every_moves_value_and_every_best_move(size: int, rounds: int) -> None:
    start = AdjacencyGame(size=size, rounds=rounds).initial_state()
    value, best, moves = _exact(start)
    settled = prove(start, ExactSolver(1 << 16), guess=value, settle=True)
    assert settled.settled and settled.value == value
    assert set(settled.best) == best
    assert {move: lower for move, (lower, upper) in settled.moves.items()} == moves
    assert all(lower == upper for lower, upper in settled.moves.values())


def test_roots_with_o_to_move_are_proved_from_o_side() -> None:
    game = AdjacencyGame(size=5, rounds=4)
    rng = random.Random(7)
    for _ in range(6):
        state = game.initial_state()
        for _ in range(rng.choice([1, 3])):
            state = state.play(rng.choice(list(state.legal_moves())))
        value, best, moves = _exact(state)
        settled = prove(state, ExactSolver(1 << 16), guess=0, settle=True)
        assert state.to_move() == 1
        assert settled.value == value, state.text()
        assert set(settled.best) == best
        assert {move: lower for move, (lower, upper) in settled.moves.items()} == moves


def _collect(tests: list[LeafTest]) -> Callable[[LeafTest, bool, int], None]:
    return lambda test, holds, bound: tests.append(test)


def test_a_good_guess_needs_fewer_tests_than_a_bad_one() -> None:
    start = AdjacencyGame(size=6, rounds=4).initial_state()
    counts = {}
    for guess in (0, 6):
        tests: list[LeafTest] = []
        prove(start, ExactSolver(1 << 16), guess=guess, on_test=_collect(tests))
        counts[guess] = len(tests)
    assert _exact(start)[0] == 0
    assert counts[0] < counts[6]


def test_tests_in_flight_are_not_asked_again_and_answers_may_come_in_any_order() -> None:
    start = AdjacencyGame(size=5, rounds=4).initial_state()
    solver = ExactSolver(1 << 16)
    proof = Proof(start, proof_tree(start, solver), guess=-2)
    in_flight: dict[str, LeafTest] = {}
    rng = random.Random(3)
    while True:
        while (test := proof.wanted(in_flight)) is not None:
            assert test.position not in in_flight
            in_flight[test.position] = test
        if not in_flight:
            break
        done = in_flight.pop(rng.choice(sorted(in_flight)))  # a worker finishes, any of them
        proof.record(done, *solver.at_least(parse_position(done.position), done.at_least))
    assert proof.result().value == _exact(start)[0]


def test_a_contradictory_bound_is_refused_by_name() -> None:
    start = AdjacencyGame(size=4, rounds=3).initial_state()
    proof = Proof(start, proof_tree(start))
    leaf = proof.tree[0].leaves[0].position
    proof.record(LeafTest(leaf, 2), True, 2)
    assert proof.leaf_bounds(leaf) == (2, FAR)
    with pytest.raises(PlygroundError, match="contradictory bounds"):
        proof.record(LeafTest(leaf, 0), False, -2)


def test_a_position_too_near_the_end_is_refused() -> None:
    state = AdjacencyGame(size=4, rounds=1).initial_state()
    with pytest.raises(PlygroundError, match="needs 3 plies left"):
        proof_tree(state)


@pytest.mark.parametrize("first", ["X", "O"])
def test_settling_the_replies_gives_each_reply_to_the_first_best_move_its_value(first: str) -> None:
    root = AdjacencyGame(size=5, rounds=4, first=first).initial_state()
    solver = ExactSolver(1 << 16)
    proof = Proof(root, proof_tree(root, solver), guess=-2)
    while (test := proof.wanted(replies=True)) is not None:
        proof.record(test, *solver.at_least(parse_position(test.position), test.at_least))
    value = proof.result().value
    leaves = proof.first_best().leaves
    values = [_exact(parse_position(leaf.position))[0] for leaf in leaves]
    assert [proof.leaf_bounds(leaf.position) for leaf in leaves] == [(v, v) for v in values]
    assert value in values and len(set(values)) > 1  # some reply gives the first mover more
