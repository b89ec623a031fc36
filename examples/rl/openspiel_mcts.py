"""OpenSpiel's MCTS on the adjacency game, registered by ``import plyground.rl.openspiel``
(docs/rl.md).

    python examples/rl/openspiel_mcts.py --size 6 --rounds 4 --games 4 --simulations 200

OpenSpiel's own MCTS bot plays OpenSpiel's uniform random bot, taking each seat
in turn, through OpenSpiel's ``evaluate_bots``: plyground only supplies the game.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

import plyground.rl.openspiel  # noqa: F401 - registers plyground's games with OpenSpiel


def play(size: int, rounds: int, games: int, simulations: int, seed: int) -> list[float]:
    """MCTS's return (X's marks minus O's, from its side) in each game."""
    game = pyspiel.load_game("plyground_adjacency", {"size": size, "rounds": rounds})
    generator = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    searcher = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=generator)
    results = []
    for index in range(games):
        seat = index % 2
        rival = pyspiel.make_uniform_random_bot(1 - seat, seed + index)
        bots = [searcher, rival] if seat == 0 else [rival, searcher]
        returns = evaluate_bots(game.new_initial_state(), bots, generator)
        results.append(float(returns[seat]))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    results = play(args.size, args.rounds, args.games, args.simulations, args.seed)
    for index, margin in enumerate(results, 1):
        print(f"game {index}: MCTS as {'XO'[(index - 1) % 2]}, margin {margin:+g}")
    wins = sum(margin > 0 for margin in results)
    print(f"MCTS won {wins} of {len(results)} games against random play")


if __name__ == "__main__":
    main()
