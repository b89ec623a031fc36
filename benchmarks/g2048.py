"""Benchmark of the ``2048`` bot: search speed, and strength over seeded games.

    PYTHONPATH=src python benchmarks/g2048.py                 # speed, then 10 games on 2 cores
    PYTHONPATH=src python benchmarks/g2048.py --speed-only
    PYTHONPATH=src python benchmarks/g2048.py --games 4 --jobs 2 --bot "2048:deepest=5"

Speed: the numba search and the plain-Python one (the same expectimax) on the
same positions, taken from a seeded game, at a fixed depth; "evaluated moves"
are the positions after a move that the search visits (its chance nodes).

Strength: games from seeds ``seed .. seed+games-1`` (the seed fixes every
spawn), played to the end by the bot with a node budget per move (so the
figures do not depend on how busy the machine is), in ``jobs`` processes.
Reported: the share of games reaching 2048, 4096, 8192 and 16384, the move on
which each tile first appeared, median score and moves, and the time taken.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass

from plyground.arena.play.solo import play_solo
from plyground.arena.runs.backends import die_with_parent
from plyground.bots import make_bot
from plyground.core.chance import draw_outcome
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.g2048 import G2048State

MILESTONES = (2048, 4096, 8192, 16384, 32768)
DEFAULT_BOT = "2048"
DEFAULT_NODES = 150_000


@dataclass
class GameFigures:
    seed: int
    score: int
    max_tile: int
    moves: int
    seconds: float
    nodes: int
    search_seconds: float
    reached: dict[int, int]
    finished: bool


def positions(seed: int, count: int) -> list[G2048State]:
    """Player positions every 25 moves of a seeded game by a depth-2 bot."""
    game = load_game("2048")
    bot = make_bot("2048:depth=2")
    rng = random.Random(seed)
    state = game.initial_state()
    found: list[G2048State] = []
    moves = 0
    while len(found) < count and not state.is_terminal():
        if state.is_chance():
            state = state.play(draw_outcome(state.chance_outcomes(), rng))
            continue
        assert isinstance(state, G2048State)
        if moves % 25 == 0:
            found.append(state)
        state = state.play(bot.choose(state).move)
        moves += 1
    return found


def speed(depth: int, count: int, python_count: int) -> None:
    """Print evaluated moves per second of the numba and the plain-Python search."""
    sample = positions(5, count)
    print(f"speed: {len(sample)} positions of a seeded game (seed 5), depth {depth}, cut 0.001")
    fast = make_bot(f"2048:depth={depth},cut=0.001,time=3600")
    fast.choose(sample[0])  # load the kernel
    nodes = evaluations = 0
    started = time.perf_counter()
    for state in sample:
        info = fast.choose(state).info
        nodes += info.nodes
        evaluations += int(info.extra["evaluations"])
    fast_seconds = time.perf_counter() - started
    fast_rate = nodes / fast_seconds
    print(
        f"  numba : {nodes:,} evaluated moves in {fast_seconds:.2f} s = "
        f"{fast_rate:,.0f} per second ({evaluations / fast_seconds:,.0f} heuristic "
        f"evaluations per second), {1000 * fast_seconds / len(sample):.1f} ms per move"
    )
    slow_depth = min(depth, 3)
    slow = make_bot(f"2048:depth={slow_depth},cut=0.001,time=3600,engine=python")
    slow_nodes = 0
    started = time.perf_counter()
    for state in sample[:python_count]:
        slow_nodes += int(slow.choose(state).info.extra["chance_nodes"])
    slow_seconds = time.perf_counter() - started
    slow_rate = slow_nodes / slow_seconds
    print(
        f"  python: {slow_nodes:,} evaluated moves at depth {slow_depth} on the first "
        f"{python_count} positions in {slow_seconds:.2f} s = {slow_rate:,.0f} per second; "
        f"numba/python = {fast_rate / slow_rate:,.0f}x"
    )


def _milestone(state: object) -> int:
    assert isinstance(state, G2048State)
    return state.max_tile()


def play_one(job: tuple[str, int, int, int | None]) -> GameFigures:
    """Play one seeded game (run in a worker process)."""
    spec, seed, nodes, max_moves = job
    game = load_game("2048")
    bot = make_bot(spec)
    started = time.perf_counter()
    last_report = [started]
    played = [0]

    def progress(state: object, move: object, info: object) -> None:
        played[0] += 1
        now = time.perf_counter()
        if now - last_report[0] > 120:
            assert isinstance(state, G2048State)
            print(
                f"  seed {seed}: move {played[0]}, max tile {state.max_tile()}, "
                f"score {state.score}, {now - started:.0f} s",
                flush=True,
            )
            last_report[0] = now

    result = play_solo(
        game,
        bot,
        seed,
        limit=Limit(nodes=nodes),
        max_moves=max_moves,
        on_move=progress,
        milestone=_milestone,
    )
    reached = {tile: move for tile, move in result.milestones.items() if tile >= 2048}
    final = result.final
    assert isinstance(final, G2048State)
    figures = GameFigures(
        seed=seed,
        score=final.score,
        max_tile=final.max_tile(),
        moves=result.moves,
        seconds=result.seconds,
        nodes=result.nodes,
        search_seconds=result.search_seconds,
        reached=reached,
        finished=result.finished,
    )
    print(
        f"  seed {seed}: {'game over' if figures.finished else 'stopped'} after "
        f"{figures.moves} moves, score {figures.score}, max tile {figures.max_tile}, "
        f"{figures.seconds:.0f} s",
        flush=True,
    )
    return figures


def strength(
    spec: str, *, games: int, seed: int, jobs: int, nodes: int, max_moves: int | None
) -> None:
    """Play the games and print the table and the summary."""
    print(
        f"strength: bot {spec!r}, at most {nodes:,} nodes per move, {games} games "
        f"(seeds {seed}..{seed + games - 1}), {jobs} processes"
        + (f", at most {max_moves} moves" if max_moves else "")
    )
    started = time.perf_counter()
    work = [(spec, seed + i, nodes, max_moves) for i in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs, initializer=die_with_parent) as pool:
            results = list(pool.imap_unordered(play_one, work))
    else:
        results = [play_one(job) for job in work]
    wall = time.perf_counter() - started
    results.sort(key=lambda r: r.seed)
    header = f"{'seed':>5} {'score':>8} {'max':>6} {'moves':>6} " + " ".join(
        f"{'@' + str(t):>7}" for t in MILESTONES[:4]
    )
    print(header + f" {'ms/move':>8} {'moves/s':>10}")
    for r in results:
        marks = " ".join(f"{r.reached.get(t, '-')!s:>7}" for t in MILESTONES[:4])
        rate = r.nodes / r.search_seconds if r.search_seconds else 0.0
        print(
            f"{r.seed:>5} {r.score:>8} {r.max_tile:>6} {r.moves:>6} {marks} "
            f"{1000 * r.seconds / max(1, r.moves):>8.1f} {rate:>10,.0f}"
        )
    print("summary:")
    for tile in MILESTONES:
        hits = [r.reached[tile] for r in results if tile in r.reached]
        mean_move = f", first on move {statistics.mean(hits):,.0f} on average" if hits else ""
        print(f"  reached {tile:>5}: {len(hits)}/{len(results)}{mean_move}")
    print(f"  median score {statistics.median(r.score for r in results):,.0f}")
    print(f"  median moves {statistics.median(r.moves for r in results):,.0f}")
    unfinished = sum(not r.finished for r in results)
    if unfinished:
        print(f"  {unfinished} game(s) stopped at the move cap, not finished")
    total_moves = sum(r.moves for r in results)
    cpu = sum(r.seconds for r in results)
    print(
        f"  {total_moves:,} moves in {wall:,.0f} s of wall time ({cpu:,.0f} s in the games, "
        f"{1000 * cpu / max(1, total_moves):.1f} ms per move)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--bot", default=DEFAULT_BOT, help="bot spec (default: %(default)s)")
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--nodes",
        type=int,
        default=DEFAULT_NODES,
        help="node budget per move (default %(default)s)",
    )
    parser.add_argument("--max-moves", type=int, default=None, help="stop each game after this")
    parser.add_argument("--speed-only", action="store_true", help="only measure the search speed")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed measurement")
    parser.add_argument("--depth", type=int, default=4, help="depth of the speed test (default 4)")
    args = parser.parse_args(argv)
    if not args.no_speed:
        speed(args.depth, count=40, python_count=3)
    if not args.speed_only:
        strength(
            args.bot,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            nodes=args.nodes,
            max_moves=args.max_moves,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
