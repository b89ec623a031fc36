"""The three examples of docs/rl.md, run as their readers run them."""

from __future__ import annotations

import subprocess
import sys

from cli_support import ROOT, plyground_env

EXAMPLES = ROOT / "examples" / "rl"
sys.path.insert(0, str(EXAMPLES))

from tabular_tictactoe import TablePolicy, losses, train_until_proved  # noqa: E402

from plyground.arena import BotPlayer, play_match  # noqa: E402
from plyground.games import load_game  # noqa: E402


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        env=plyground_env(),
        timeout=300,
        check=True,
    )
    return done.stdout


def test_random_agents_play_whole_games() -> None:
    lines = run("random_agents.py", "adjacency(size=5,rounds=3)", "--games", "2").splitlines()
    assert len(lines) == 2
    for line in lines:  # a zero-sum game: X's total is minus O's
        x, o = (float(part.split()[-1]) for part in line.split(": ", 1)[1].split(", "))
        assert x == -o


def test_openspiels_mcts_wins_on_the_adjacency_game() -> None:
    out = run("openspiel_mcts.py", "--size", "5", "--rounds", "3", "--games", "2")
    assert "MCTS won 2 of 2 games against random play" in out


def test_the_tabular_learner_never_loses_and_enters_the_arena_as_a_bot() -> None:
    learner, games = train_until_proved(seed=0)
    assert learner.proved() and games < 2000
    tables = learner.tables()
    assert losses(tables, "random", 100, seed=1) == 0
    tictactoe = load_game("tictactoe")
    bot = BotPlayer(TablePolicy(tables))
    against_random = play_match(tictactoe, (bot, "random"), 40, seed=3, close=False).sides[0]
    assert against_random.losses == 0 and against_random.wins > 20
    against_perfect = play_match(tictactoe, (bot, "perfect"), 10, seed=4).sides[0]
    assert against_perfect.draws == 10
