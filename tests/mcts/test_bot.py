"""The ``mcts`` bot as users meet it: by name, in ``plyground bots``, in the terminal,
over the engine protocol (real subprocesses), and never losing at tic-tac-toe."""

from __future__ import annotations

import pytest

from cli_support import RunCli
from plyground.algorithms.search.minimax import minimax
from plyground.algorithms.search.playouts import RandomPlayouts
from plyground.bots import bot_names, make_bot
from plyground.bots.mcts import MCTSBot
from plyground.core.errors import SettingsError
from plyground.core.game import State
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.playout import AdjacencyPlayouts
from plyground.games.g2048.rules import G2048Game

TICTACTOE = load_game("tictactoe")


def reachable(start: State) -> list[State]:
    seen: dict[State, None] = {}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        if state not in seen:
            seen[state] = None
            frontier.extend(state.play(move) for move in state.legal_moves())
    return list(seen)


@pytest.mark.slow
def test_it_never_loses_a_tictactoe_position() -> None:
    positions = reachable(TICTACTOE.initial_state())
    assert len(positions) == 5478
    bot = make_bot("mcts", time=3600, seed=1, solver=True, reuse=False)
    table: dict = {}  # type: ignore[type-arg]
    for state in positions:
        if state.is_terminal():
            continue
        decision = bot.choose(state)
        assert decision.info.extra.get("exact"), state.text()
        best = minimax(state, table=table).value
        after = state.play(decision.move)
        got = (
            after.returns()[state.to_move()]
            if after.is_terminal()
            else -minimax(after, table=table).value
        )
        assert got == best, state.text()


def test_made_by_name_with_settings_for_each_game() -> None:
    assert "mcts" in bot_names()
    bot = make_bot("mcts(time=60,exploration=0.7,playout=uniform,seed=2)")
    assert bot.spec.startswith("mcts(") and "exploration=0.7" in bot.spec
    for spec in ("adjacency(size=6,rounds=4)", "tictactoe", "morris", "2048"):
        game = load_game(spec)
        assert bot.supports(game)
        bot.new_game(game)
        state = game.initial_state()
        while state.to_move() < 0:
            state = state.play(state.chance_outcomes()[0][0])
        decision = bot.choose(state, Limit(nodes=50))
        assert decision.move in state.legal_moves()
        assert decision.info.nodes == 50 and decision.info.extra["playouts"] == 50
    assert not bot.supports(load_game("queens"))


def test_new_game_forgets_its_warm_up_search() -> None:
    game = load_game("adjacency(size=6,rounds=4)")
    bot = MCTSBot(seed=1)
    bot.new_game(game)
    assert bot.searcher(game).root is None
    decision = bot.choose(game.initial_state(), Limit(nodes=50))
    assert decision.info.extra["tree"] == 51  # the root and one node an iteration, no more


def test_compiled_playouts_for_adjacency_unless_asked_otherwise() -> None:
    game = load_game("adjacency")
    compiled = MCTSBot(seed=1)
    assert isinstance(compiled.searcher(game).playouts, AdjacencyPlayouts)
    reference = MCTSBot(seed=1, engine="reference")
    assert isinstance(reference.searcher(game).playouts, RandomPlayouts)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"cutoff": 2, "value": "outcome"}, "needs value=evaluator"),
        ({"value": "outcome"}, "needs a two-player game"),
    ],
)
def test_bad_settings_name_the_problem(settings: dict[str, object], message: str) -> None:
    bot = make_bot("mcts", **settings)
    game = load_game("2048") if "cutoff" not in settings else load_game("tictactoe")
    with pytest.raises(SettingsError, match=message):
        bot.new_game(game)


def test_engine_protocol_plays_every_game(run_cli: RunCli) -> None:
    game = load_game("2048")
    assert isinstance(game, G2048Game)
    g2048 = game.state((1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3))
    sessions = [
        ("adjacency(size=8,rounds=8)", load_game("adjacency").initial_state().text()),
        ("tictactoe", "3/1X1/3 O"),
        ("morris", load_game("morris").initial_state().text()),
        ("2048", g2048.text()),
    ]
    lines = ["hello 1"]
    for spec, position in sessions:
        lines += [f"newgame {spec}", f"position {position}", "go 300"]
    result = run_cli(["engine", "mcts", "seed=1"], input="\n".join([*lines, "quit", ""]))
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0].startswith("hello 1 name=mcts ")
    answers = [line.split()[1] for line in out if line.startswith("bestmove ")]
    assert len(answers) == 4 and "none" not in answers, result.stdout + result.stderr
    for (spec, position), answer in zip(sessions, answers, strict=True):
        state = load_game(spec).parse_state(position)
        assert state.parse_move(answer) in state.legal_moves()
    infos = [line for line in out if line.startswith("info ")]
    assert infos and all("playouts=" in line and "visits=" in line for line in infos)
    for line in infos:
        milliseconds = int(line.split("time=")[1].split()[0])
        assert milliseconds <= 300  # the search's own clock, inside the go's time


def test_listed_and_playable_in_the_terminal(run_cli: RunCli) -> None:
    listed = run_cli(["bots"])
    assert listed.returncode == 0 and "mcts" in listed.stdout
    moves = "b3\na4\nb4\nc1\nd1\nd2\na3\nc4\n"
    args = ["play", "--o", "mcts:time=0.2,seed=1", "--size", "4", "--rounds", "2"]
    played = run_cli(args, input=moves)
    assert played.returncode == 0, played.stderr
    assert "O (mcts) plays" in played.stdout
    assert "wins." in played.stdout or "Draw." in played.stdout
    watched = run_cli(
        ["play2048", "--watch", "--bot", "mcts:simulations=30", "--max-moves", "4", "--seed", "3"]
    )
    assert watched.returncode == 0, watched.stderr
