"""From which ply on does the ``alphabeta`` bot play the adjacency game perfectly?

Plays games of the bot against itself at a fixed time per move and, for
each game, finds the plies left at the first move from which every move
had an exact score (the bot's SearchInfo says ``exact``: its exact solver,
or its deepening reaching the end). Prints, per setting, those plies (min,
median, max over the games) and how many of them came from the solver.
Timing is wall-clock, so a loaded machine lowers the figures.

    PYTHONPATH=src python benchmarks/perfect_endgames.py --rounds 8,28 --times 1 --games 4
"""

from __future__ import annotations

import argparse
import statistics
import time

from plyground.bots import make_bot
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState


def perfect_from(rounds: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """One self-play game: (plies left at the first move of the exact run, solver moves, s)."""
    game = load_game(f"adjacency(size=8,rounds={rounds})")
    bots = [make_bot(f"alphabeta(time={seconds})") for _ in (0, 1)]
    for bot in bots:
        bot.new_game(game)
    state = game.initial_state()
    assert isinstance(state, AdjacencyState)
    # The first move is fixed by the seed, so the games differ.
    began = time.perf_counter()
    exact_from = 0
    solved = 0
    opening = state.legal_moves()
    state = state.play(opening[(seed * 7) % len(opening)])
    while not state.is_terminal():
        decision = bots[state.side].choose(state)
        info = decision.info
        exact = info is not None and bool(info.extra.get("exact"))
        if exact:
            exact_from = exact_from or state.plies_left
            solved += bool(info is not None and info.extra.get("solved"))
        else:
            exact_from = 0
            solved = 0
        state = state.play(decision.move)
    return exact_from, solved, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="8,28", help="comma-separated round counts")
    parser.add_argument("--times", default="1", help="comma-separated seconds per move")
    parser.add_argument("--games", type=int, default=4, help="games per setting")
    args = parser.parse_args()
    print("rounds  s/move  games  perfect from (plies left): min  median  max  by solver")
    for rounds in (int(r) for r in args.rounds.split(",")):
        for seconds in (float(t) for t in args.times.split(",")):
            found = [perfect_from(rounds, seconds, seed) for seed in range(args.games)]
            plies = [f[0] for f in found]
            print(
                f"{rounds:>6}  {seconds:>6g}  {len(found):>5}  {min(plies):>30}  "
                f"{statistics.median(plies):>6g}  {max(plies):>3}  "
                f"{sum(f[1] for f in found)}/{sum(plies)} moves  "
                f"({sum(f[2] for f in found):.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
