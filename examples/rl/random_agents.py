"""Random agents in PettingZoo style on any two-player plyground game (docs/rl.md).

    python examples/rl/random_agents.py "adjacency(size=6,rounds=4)" --games 3

Each agent samples a legal action from its action mask, the loop PettingZoo's
own documentation shows; the environment's rewards add up to the game's
returns.
"""

from __future__ import annotations

import argparse

from plyground.rl import aec_env


def play(spec: str, games: int, seed: int) -> list[dict[str, float]]:
    """Each game's total reward per agent."""
    env = aec_env(spec)
    totals = []
    for game in range(games):
        env.reset(seed=seed + game)
        for index, agent in enumerate(env.agents):
            env.action_space(agent).seed(seed + 2 * game + index)
        total = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            total[agent] += float(reward)
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
            env.step(action)
        totals.append(total)
    env.close()
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="tictactoe", help="a two-player game spec")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for index, total in enumerate(play(args.game, args.games, args.seed), 1):
        scores = ", ".join(f"{agent} {reward:+g}" for agent, reward in total.items())
        print(f"game {index}: {scores}")


if __name__ == "__main__":
    main()
