"""The rolling-horizon plan problem: simulation, repair, neighbourhood, operators."""

from __future__ import annotations

from random import Random

import pytest
from toy_game import RaceGame

from plyground import load_game
from plyground.algorithms.local import PlanProblem
from plyground.bots.evaluators import evaluator_for
from plyground.core import State
from plyground.core.evaluation import Evaluator
from plyground.games.adjacency import AdjacencyState, parse_cell


def _problem(state: State, horizon: int) -> PlanProblem:
    return PlanProblem(state, evaluator_for(state.game), horizon)


def _start(size: int = 8, rounds: int = 8) -> AdjacencyState:
    state = load_game(f"adjacency(size={size},rounds={rounds})").initial_state()
    assert isinstance(state, AdjacencyState)
    return state


def _greedy_reply(state: AdjacencyState) -> int:
    """The reply model written out: most flips, lowest cell index on ties."""
    return max(state.legal_moves(), key=lambda m: (len(state.flips(m)), -m))


def test_fitness_is_the_evaluation_after_the_plan_and_modelled_replies() -> None:
    root = _start()
    problem = _problem(root, 2)
    plan = (parse_cell("c3"), parse_cell("f6"))
    state = root
    line = []
    for move in plan:
        state = state.play(move)
        reply = _greedy_reply(state)
        state = state.play(reply)
        line += [move, reply]
    assert problem.line(plan) == line
    assert problem.fitness(plan) == evaluator_for(root.game).evaluate(state)


def test_a_plan_move_taken_by_a_modelled_reply_is_repaired_with_the_model_move() -> None:
    root = _start()
    problem = _problem(root, 2)
    first = parse_cell("c2")
    reply = _greedy_reply(root.play(first))
    plan = (first, reply)  # the second move's cell is taken by the reply
    after_reply = root.play(first).play(reply)
    line = problem.simulate(plan)
    assert line.effective == [first, _greedy_reply(after_reply)]
    repeated = problem.simulate((first, first))  # a repeated cell is repaired too
    assert repeated.effective == line.effective


def test_every_tuple_of_cells_is_a_valid_candidate() -> None:
    root = _start(size=5, rounds=8)
    problem = _problem(root, 4)
    rng = Random(0)
    for _ in range(200):
        plan = tuple(rng.randrange(25) for _ in range(4))
        state = root
        for move in problem.line(plan):
            state = state.play(move)  # raises if the line were illegal
        assert problem.first_move(plan) in root.legal_moves()


def test_neighbours_change_one_effective_move_to_another_legal_one() -> None:
    root = _start()
    problem = _problem(root, 3)
    plan = problem.greedy_plan()
    line = problem.simulate(plan)
    neighbours = problem.neighbours(plan)
    expected = sum(len(s.legal_moves()) - 1 for s in line.states)
    assert len(neighbours) == len(set(neighbours)) == expected
    for neighbour in neighbours:
        changed = [i for i in range(3) if neighbour[i] != plan[i]]
        assert len(changed) == 1
        assert neighbour[changed[0]] in line.states[changed[0]].legal_moves()
    rng = Random(1)
    assert all(problem.random_neighbour(plan, rng) in set(neighbours) for _ in range(50))


def test_crossover_keeps_a_prefix_of_the_first_parent() -> None:
    problem = _problem(_start(), 4)
    rng = Random(2)
    first, second = (1, 2, 3, 4), (9, 10, 11, 12)
    for _ in range(20):
        child = problem.crossover(first, second, rng)
        cut = next(i for i in range(4) if child[i] != first[i])
        assert 1 <= cut <= 3
        assert child == first[:cut] + second[cut:]


def test_greedy_and_random_plans_have_the_horizon_length() -> None:
    problem = _problem(_start(), 3)
    assert len(problem.greedy_plan()) == 3
    rng = Random(3)
    for _ in range(20):
        plan = problem.random_candidate(rng)
        assert len(plan) == 3
        assert problem.simulate(plan).effective == list(plan)  # random plans need no repair


def test_a_plan_is_cut_at_the_end_and_scored_exactly() -> None:
    # 3 plies left with X to move: X, O, X. A 4-move plan has 2 effective moves,
    # and the fitness is X's final margin.
    root = _start().game.parse_state("6OO/6OO/8/8/8/8/XX6/XX6 X 3")
    assert isinstance(root, AdjacencyState)
    problem = _problem(root, 4)
    plan = (parse_cell("c1"), parse_cell("d1"), parse_cell("e1"), parse_cell("f1"))
    line = problem.simulate(plan)
    assert len(line.effective) == 2
    assert line.final.is_terminal()
    assert problem.fitness(plan) == line.final.returns()[0]


def test_the_board_filling_mid_round_ends_the_plan() -> None:
    # 4x4 with three empty cells and plenty of plies left: X, O, X fill the board.
    root = _start(size=4, rounds=4).game.parse_state("XOO1/XOXO/OX1X/XX1O O 8")
    problem = _problem(root, 3)
    line = problem.simulate(problem.greedy_plan())
    assert len(line.moves) == 3
    assert line.final.is_terminal()


def test_plan_problem_refuses_a_finished_game_and_a_bad_horizon() -> None:
    with pytest.raises(ValueError, match="game is over"):
        _problem(_start().game.parse_state("6OO/6OO/8/8/8/8/XX6/XX6 X 0"), 2)
    with pytest.raises(ValueError, match="horizon"):
        _problem(_start(), 0)


def test_the_plan_problem_needs_only_the_core_contract() -> None:
    game = RaceGame(target=10)
    # At 8 the mover wins with +2 (to 10); +1 lets the modelled reply win.
    problem = PlanProblem(game.parse_state("8 0"), Evaluator(), 2)
    assert problem.fitness(("+2",)) == 1.0
    assert problem.fitness(("+1", "+1")) == -1.0
    assert problem.neighbours(("+1",)) == [("+2",)]


def test_the_evaluate_model_replies_with_the_move_worst_for_the_planner() -> None:
    root = _start()
    problem = PlanProblem(root, evaluator_for(root.game), 1, opponent="evaluate")
    after = root.play(parse_cell("c2"))
    values = {m: problem.value(after.play(m), 0) for m in after.legal_moves()}
    assert values[problem.reply(after)] == min(values.values())
    assert problem.line((parse_cell("c2"),))[1] == problem.reply(after)
    with pytest.raises(ValueError, match="'clairvoyant'"):
        PlanProblem(root, evaluator_for(root.game), 1, opponent="clairvoyant")
