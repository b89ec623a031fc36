"""Does a bot keep its clock? Every move's wall and processor time against its limit.

    PYTHONPATH=src python benchmarks/clock_keeping.py --bot 2048:time=0.05 --game 2048
    PYTHONPATH=src python benchmarks/clock_keeping.py --bot "alphabeta:time=0.05" --moves 400

The bot plays whole games (a copy of it in each seat of a two-player game;
chance outcomes drawn from ``--seed``), and each ``choose`` is timed from the
outside as the arena runs it, with Python's cyclic garbage collector paused
(``--bare``: not paused, as a program calling ``choose`` itself runs it): wall
time, and the processor time of the thread that searched
(``time.thread_time``: a process held back by a busy machine uses less
processor time than wall time, never more, so processor time past the limit
is the bot's own doing). Printed: p50, p99 and the largest of each as a share
of the limit, how many moves went past it, why the bot's searches stopped
(when it says, in ``SearchInfo.extra["stop"]``), and the slowest moves with
the processor time the machine's hypervisor took from this one meanwhile (the
``steal`` column of ``/proc/stat``, in ticks of 10 ms, for the whole machine:
time neither this process nor any other was running).

The tests check the clock with generous margins; this command prints the
figures behind them, on as many moves as you like.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from plyground.arena.solo import sample_outcome
from plyground.bots import make_bot
from plyground.core.collection import collection_paused
from plyground.core.game import CHANCE, Game
from plyground.games import load_game

STAT = Path("/proc/stat")


def steal_ticks() -> int:
    """The machine's stolen ticks so far (0 where ``/proc/stat`` has no steal column)."""
    try:
        fields = STAT.read_text().split("\n", 1)[0].split()
    except OSError:
        return 0
    return int(fields[8]) if len(fields) > 8 else 0


class CollectorClock:
    """Seconds Python's garbage collector ran since the last :meth:`take` (gc callbacks)."""

    def __init__(self) -> None:
        self._started = 0.0
        self._total = 0.0
        gc.callbacks.append(self._hear)

    def _hear(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self._total += time.perf_counter() - self._started

    def take(self) -> float:
        total, self._total = self._total, 0.0
        return total


@dataclass(frozen=True)
class Timed:
    """One move: its wall and thread-processor seconds, why it stopped, ticks stolen, and
    the seconds of garbage collection inside it."""

    wall: float
    cpu: float
    stop: str
    stolen: int
    collected: float
    move_number: int


def timed_moves(bot_spec: str, game: Game, moves: int, seed: int, *, bare: bool) -> list[Timed]:
    """``moves`` timed decisions from games of ``bot_spec`` (one copy a seat) from ``seed``,
    with the collector paused for each (as the arena does) unless ``bare``."""
    rng = random.Random(seed)
    collector = CollectorClock()
    found: list[Timed] = []
    while len(found) < moves:
        bots = [make_bot(bot_spec) for _ in range(game.capabilities.players)]
        for bot in bots:
            bot.check_game(game)
            bot.new_game(game)
        state = game.initial_state()
        number = 0
        while not state.is_terminal() and len(found) < moves:
            if state.to_move() == CHANCE:
                state = state.play(sample_outcome(state, rng))
                continue
            stolen = steal_ticks()
            collector.take()
            cpu = time.thread_time()
            wall = time.perf_counter()
            with contextlib.nullcontext() if bare else collection_paused():
                decision = bots[state.to_move()].choose(state)
                wall = time.perf_counter() - wall  # timed before the collector resumes
                cpu = time.thread_time() - cpu
            stop = str(decision.info.extra.get("stop", "-"))
            collected = collector.take()
            found.append(Timed(wall, cpu, stop, steal_ticks() - stolen, collected, number))
            state = state.play(decision.move)
            number += 1
    return found


def share(seconds: float, limit: float) -> str:
    return f"{seconds * 1000:8.2f} ms {seconds / limit:6.1%}"


def report(rows: list[Timed], limit: float, worst: int, *, bare: bool) -> None:
    """Print the percentiles, the overruns, the stops and the ``worst`` slowest moves."""
    when = "inside the move" if bare else "as the collector resumed, after the move"
    print(f"{'':12}{'p50':>18}{'p99':>18}{'largest':>18}   past the limit")
    for label, values in (
        ("wall", sorted(r.wall for r in rows)),
        ("thread CPU", sorted(r.cpu for r in rows)),
    ):
        p50 = values[len(values) // 2]
        p99 = values[min(len(values) - 1, round(0.99 * (len(values) - 1)))]
        over = sum(1 for v in values if v > limit)
        cells = "".join(f"{share(v, limit):>18}" for v in (p50, p99, values[-1]))
        print(f"{label:12}{cells}   {over} of {len(values)}")
    stops = Counter(r.stop for r in rows)
    print("stops: " + ", ".join(f"{stop} {count}" for stop, count in stops.most_common()))
    print(f"slowest {worst} moves by thread CPU:")
    for row in sorted(rows, key=lambda r: -r.cpu)[:worst]:
        print(
            f"  move {row.move_number:5d}: CPU {share(row.cpu, limit)}, wall"
            f" {share(row.wall, limit)}, stop {row.stop}, stolen ticks {row.stolen},"
            f" garbage collection {row.collected * 1000:.2f} ms {when}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--bot", required=True, help="a bot spec with a time setting")
    parser.add_argument("--game", default=None, help="the game (default: the bot's first)")
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=5)
    parser.add_argument(
        "--bare", action="store_true", help="leave the garbage collector on during moves"
    )
    args = parser.parse_args()
    probe = make_bot(args.bot)
    limit = probe.time_limit(None).time
    if limit is None:
        parser.error(f"{args.bot!r} has no time limit: give it one, e.g. time=0.05")
    game = load_game(args.game or (probe.GAMES[0] if probe.GAMES else "adjacency"))
    collector = "on (--bare)" if args.bare else "paused during moves, as in the arena"
    print(f"clock keeping: {probe.spec} on {game.spec}, {args.moves} moves, seed {args.seed}")
    print(f"limit {limit * 1000:.1f} ms; garbage collector {collector}")
    rows = timed_moves(args.bot, game, args.moves, args.seed, bare=args.bare)
    report(rows, limit, args.worst, bare=args.bare)


if __name__ == "__main__":
    main()
