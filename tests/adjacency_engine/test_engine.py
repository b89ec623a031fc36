"""The compiled search against the reference search and a brute-force minimax."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.core.errors import SettingsError
from plyground.core.limits import Limit
from plyground.games.adjacency.engine import AdjacencyEngine, SearchFeatures
from plyground.games.adjacency.evaluation import AdjacencyEvaluator
from plyground.games.adjacency.rules import AdjacencyGame

from .helpers import minimax, random_position, random_weights


def _scores(engine: AdjacencyEngine, state: object, depth: int) -> list[float | None]:
    return [result.info.score for result in engine.iterate(state, Limit(depth=depth))]  # type: ignore[arg-type]


def test_small_fixed_depth_values_equal_minimax_and_the_reference() -> None:
    rng = random.Random(21)
    for _ in range(12):
        state = random_position(rng, rng.randint(4, 6))
        weights = random_weights(rng)
        depth = rng.randint(1, 3)
        engine = AdjacencyEngine(weights, 1 << 12, SearchFeatures.exact())
        scores = _scores(engine, state, depth)
        reference = AlphaBeta(AdjacencyEvaluator(weights))
        assert scores == [r.info.score for r in reference.iterate(state, Limit(depth=depth))]
        assert scores[-1] == minimax(state, len(scores), weights)


@pytest.mark.parametrize("size", [6, 7, 8])
def test_fixed_depth_values_equal_the_reference_on_bigger_boards(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(4):
        state = random_position(rng, size)
        weights = random_weights(rng)
        engine = AdjacencyEngine(weights, 1 << 14, SearchFeatures.exact())
        reference = AlphaBeta(AdjacencyEvaluator(weights))
        depth = 3
        assert _scores(engine, state, depth) == [
            r.info.score for r in reference.iterate(state, Limit(depth=depth))
        ]


def test_every_exact_technique_keeps_the_values() -> None:
    state = AdjacencyGame(size=5, rounds=6).initial_state().with_moves(["c3", "c4", "b3"])
    expected = minimax(state, 4)
    for text in ("-pvs", "-aspiration", "-killers", "-history", "-pvs-aspiration-killers"):
        features = SearchFeatures.exact().with_text(text)
        engine = AdjacencyEngine(table_size=1 << 12, features=features)
        assert _scores(engine, state, 4)[-1] == expected
    tiny_table = AdjacencyEngine(
        table_size=1024, features=replace(SearchFeatures.exact(), tt_min_depth=2)
    )
    assert _scores(tiny_table, state, 4)[-1] == expected


@pytest.mark.parametrize(("size", "rounds"), [(4, 4), (4, 3), (5, 2), (5, 3)])
def test_small_exact_solve_agrees_with_brute_force(size: int, rounds: int) -> None:
    rng = random.Random(size * 10 + rounds)
    game = AdjacencyGame(size=size, rounds=rounds)
    positions = [game.initial_state()]
    positions += [random_position(rng, size, rounds) for _ in range(3)]
    for state in positions:
        if size == 5 and rounds == 3 and state.plies_left > 4:
            continue  # keep the brute force fast
        # The default features prune, but never in an exact solve.
        result = AdjacencyEngine(table_size=1 << 12).search(state, Limit())
        truth = minimax(state, state.plies_left)
        assert result.exact
        assert result.info.score == truth
        assert result.info.extra == {"exact": True}
        assert -minimax(state.play(result.move), state.plies_left) == truth


def test_reports_each_depth_with_a_legal_line() -> None:
    state = AdjacencyGame(size=8, rounds=8).initial_state()
    engine = AdjacencyEngine(table_size=1 << 14)
    infos = [result.info for result in engine.iterate(state, Limit(depth=5))]
    assert [info.depth for info in infos] == [1, 2, 3, 4, 5]
    nodes = [info.nodes for info in infos]
    assert nodes == sorted(nodes) and nodes[0] > 0
    for info in infos:
        line = state
        for cell in info.pv:
            line = line.play(line.parse_move(cell))
        assert 1 <= len(info.pv) <= info.depth


def test_stops_at_a_node_budget_and_still_answers() -> None:
    state = AdjacencyGame(size=8, rounds=20).initial_state()
    engine = AdjacencyEngine(table_size=1 << 12)
    results = list(engine.iterate(state, Limit(nodes=5000)))
    assert results
    assert results[-1].move in state.legal_moves()
    assert not results[-1].exact


def test_answers_with_a_move_even_when_no_depth_completes() -> None:
    state = AdjacencyGame(size=8, rounds=28).initial_state()
    engine = AdjacencyEngine(table_size=1 << 12)
    results = list(engine.iterate(state, Limit(nodes=1)))
    assert results[-1].move in state.legal_moves()


def test_time_limit_ends_the_search() -> None:
    state = AdjacencyGame(size=8, rounds=28).initial_state()
    engine = AdjacencyEngine(table_size=1 << 14)
    result = engine.search(state, Limit(time=0.2))
    assert result.move in state.legal_moves()
    assert not result.exact  # 56 plies cannot be solved in 0.2 s


def test_searching_a_finished_game_is_an_error() -> None:
    state = AdjacencyGame(size=4, rounds=1).initial_state().with_moves(["c1", "a4"])
    with pytest.raises(ValueError, match="game is over"):
        AdjacencyEngine(table_size=1024).search(state, Limit(depth=2))


def test_features_text() -> None:
    features = SearchFeatures().with_text("-lmr+futility")
    assert not features.lmr and features.futility
    assert "futility" in features.describe()
    assert SearchFeatures().with_text(None) == SearchFeatures()
    for bad in ("lmr", "-unknown", "+lmr junk", "-"):
        with pytest.raises(SettingsError, match="bad search features"):
            SearchFeatures().with_text(bad)


def test_pruning_features_still_play_legal_moves() -> None:
    state = AdjacencyGame(size=7, rounds=10).initial_state().with_moves(["d4"])
    features = SearchFeatures(futility=True, late_moves=True, quiescence=True)
    engine = AdjacencyEngine(table_size=1 << 12, features=features)
    results = list(engine.iterate(state, Limit(depth=6)))
    assert [r.info.depth for r in results] == [1, 2, 3, 4, 5, 6]
    assert all(r.move in state.legal_moves() for r in results)
