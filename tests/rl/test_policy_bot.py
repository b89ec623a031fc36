"""A learned policy as a bot, in two-player games and one-player games alike."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from cli_support import RunCli
from plyground.arena.play.solo import play_solo
from plyground.games import load_game
from plyground.rl.policy_bot import PolicyBot


class FirstLegal(PolicyBot):
    """The first legal action: a policy as simple as a policy gets."""

    def act(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        assert observation.shape == (16,)
        return int(np.flatnonzero(mask)[0])


def test_a_policy_plays_2048_a_one_player_game_with_chance() -> None:
    game = load_game("2048")
    bot = FirstLegal()
    assert bot.supports(game)
    result = play_solo(game, bot, seed=3, max_moves=60)
    assert result.moves == 60 or result.finished
    assert result.final.returns()[0] > 0


def test_a_policy_watches_2048_from_the_command_line(run_cli: RunCli, tmp_path: Path) -> None:
    policy = tmp_path / "first_legal.py"
    policy.write_text(
        "import numpy as np\n"
        "from plyground.rl.policy_bot import PolicyBot\n\n"
        "class FirstLegal(PolicyBot):\n"
        "    def act(self, observation, mask):\n"
        "        return int(np.flatnonzero(mask)[0])\n"
    )
    done = run_cli(
        [
            "play2048",
            "--watch",
            "--bot",
            f"{policy}:FirstLegal",
            "--seed",
            "1",
            "--max-moves",
            "30",
        ],
        check=True,
    )
    assert "stopped: score 116, largest tile 16, 30 moves" in done.stdout, done.stdout[-500:]
