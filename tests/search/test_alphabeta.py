"""The game-agnostic alpha-beta against brute-force minimax, and its contract."""

from __future__ import annotations

import functools
import random

import pytest

import plyground
from clock_support import SteppedClock
from plyground.algorithms.search import AlphaBeta
from plyground.core import TERMINAL, Limit, State
from plyground.core.evaluation import Evaluator
from plyground.games.adjacency import AdjacencyState
from plyground.games.adjacency.bits import best_gain, cells_by_gain, gain_masks
from plyground.games.adjacency.evaluation import AdjacencyEvaluator


@functools.cache
def game_value(state: State) -> float:
    """The exact value for the player to move, by plain minimax over the whole game."""
    player = state.to_move()
    best = float("-inf")
    for move in state.legal_moves():
        child = state.play(move)
        if child.to_move() == TERMINAL:
            value = child.returns()[player]
        elif child.to_move() == player:
            value = game_value(child)
        else:
            value = -game_value(child)
        best = max(best, value)
    return best


def minimax(state: State, depth: int, evaluator: Evaluator) -> float:
    """Fixed-depth negamax without pruning: the value alpha-beta must reproduce."""
    player = state.to_move()
    if depth == 0:
        return evaluator.evaluate(state)
    best = float("-inf")
    for move in state.legal_moves():
        child = state.play(move)
        if child.to_move() == TERMINAL:
            value = evaluator.terminal(child, player, 1)
        else:
            value = -minimax(child, depth - 1, evaluator)
        best = max(best, value)
    return best


@pytest.mark.parametrize(
    "spec",
    [
        "adjacency(size=4,rounds=2)",
        "adjacency(size=4,rounds=3)",
        "adjacency(size=5,rounds=2,first=O)",
    ],
)
def test_exact_solve_matches_brute_force(spec: str) -> None:
    state = plyground.load_game(spec).initial_state()
    result = AlphaBeta(AdjacencyEvaluator()).search(state, Limit(depth=50))
    assert result.exact
    assert result.info.score == game_value(state)
    assert -game_value(state.play(result.move)) == game_value(state)


class CountingTable(dict):  # type: ignore[type-arg]
    """A transposition table that remembers the most entries it ever held."""

    most = 0

    def __setitem__(self, key: object, value: object) -> None:
        super().__setitem__(key, value)
        self.most = max(self.most, len(self))


def test_a_small_table_stays_within_its_bound_and_still_solves() -> None:
    state = plyground.load_game("adjacency(size=4,rounds=3)").initial_state()
    search = AlphaBeta(AdjacencyEvaluator(), table_size=50)
    search.table = table = CountingTable()
    result = search.search(state, Limit(depth=50))
    assert result.exact and result.info.score == game_value(state)
    assert search.nodes > 50 and table.most == 50
    unbounded = AlphaBeta(AdjacencyEvaluator())
    unbounded.search(state, Limit(depth=50))
    assert len(unbounded.table) > 50
    with pytest.raises(ValueError, match="table_size must be at least 1"):
        AlphaBeta(table_size=0)


def random_positions(count: int, seed: int) -> list[AdjacencyState]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        size = rng.choice([4, 5, 6])
        game = plyground.load_game(f"adjacency(size={size},rounds=4)")
        state = game.initial_state()
        for _ in range(rng.randrange(0, 4)):
            state = state.play(rng.choice(state.legal_moves()))
        positions.append(state)
    return positions


@pytest.mark.parametrize("state", random_positions(8, seed=3), ids=str)
def test_fixed_depth_values_match_minimax(state: AdjacencyState) -> None:
    evaluator = AdjacencyEvaluator()
    for depth in (1, 2, 3):
        search = AlphaBeta(evaluator)  # a fresh table: values exactly to this depth
        result = search.search(state, Limit(depth=depth))
        if result.exact:
            assert result.info.score == game_value(state)
            break
        assert result.info.depth == depth
        assert result.info.score == minimax(state, depth, evaluator)


def test_node_limit_and_first_move_fallback() -> None:
    state = plyground.load_game("adjacency").initial_state()
    result = AlphaBeta(AdjacencyEvaluator()).search(state, Limit(nodes=5))
    assert result.move in state.legal_moves()
    assert result.info.depth == 0


class SlowEvaluator(AdjacencyEvaluator):
    """Every evaluation moves the clock on a millisecond: nodes as slow as a rich game's
    in Python."""

    def __init__(self, clock: SteppedClock) -> None:
        super().__init__()
        self.clock = clock

    def evaluate(self, state: State) -> float:
        self.clock.now += 0.001
        return super().evaluate(state)


def test_a_search_of_slow_nodes_stops_soon_after_its_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The clock is read every few nodes, not every few hundred: at a millisecond a
    # node, 256 nodes between readings would run 0.25 s past a 0.1 s limit.
    state = plyground.load_game("adjacency").initial_state()
    clock = SteppedClock(0.1)
    search = AlphaBeta(SlowEvaluator(clock))
    monkeypatch.setattr(search, "start_clock", lambda limit: clock)
    result = search.search(state, Limit(time=0.1))
    assert 0.1 <= clock.now < 0.1 + 0.03
    assert result.move in state.legal_moves()


def test_reports_each_depth_with_a_legal_principal_variation() -> None:
    state = plyground.load_game("adjacency(size=6,rounds=6)").initial_state()
    infos = []
    result = AlphaBeta(AdjacencyEvaluator()).search(state, Limit(depth=4), infos.append)
    assert [info.depth for info in infos] == [1, 2, 3, 4]
    assert all(info.nodes > 0 for info in infos)
    line = state
    for text in result.info.pv:
        line = line.play(line.parse_move(text))
    assert result.info.pv[0] == state.move_text(result.move)


def test_rejects_finished_games() -> None:
    state = plyground.load_game("adjacency(size=4)").parse_state("4/4/4/4 X 0")
    with pytest.raises(ValueError, match="the game is over"):
        AlphaBeta().search(state, Limit(depth=2))


def test_gain_masks_count_flips_for_every_empty_cell() -> None:
    for state in random_positions(30, seed=11):
        own, theirs = (state.x, state.o) if state.side == 0 else (state.o, state.x)
        empty = state.empty()
        ones, twos, fours = gain_masks(theirs, empty, state.size)
        for cell in range(state.size**2):
            expected = len(state.flips(cell)) if empty >> cell & 1 else 0
            got = (ones >> cell & 1) + 2 * (twos >> cell & 1) + 4 * (fours >> cell & 1)
            assert got == expected
        order = cells_by_gain(theirs, empty, state.size)
        assert sorted(order) == state.legal_moves()
        gains = [len(state.flips(cell)) for cell in order]
        assert gains == sorted(gains, reverse=True)
        assert best_gain(theirs, empty, state.size) == max(gains)
        assert own & theirs == 0
