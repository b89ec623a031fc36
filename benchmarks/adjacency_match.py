"""Paired strength match between two bots on the adjacency game, at a fixed time per move.

Until ``plyground match`` (the arena's referee) exists, this script plays
the games itself through the core contract: ``make_bot`` makes both bots,
each random opening is played twice with the colours swapped, a move that
comes late is recorded (the game goes on with it: the count is printed so a
reader can judge), and the result is the first bot's score with the Elo
difference and its 95% interval, computed over the pairs (the variance of
pair scores, which removes most of the openings' noise).

    PYTHONPATH=src python benchmarks/adjacency_match.py \
        --first alphabeta --second 'alphabeta(engine=reference)' --pairs 50 --time 0.5
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass

from plyground.bots import make_bot
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState


@dataclass(frozen=True)
class GameResult:
    """One game: the first bot's score (1, 0.5, 0), its colour, and timing notes."""

    pair: int
    first_is_x: bool
    score: float
    margin: int
    late_first: int
    late_second: int
    slowest: float


def _opening(game_spec: str, plies: int, seed: int) -> str:
    game = load_game(game_spec)
    state = game.initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.play(rng.choice(list(state.legal_moves())))
    return state.text()


def play_game(task: tuple[str, str, str, str, float, int, bool]) -> GameResult:
    """Play one game from an opening; the task is picklable for worker processes."""
    game_spec, first_spec, second_spec, opening, seconds, pair, first_is_x = task
    game = load_game(game_spec)
    state = game.parse_state(opening)
    assert isinstance(state, AdjacencyState)
    first, second = make_bot(first_spec), make_bot(second_spec)
    for bot in (first, second):
        bot.new_game(game)
    players = {0: first, 1: second} if first_is_x else {0: second, 1: first}
    late = {first: 0, second: 0}
    slowest = 0.0
    while not state.is_terminal():
        bot = players[state.side]
        began = time.perf_counter()
        decision = bot.choose(state, Limit(time=seconds))
        took = time.perf_counter() - began
        slowest = max(slowest, took)
        if took > seconds:
            late[bot] += 1
        next_state = state.play(decision.move)
        assert isinstance(next_state, AdjacencyState)
        state = next_state
    margin = state.count(0) - state.count(1)
    own_margin = margin if first_is_x else -margin
    score = 1.0 if own_margin > 0 else 0.0 if own_margin < 0 else 0.5
    return GameResult(pair, first_is_x, score, own_margin, late[first], late[second], slowest)


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (clamped away from 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1.0 / score - 1.0)


def summarize(results: list[GameResult]) -> str:
    """Score, Elo and its 95% interval from the pair scores."""
    pairs: dict[int, list[float]] = {}
    for result in results:
        pairs.setdefault(result.pair, []).append(result.score)
    pair_scores = [sum(scores) / len(scores) for scores in pairs.values()]
    mean = statistics.fmean(pair_scores)
    spread = statistics.stdev(pair_scores) if len(pair_scores) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(pair_scores))
    wins = sum(r.score == 1.0 for r in results)
    draws = sum(r.score == 0.5 for r in results)
    losses = len(results) - wins - draws
    late_first = sum(r.late_first for r in results)
    late_second = sum(r.late_second for r in results)
    slowest = max(r.slowest for r in results)
    return (
        f"games {len(results)} ({len(pair_scores)} pairs): +{wins} ={draws} -{losses}, "
        f"score {mean:.3f} +- {half:.3f}, Elo {elo(mean):+.0f} "
        f"[{elo(mean - half):+.0f}, {elo(mean + half):+.0f}] (95%), "
        f"mean margin {statistics.fmean(r.margin for r in results):+.2f}, "
        f"late moves {late_first} (first) {late_second} (second), slowest {slowest:.3f} s"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the match and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", default="alphabeta", help="bot spec (the one scored)")
    parser.add_argument("--second", default="alphabeta(engine=reference)", help="bot spec")
    parser.add_argument("--game", default="adjacency", help="game spec")
    parser.add_argument("--pairs", type=int, default=50, help="openings, each played twice")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move")
    parser.add_argument("--opening-plies", type=int, default=2, help="random plies per opening")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args(argv)
    openings = [
        _opening(args.game, args.opening_plies, args.seed * 100_003 + index)
        for index in range(args.pairs)
    ]
    tasks = [
        (args.game, args.first, args.second, opening, args.time, index, first_is_x)
        for index, opening in enumerate(openings)
        for first_is_x in (True, False)
    ]
    print(f"{args.first} vs {args.second}: {args.game}, {args.time} s/move, {len(tasks)} games")
    results: list[GameResult] = []
    began = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for result in pool.imap_unordered(play_game, tasks):
            results.append(result)
            if len(results) % 10 == 0 or len(results) == len(tasks):
                elapsed = time.perf_counter() - began
                print(f"  [{len(results)}/{len(tasks)} {elapsed:.0f} s] {summarize(results)}")
                sys.stdout.flush()
    print(summarize(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
