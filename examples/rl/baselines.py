"""The learning baselines of docs/rl.md, each measured against random, greedy and mcts by
``plyground.rl.evaluate`` (paired openings, Elo with 95% intervals; 2048: paired seeds).

    python examples/rl/baselines.py tictactoe
    python examples/rl/baselines.py adjacency --model runs/ppo-adjacency/model.zip
    python examples/rl/baselines.py 2048 --model runs/ppo-2048/model.zip --games 20

``tictactoe`` trains the tabular Q-learner (examples/rl/tabular_tictactoe.py) until
its start is proved, in seconds; the others load a MaskablePPO model written by
examples/rl/maskable_ppo.py (``pip install 'plyground[rl,baselines]'``). The
evaluation seeds (``--seed``) are apart from the training ones.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # the examples beside this one

from plyground.bots.base import Bot
from plyground.rl import evaluate

GAMES = {"tictactoe": "tictactoe", "adjacency": "adjacency(size=6,rounds=4)", "2048": "2048"}


def policy(task: str, model: Path | None) -> Bot:
    if task == "tictactoe":
        from tabular_tictactoe import TablePolicy, train_until_proved

        learner, games = train_until_proved(seed=0)
        print(f"tabular Q: start proved after {games} self-play games")
        return TablePolicy(learner.tables())
    if model is None:
        raise SystemExit(f"{task} needs --model FILE.zip (examples/rl/maskable_ppo.py train)")
    from maskable_ppo import MaskablePolicy

    return MaskablePolicy(model=str(model))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("task", choices=list(GAMES))
    parser.add_argument("--model", type=Path, help="a MaskablePPO model.zip")
    parser.add_argument("--games", type=int, default=100, help="games per opponent")
    parser.add_argument("--seed", type=int, default=7_000_000)
    parser.add_argument("--mcts-time", type=float, default=0.1, help="mcts seconds per move")
    parser.add_argument(
        "--openings", type=int, default=None,
        help="random plies before each pair of games (default: 0 in tic-tac-toe, whose "
        "learner is proved from the start only, else 2)",
    )  # fmt: skip
    args = parser.parse_args()
    start = time.perf_counter()
    opponents = ["random", "greedy", f"mcts:time={args.mcts_time}"]
    openings = args.openings if args.openings is not None else int(args.task != "tictactoe") * 2
    rows = evaluate(
        policy(args.task, args.model), GAMES[args.task], opponents,
        games=args.games, seed=args.seed, openings=openings,
    )  # fmt: skip
    for row in rows:
        print(row.text(), flush=True)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
