"""The hillclimb, annealing and genetic bots: legality, reports, limits, settings, strength."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from subprocess import CompletedProcess

import pytest
from toy_game import RaceGame

from plyground import Bot, Limit, SearchInfo, SettingsError, load_game, make_bot
from plyground.core import Game, State

LOCAL_BOTS = [
    "hillclimb",
    "hillclimb:variant=steepest",
    "hillclimb:variant=sideways",
    "hillclimb:variant=stochastic",
    "annealing",
    "genetic",
    "annealing:opponent=evaluate,horizon=2",
]
SMALL = Limit(time=60, nodes=150)
"""A budget in evaluations, so tests are fast and do not depend on the machine."""


def _random_position(game: Game, rng: Random) -> State:
    state = game.initial_state()
    for _ in range(rng.randrange(60)):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    if state.is_terminal():
        return game.initial_state()
    return state


@pytest.mark.parametrize("spec", LOCAL_BOTS)
def test_bots_play_legal_moves_on_random_positions_of_every_size(spec: str) -> None:
    rng = Random(spec)
    bot = make_bot(spec, seed=1)
    for size in range(4, 9):
        for rounds in (1, 3, (size * size - 8) // 2):
            game = load_game(f"adjacency(size={size},rounds={rounds},first={rng.choice('XO')})")
            state = _random_position(game, rng)
            decision = bot.choose(state, SMALL)
            assert decision.move in state.legal_moves()


@pytest.mark.parametrize("spec", LOCAL_BOTS)
@pytest.mark.parametrize(
    "text",
    [
        "6OO/6OO/8/8/8/8/XX6/XX6 X 1",
        "6OO/6OO/8/8/8/8/XX6/XX6 O 2",
        "1OX2/1X1O1/3X1/XOXOO/XX3 X 3",
        "XOO1/XOXO/OX1X/XX1O O 8",  # three empty cells: the board fills mid-round
        "XOOO/XOXO/OXOX/XX1O X 5",  # one empty cell left
    ],
)
def test_bots_play_legal_moves_near_the_end(spec: str, text: str) -> None:
    size = text.count("/") + 1
    game = load_game(f"adjacency(size={size},rounds={(size * size - 8) // 2})")
    state = game.parse_state(text)
    decision = make_bot(spec, seed=2).choose(state, SMALL)
    assert decision.move in state.legal_moves()


def test_a_bot_takes_an_immediate_win_in_any_two_player_game() -> None:
    state = RaceGame(target=10).parse_state("8 1")
    for spec in LOCAL_BOTS:
        assert make_bot(spec, seed=0).choose(state, SMALL).move == "+2", spec


@pytest.mark.parametrize("spec", LOCAL_BOTS)
def test_bots_report_search_info(spec: str) -> None:
    state = load_game("adjacency").initial_state()
    reports: list[SearchInfo] = []
    decision = make_bot(spec, seed=3, horizon=3).choose(state, SMALL, reports.append)
    assert reports == [decision.info]
    info = decision.info
    assert info.depth == 3
    assert 1 <= info.nodes <= SMALL.nodes  # type: ignore[operator]
    assert info.score is not None
    assert len(info.pv) == 6  # three plan moves, each with its modelled reply
    assert info.pv[0] == state.move_text(decision.move)
    assert info.extra["iterations"] >= 0  # a climber may not finish one neighbourhood
    assert info.extra["stop"] in ("budget", "peak")


def test_each_bot_reports_its_own_counts() -> None:
    state = load_game("adjacency").initial_state()
    restart = make_bot("hillclimb", seed=0).choose(state, Limit(time=60, nodes=2000)).info
    assert restart.extra["restarts"] >= 1
    assert restart.extra["stop"] == "budget"
    annealing = make_bot("annealing", seed=0).choose(state, SMALL).info
    assert annealing.extra["temperature"] < 2.0
    genetic = make_bot("genetic", seed=0).choose(state, SMALL).info
    assert genetic.extra["generations"] >= 1


@pytest.mark.parametrize("spec", LOCAL_BOTS)
def test_same_seed_same_move(spec: str) -> None:
    state = _random_position(load_game("adjacency(size=6,rounds=10)"), Random(7))
    first = make_bot(spec, seed=5).choose(state, SMALL)
    second = make_bot(spec, seed=5).choose(state, SMALL)
    assert first.move == second.move
    assert (first.info.score, first.info.nodes, first.info.pv) == (
        second.info.score,
        second.info.nodes,
        second.info.pv,
    )


@pytest.mark.parametrize("name", ["hillclimb", "annealing", "genetic"])
def test_bots_stop_on_the_smaller_of_their_time_and_the_limit(name: str) -> None:
    state = load_game("adjacency").initial_state()
    by_limit = make_bot(name, seed=0).choose(state, Limit(time=0.05)).info
    by_setting = make_bot(name, seed=0, time=0.05).choose(state, Limit(time=30)).info
    for info in (by_limit, by_setting):
        assert info.extra["stop"] == "budget"
        assert info.elapsed < 1.0  # generous: the budget is 0.05 s


def test_depth_limit_caps_the_plan_length() -> None:
    state = load_game("adjacency").initial_state()
    info = make_bot("annealing", seed=0, horizon=5).choose(state, Limit(nodes=100, depth=2)).info
    assert info.depth == 2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hillclimb:variant=uphill", "variant"),
        ("annealing:t_start=0.1,t_end=1", "t_end"),
        ("genetic:population=4,elite=4", "elite"),
        ("genetic:horizon=0", "horizon"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(spec: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        make_bot(spec)


# -- strength floor: fixed seeds and evaluation budgets, never time -------------
def _match(bot_spec: str, opponent_spec: str, pairs: int, nodes: int) -> float:
    """Score of ``bot_spec`` over paired 8x8 8-round games (colours swapped), 0 to 1."""
    game = load_game("adjacency(size=8,rounds=8)")
    points = 0.0
    for pair in range(pairs):
        for bot_is_x in (True, False):
            bot = make_bot(bot_spec, seed=pair)
            opponent = make_bot(opponent_spec, seed=100 + pair)
            players: tuple[Bot, Bot] = (bot, opponent) if bot_is_x else (opponent, bot)
            state = game.initial_state()
            while not state.is_terminal():
                mover = players[state.to_move()]
                limit = Limit(time=60, nodes=nodes) if mover is bot else Limit(time=60)
                state = state.play(mover.choose(state, limit).move)
            margin = state.returns()[0 if bot_is_x else 1]
            points += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return points / (2 * pairs)


@pytest.mark.parametrize("name", ["hillclimb", "annealing", "genetic"])
def test_strength_floor_against_greedy_and_random(name: str) -> None:
    assert _match(name, "greedy", pairs=3, nodes=400) >= 4 / 6
    assert _match(name, "random", pairs=1, nodes=200) == 1.0


def test_the_bots_are_listed_by_the_cli(run_cli: Callable[..., CompletedProcess[str]]) -> None:
    result = run_cli(["bots"])
    assert result.returncode == 0
    for name in ("hillclimb", "annealing", "genetic"):
        assert name in result.stdout
