"""Does a bot keep its clock? Every move's wall and processor time against its limit.

The bot plays whole games (a copy of it in each seat of a two-player game;
chance outcomes drawn from a seed), and each ``choose`` is timed from the
outside as the arena runs it, with Python's cyclic garbage collector paused
(or not, ``paused=False``, as a program calling ``choose`` itself runs it),
each bot given ``new_game`` first as the arena does (or not, ``cold=True``:
its first moves then run while its compiled search loads): wall time, and
the processor time of the thread that searched
(``time.thread_time``). A process held back by a busy machine uses less
processor time than wall time, never more, so processor time past the limit
is the bot's own doing. Each move also records why its search stopped (when
the bot says, in ``SearchInfo.extra["stop"]``), the processor time the
machine's hypervisor took from this one meanwhile (the ``steal`` column of
``/proc/stat``, in ticks of 10 ms, for the whole machine) and the time
Python's garbage collector ran (inside the move, or as it resumed after it).
"""

from __future__ import annotations

import contextlib
import gc
import random
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from plyground.bots import make_bot
from plyground.core.chance import draw_outcome
from plyground.core.collection import collection_paused
from plyground.core.errors import SettingsError
from plyground.core.game import CHANCE, Game

__all__ = ["ClockCheck", "TimedMove", "check_clock", "steal_ticks"]

_STAT = Path("/proc/stat")
_COLD = "bots started cold: no new_game, so their compiled searches load in the first moves"


def steal_ticks() -> int:
    """The machine's stolen ticks so far (0 where ``/proc/stat`` has no steal column)."""
    try:
        fields = _STAT.read_text().split("\n", 1)[0].split()
    except OSError:
        return 0
    return int(fields[8]) if len(fields) > 8 else 0


@dataclass(frozen=True)
class TimedMove:
    """One move: its wall and thread-processor seconds, why its search stopped, the ticks
    the hypervisor stole meanwhile, and the seconds of garbage collection."""

    ply: int
    wall: float
    cpu: float
    stop: str
    stolen: int
    collected: float


@dataclass(frozen=True)
class ClockCheck:
    """The timed moves of one bot at one limit, and what they say."""

    spec: str
    game: str
    limit: float
    paused: bool
    moves: tuple[TimedMove, ...]
    cold: bool = False

    def past(self, seconds: float, *, wall: bool) -> int:
        """Moves whose wall (or processor) time was more than ``seconds``."""
        return sum(1 for m in self.moves if (m.wall if wall else m.cpu) > seconds)

    def report(self, grace: float, worst: int = 5) -> list[str]:
        """The lines to print: percentiles, moves past the limit, the verdict with the
        referee's ``grace``, the stops, and the ``worst`` slowest moves."""
        limit = self.limit
        collector = "paused during moves, as in the arena" if self.paused else "on"
        lines = [
            f"clock check: {self.spec} on {self.game}, {len(self.moves)} moves",
            f"limit {limit * 1000:.1f} ms; garbage collector {collector}",
            *([_COLD] if self.cold else []),
            f"{'':12}{'p50':>18}{'p99':>18}{'largest':>18}   past the limit",
        ]
        for label, wall in (("wall", True), ("thread CPU", False)):
            values = sorted(m.wall if wall else m.cpu for m in self.moves)
            p50 = statistics.median(values)
            p99 = values[min(len(values) - 1, round(0.99 * (len(values) - 1)))]
            cells = "".join(f"{_share(v, limit):>18}" for v in (p50, p99, values[-1]))
            lines.append(f"{label:12}{cells}   {self.past(limit, wall=wall)} of {len(values)}")
        late = self.past(limit + grace, wall=True)
        if late:
            lines.append(
                f"{late} moves took longer than the limit plus the referee's grace of"
                f" {grace:g} s: in a refereed game each would be a timeout"
            )
        elif self.past(limit, wall=False):
            lines.append("moves past the limit in processor time: the bot overran its clock")
        else:
            lines.append("every move kept within the limit in processor time")
        stops = Counter(m.stop for m in self.moves)
        lines.append("stops: " + ", ".join(f"{stop} {n}" for stop, n in stops.most_common()))
        when = "after the move, as the collector resumed" if self.paused else "inside the move"
        if worst > 0:
            lines.append(f"slowest {min(worst, len(self.moves))} moves by thread CPU:")
        for move in sorted(self.moves, key=lambda m: -m.cpu)[:worst]:
            lines.append(
                f"  ply {move.ply:5d}: CPU {_share(move.cpu, limit)}, wall"
                f" {_share(move.wall, limit)}, stop {move.stop}, stolen ticks {move.stolen},"
                f" garbage collection {move.collected * 1000:.2f} ms {when}"
            )
        return lines


def _share(seconds: float, limit: float) -> str:
    return f"{seconds * 1000:8.2f} ms {seconds / limit:6.1%}"


class _CollectorClock:
    """Seconds Python's garbage collector ran since the last :meth:`take` (gc callbacks)."""

    def __init__(self) -> None:
        self._started = 0.0
        self._total = 0.0

    def hear(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self._total += time.perf_counter() - self._started

    def take(self) -> float:
        total, self._total = self._total, 0.0
        return total


@contextlib.contextmanager
def _listening(clock: _CollectorClock) -> Iterator[None]:
    gc.callbacks.append(clock.hear)
    try:
        yield
    finally:
        gc.callbacks.remove(clock.hear)


def check_clock(
    bot_spec: str,
    game: Game,
    moves: int,
    seed: int = 1,
    *,
    paused: bool = True,
    cold: bool = False,
) -> ClockCheck:
    """Time ``moves`` moves of ``bot_spec`` (a copy a seat) in games of ``game`` from
    ``seed``; the bot must have a time limit. ``cold``: no ``new_game`` (each game's
    bots are new)."""
    if moves < 1:
        raise SettingsError(f"moves must be at least 1, got {moves}")
    probe = make_bot(bot_spec)
    probe.check_game(game)
    limit = probe.time_limit(None).time
    if limit is None:
        raise SettingsError(f"{bot_spec!r} has no time limit: give it one, e.g. time=0.05")
    rng = random.Random(seed)
    collector = _CollectorClock()
    found: list[TimedMove] = []
    with _listening(collector):
        while len(found) < moves:
            bots = [make_bot(bot_spec) for _ in range(game.capabilities.players)]
            for bot in bots:
                if not cold:
                    bot.new_game(game)
            state = game.initial_state()
            ply = 0
            while not state.is_terminal() and len(found) < moves:
                if state.to_move() == CHANCE:
                    state = state.play(draw_outcome(state.chance_outcomes(), rng))
                    continue
                stolen = steal_ticks()
                collector.take()
                cpu = time.thread_time()
                wall = time.perf_counter()
                with collection_paused() if paused else contextlib.nullcontext():
                    decision = bots[state.to_move()].choose(state)
                    wall = time.perf_counter() - wall  # timed before the collector resumes
                    cpu = time.thread_time() - cpu
                stop = str(decision.info.extra.get("stop", "-"))
                found.append(
                    TimedMove(ply, wall, cpu, stop, steal_ticks() - stolen, collector.take())
                )
                state = state.play(decision.move)
                ply += 1
    return ClockCheck(probe.spec, game.spec, limit, paused, tuple(found), cold)
