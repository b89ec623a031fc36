"""Without the libraries of ``plyground[rl]``, using plyground.rl says how to install them:
one line, no traceback, from Python as from the CLI; the core never imports rl."""

from __future__ import annotations

import subprocess
import sys

from cli_support import RunCli, plyground_env, run_python

BLOCK = "import sys; sys.modules.update(pettingzoo=None, gymnasium=None, pyspiel=None)\n"


def test_the_environments_name_the_extra() -> None:
    done = run_python(
        BLOCK
        + "import plyground.rl as rl\n"
        + "for make in (rl.aec_env, rl.gym_env):\n"
        + "    try:\n        make('tictactoe')\n"
        + "    except ValueError as error:\n        print(error)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "this needs PettingZoo, which is not installed: pip install 'plyground[rl]'",
        "this needs Gymnasium, which is not installed: pip install 'plyground[rl]'",
    ]


def test_the_openspiel_bot_in_a_match_is_one_line_from_the_cli() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            BLOCK + "from plyground.cli.main import main; sys.exit(main())",
            "match",
            "--game",
            "adjacency(size=4,rounds=1)",
            "plyground.rl.spiel_bot:SpielMCTSBot",
            "random",
        ],
        capture_output=True,
        text=True,
        env=plyground_env(),
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "this needs OpenSpiel, which is not installed: pip install 'plyground[rl]'" in (
        done.stderr
    )


def test_loading_plyground_imports_no_learning_library() -> None:
    done = run_python(
        "import sys, plyground, plyground.cli.main, plyground.games.tictactoe\n"
        "from plyground.games import load_game\n"
        "load_game('tictactoe').initial_state()\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'plyground.rl') "
        "if m in sys.modules))"
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_the_catalog_says_how_to_learn_and_how_a_policy_plays(run_cli: RunCli) -> None:
    bots = " ".join(run_cli(["bots"], check=True).stdout.split())
    assert "A learned policy becomes a bot the same way: subclass plyground.rl.policy_bot" in bots
    assert "plyground.rl.spiel_bot:SpielMCTSBot (pip install 'plyground[rl]')" in bots
    games = " ".join(run_cli(["games"], check=True).stdout.split())
    assert "plyground.rl.aec_env(SPEC) is a two-player game as a PettingZoo environment" in games
