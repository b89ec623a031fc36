"""Perfect endgames: the playing engine switches to the exact solver when it fits the time."""

from __future__ import annotations

import random
import time

from plyground.bots import make_bot
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game
from plyground.games.adjacency.endgame import (
    GROWTH,
    PREDICTED_SHARE,
    START_RATE,
    START_SCALE,
    EndgamePlanner,
)
from plyground.games.adjacency.engine import AdjacencyEngine, SearchFeatures, warm_up
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import solve

from .helpers import random_position


def setup_module() -> None:
    warm_up()  # the kernels load before any clock runs, as the bot does


def _late(rng: random.Random, plies: int) -> AdjacencyState:
    state = random_position(rng, 8, rounds=8)
    while state.plies_left > plies:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_a_timed_search_near_the_end_plays_a_proved_best_move() -> None:
    rng = random.Random(4)
    engine = AdjacencyEngine(table_size=1 << 12)
    for _ in range(6):
        state = _late(rng, 6)
        engine.endgame.rate = 1e6  # as if measured: a 6-ply solve then fits any second
        engine.endgame.scale = START_SCALE
        result = engine.search(state, Limit(time=5))
        truth = solve(state)
        assert result.exact and result.info.extra == {"exact": True, "solved": True}
        assert state.move_text(result.move) in truth.best
        mover = truth.value if state.side == 0 else -truth.value
        assert result.info.score == mover
        assert result.info.depth == state.plies_left


def test_without_a_time_limit_or_with_the_feature_off_it_deepens_as_before() -> None:
    state = _late(random.Random(5), 5)
    engine = AdjacencyEngine(table_size=1 << 12)
    engine.endgame.rate = 1e6
    depths = [r.info.depth for r in engine.iterate(state, Limit(depth=5))]
    assert depths == [1, 2, 3, 4, 5]
    off = AdjacencyEngine(table_size=1 << 12, features=SearchFeatures().with_text("-endgame"))
    off.endgame.rate = 1e6
    heard = [r.info for r in off.iterate(state, Limit(time=5))]
    assert [info.depth for info in heard] == [1, 2, 3, 4, 5]
    assert "solved" not in heard[-1].extra and heard[-1].extra["exact"]
    short = engine.search(state, Limit(time=5, depth=3))
    assert short.info.depth == 3 and not short.exact


def test_the_planner_solves_only_what_it_predicts_fits() -> None:
    state = _late(random.Random(6), 8)
    # No rate measured yet (the game's moves so far came from the book): the prior one.
    first = EndgamePlanner(table_size=1 << 12)
    assert first.predicted_seconds(8, fallback_rate=None) == START_SCALE * GROWTH**8 / START_RATE
    solved_first = first.attempt(state, 1.0, fallback_rate=None)
    assert solved_first is not None and solved_first.value == solve(state).value
    planner = EndgamePlanner(table_size=1 << 12)
    planner.scale = 1e9  # a huge tree: predicted far beyond the time
    predicted = planner.predicted_seconds(8, fallback_rate=1e6)
    assert predicted > PREDICTED_SHARE * 1.0
    assert planner.attempt(state, 1.0, fallback_rate=1e6) is None
    planner.scale = 1e-6
    solved = planner.attempt(state, 30.0, fallback_rate=1e6)
    assert solved is not None and solved.value == solve(state).value
    assert planner.scale >= solved.nodes / GROWTH**8 / 2
    # the rate is learned only from a solve long enough to time (a fast machine may not be)
    assert (planner.rate is not None) == (solved.seconds > 0.01)


def test_a_stopped_attempt_leaves_the_time_to_the_playing_search() -> None:
    game = load_game("adjacency(size=8,rounds=8)")
    state = game.initial_state()  # 16 plies: no solve ends in a fraction of a second
    engine = AdjacencyEngine(table_size=1 << 12)
    engine.endgame.rate = 1e12  # a wrong prediction: the attempt is made and runs out
    result = engine.search(state, Limit(time=0.5))
    assert not result.exact and result.info.depth >= 1
    assert engine.endgame.scale > START_SCALE  # it learned the tree is bigger


def test_the_bot_reports_exact_scores_in_its_search_info() -> None:
    game = load_game("adjacency(size=6,rounds=3)")
    bot = make_bot("alphabeta(time=2)")
    bot.new_game(game)
    state = game.initial_state().with_moves(["c3", "d4"])
    heard: list[SearchInfo] = []
    decision = bot.choose(state, on_info=heard.append)
    assert decision.info is not None and decision.info.extra.get("exact")
    assert decision.info.to_dict()["exact"] is True
    assert state.move_text(decision.move) in solve(state).best


BIG_TABLE = 1 << 25
"""A solver table of 256 MB: zeroing it takes far longer than the short moves below."""


def test_the_engine_makes_its_solver_in_new_game_before_any_clock_runs() -> None:
    state = _late(random.Random(7), 6)
    engine = AdjacencyEngine(table_size=1 << 12)
    engine.endgame = EndgamePlanner(table_size=BIG_TABLE)
    engine.new_game()
    engine.endgame.rate = 1e6  # a 6-ply solve fits
    cpu = time.thread_time()
    result = engine.search(state, Limit(time=0.05))
    cpu = time.thread_time() - cpu
    assert result.exact and result.info.extra.get("solved")
    assert cpu < 0.05 + 0.01


def test_an_attempt_counts_making_its_solver_against_its_time() -> None:
    state = _late(random.Random(8), 6)
    planner = EndgamePlanner(table_size=BIG_TABLE)  # not prepared: the attempt makes it
    planner.scale = 1e-6
    assert planner.attempt(state, 0.02, fallback_rate=1e6) is None  # no time left to solve
    solved = planner.attempt(state, 5.0, fallback_rate=1e6)  # the solver is made now
    assert solved is not None and solved.value == solve(state).value
