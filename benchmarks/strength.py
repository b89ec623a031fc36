"""Strength targets of the foundation issue, measured in paired games.

Each bot plays ``greedy`` at 0.2 s per move over 20 paired games of 8
rounds (fixed seed) and must reach its target score: alphabeta 90%,
annealing, hillclimb and genetic 75%. Bots that are not registered are
skipped (and say so). The same figures come from the CLI, one line each:

    plyground match alphabeta:time=0.2 greedy --games 20 --rounds 8 --time 0.2 --seed 1

Usage: PYTHONPATH=src python benchmarks/strength.py [BOT ...] [--games N] [--time S]
"""

from __future__ import annotations

import argparse
import time

from plyground import bot_names, load_game
from plyground.arena import make_player, play_match
from plyground.arena.play.run_options import RunOptions

TARGETS = {"alphabeta": 0.90, "annealing": 0.75, "hillclimb": 0.75, "genetic": 0.75}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bots", nargs="*", default=list(TARGETS), help="bots to measure")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--time", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--openings", type=int, default=0)
    args = parser.parse_args()
    game = load_game(f"adjacency(size=8,rounds={args.rounds})")
    known = set(bot_names())
    print(
        f"{game.spec}: {args.games} paired games vs {args.opponent}, "
        f"{args.time:g} s per move, seed {args.seed}"
    )
    for name in args.bots:
        if name not in known:
            print(f"{name:>10}: not registered here, skipped")
            continue
        begin = time.perf_counter()
        players = (
            make_player(f"{name}:time={args.time}", seed=args.seed),
            make_player(args.opponent, seed=args.seed + 1),
        )
        result = play_match(
            game,
            players,
            args.games,
            run=RunOptions(time=args.time),
            seed=args.seed,
            openings=args.openings,
        )
        side = result.sides[0]
        target = TARGETS.get(name)
        verdict = "" if target is None else (" ok" if side.score >= target else " BELOW TARGET")
        aim = "" if target is None else f" (target {target:.0%})"
        breaks = sum(side.rule_breaks.values())
        print(
            f"{name:>10}: {side.wins}-{side.draws}-{side.losses}  score {side.score:.1%}{aim}"
            f"{verdict}  Elo {result.elo.text()}  margin {side.average_margin:+.2f}"
            f"  depth {side.average_depth:.1f}  {side.average_time:.3f} s/move"
            f"  rule breaks {breaks}  [{time.perf_counter() - begin:.0f} s]"
        )


if __name__ == "__main__":
    main()
