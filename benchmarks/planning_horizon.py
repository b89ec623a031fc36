"""Does a longer plan help the local-search planners? Paired games, by score and by margin.

Two parts, both over paired 8x8 8-round games (every opening played twice,
colours swapped; the same seeded openings for every configuration):

1. Each planner (hillclimb, annealing, genetic) at horizon 1, 2 and 3, with
   each opponent model (order, evaluate), against a fixed opponent
   (``greedy`` by default).
2. Head to head: each planner at its default settings against itself at
   horizon 1 (same opponent model).

Each planner gets a fixed budget of fitness evaluations per move
(``--evaluations``), so the figures do not depend on the machine's load and
a run can be repeated exactly; ``--time`` gives every planner a clock
instead (what a user of the bots sees, noisy on a busy machine). Planner
moves then differ in cost: the evaluate model searches one ply per modelled
reply, so its evaluations cost more; the ``s/move`` column shows it.

Against ``greedy`` the planners win most 8-round games whatever their
settings, so W/D/L saturates; the mean final margin per game (marks ahead,
with a 95% interval over the pairs) is the finer measure.

Usage: PYTHONPATH=src python benchmarks/planning_horizon.py [--games 40]
[--evaluations 1000 | --time 0.2] [--opponent greedy] [--part fixed|head|both]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from plyground import load_game, make_bot
from plyground.arena import BotPlayer, play_match
from plyground.arena.play.run_options import RunOptions
from plyground.arena.players.player import InfoCallback, Reply
from plyground.arena.tournaments.match import MatchResult
from plyground.core.game import State
from plyground.core.limits import Limit

PLANNERS = ("hillclimb", "annealing", "genetic")
MODELS = ("order", "evaluate")
HORIZONS = (1, 2, 3)
_CLOCK = 60.0
"""The clock in budget mode: far above what any budgeted move takes."""


class BudgetedPlayer(BotPlayer):
    """A bot held to ``evaluations`` fitness evaluations per move (``Limit.nodes``)."""

    def __init__(self, spec: str, seed: int, evaluations: int | None) -> None:
        super().__init__(make_bot(spec, seed=seed), name=spec)
        self.evaluations = evaluations

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        if self.evaluations is not None:
            limit = Limit(time=limit.time, nodes=self.evaluations)
        return super().think(state, limit, grace, on_info)


def margin_interval(result: MatchResult) -> tuple[float, float]:
    """Side A's mean final margin per game and the half-width of its 95% interval.

    Games come in colour-swapped pairs, so the pair (not the game) is the
    independent unit: the interval is 1.96 standard errors of the pair means.
    """
    pairs: dict[str, float] = {}
    for record in result.records:
        seat_a = int(record.tags["seat_a"])
        pair = record.tags["pair"]
        pairs[pair] = pairs.get(pair, 0.0) + record.returns[seat_a] / 2
    means = list(pairs.values())
    mean = statistics.fmean(means)
    if len(means) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(means) / math.sqrt(len(means))


def run_match(
    args: argparse.Namespace, spec_a: str, spec_b: str, budget_b: bool
) -> tuple[MatchResult, float]:
    """Play ``spec_a`` (budgeted) against ``spec_b``; returns the result and wall seconds."""
    game = load_game(f"adjacency(size=8,rounds={args.rounds})")
    evaluations = None if args.time else args.evaluations
    players = (
        BudgetedPlayer(spec_a, args.seed, evaluations),
        BudgetedPlayer(spec_b, args.seed + 1, evaluations if budget_b else None),
    )
    begin = time.perf_counter()
    result = play_match(
        game,
        players,
        args.games,
        run=RunOptions(time=args.time or _CLOCK),
        seed=args.seed,
        openings=args.openings,
        labels=(spec_a, spec_b),
    )
    return result, time.perf_counter() - begin


def line(label: str, result: MatchResult, wall: float) -> str:
    side = result.sides[0]
    margin, half = margin_interval(result)
    breaks = sum(side.rule_breaks.values())
    return (
        f"{label:38} {side.wins:>3}-{side.draws}-{side.losses:<3} {side.score:6.1%} "
        f"{result.elo.text():>18}  {margin:+6.2f} ±{half:4.2f}  {side.average_time:7.3f}"
        f"  {breaks:>6}  [{wall:.0f} s]"
    )


HEADER = (
    f"{'A':38} {'W-D-L':>7} {'score':>6} {'Elo A-B [95%]':>18}  "
    f"{'margin ±95%':>13}  {'s/move':>7}  {'breaks':>6}"
)


def fixed_opponent(args: argparse.Namespace) -> None:
    print(f"\n1. each planner against {args.opponent}")
    print(HEADER)
    for planner in PLANNERS:
        for model in MODELS:
            for horizon in HORIZONS:
                spec = f"{planner}:horizon={horizon},opponent={model}"
                result, wall = run_match(args, spec, args.opponent, budget_b=False)
                print(line(spec, result, wall), flush=True)


def head_to_head(args: argparse.Namespace) -> None:
    print("\n2. each planner at its defaults against itself at horizon 1 (B is horizon 1)")
    print(HEADER)
    for planner in PLANNERS:
        bot = make_bot(planner)
        model = bot.settings["opponent"]
        spec = f"{planner}:horizon={bot.settings['horizon']},opponent={model}"
        result, wall = run_match(args, spec, f"{planner}:horizon=1,opponent={model}", True)
        print(line(spec, result, wall), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (even: pairs)")
    parser.add_argument("--evaluations", type=int, default=1000, help="per planner move")
    parser.add_argument("--time", type=float, help="seconds per move instead of a budget")
    parser.add_argument("--opponent", default="greedy", help="the fixed opponent of part 1")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--openings", type=int, default=2, help="random plies per opening")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", choices=("fixed", "head", "both"), default="both")
    args = parser.parse_args()
    budget = f"{args.time:g} s per move" if args.time else f"{args.evaluations} evaluations/move"
    print(
        f"adjacency 8x8, {args.rounds} rounds: {args.games} paired games per line, "
        f"{args.openings}-ply openings, seed {args.seed}, planners at {budget}"
    )
    if args.part in ("fixed", "both"):
        fixed_opponent(args)
    if args.part in ("head", "both"):
        head_to_head(args)


if __name__ == "__main__":
    main()
