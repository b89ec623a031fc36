"""The ``2048`` bot side by side with nneonneo/2048-ai: search speed, then paired games.

    PYTHONPATH=src python benchmarks/g2048_vs_nneonneo.py ../shared/anchors/2048-ai --speed-only
    PYTHONPATH=src python benchmarks/g2048_vs_nneonneo.py ANCHOR --games 4 --time 0.02 \\
        --out /tmp/g2048-pace.jsonl
    PYTHONPATH=src python benchmarks/g2048_vs_nneonneo.py ANCHOR --games 2 --anchor-pace
    PYTHONPATH=src python benchmarks/g2048_vs_nneonneo.py ANCHOR --diagnose --time 0.02 --every 10

The anchor (MIT) is built from its sources into ``--build`` (outside the
repository) as a shared library, with a small driver of our own compiled in
the same translation unit, and called through ctypes. The driver runs the
anchor's own search (its ``eval_state`` and ``_score_toplevel_move``) for a
given depth limit and hands back its counters; nothing of the anchor's code
is in this repository.

**Speed** (part a): the same positions of a seeded game, each searched by
both programs with the anchor's depth rule (``max(3, distinct tiles - 2)``
in its counting, which is that + 1 moves in ours) and its chance cut
(0.0001). Work is counted the anchor's way: *moves tried*, 4 for every
spawned board a search expands (its ``moves_evaled``); the compiled search
counts the same thing (``SearchCounters.moves_tried``). Printed: the time to
choose a move (the anchor's four root searches; our search alone at that
depth, and our bot's whole ``choose`` with its iterative deepening), moves
tried per second, and how often the two choose the same move (their
heuristics differ a little: the anchor counts a run of k equal tiles as k
merges, ours as k - 1; ``--same-heuristic`` gives ours the anchor's count,
``runs=700``).

**Games** (part b): games from seeds ``seed..``: the seed drives every spawn
(:func:`plyground.arena.play.solo.play_solo`), so both players draw the same
random numbers; the anchor only chooses moves. Either both get the same
time per move (``--time``; the anchor, which has no clock, deepens its own
search one depth limit at a time and starts a deeper one only when the last
one's cost predicts it fits, and as it cannot stop a search it may overrun),
or (``--anchor-pace``) the anchor plays at its own depth rule and our bot
gets the anchor's mean time per move, measured first in the same run (on the
first ``--anchor-games`` seeds only, when a full set of the anchor's slow
games does not fit the time at hand). ``--players plyground`` (or
``nneonneo``) plays one program alone at ``--time``: more seeds at a pace
measured in an earlier run; ``--players nneonneo --anchor-pace`` plays the
anchor alone at its depth rule (its games on seeds ours played before). Both
players are held to the same mean pace the same way (:class:`Pacer`): an
overrun is a debt, and a quarter of it comes off each next move's time (our
bot stops at its deadline, but a busy machine can hold any process past it).
A game stops at its first 32768 tile (the anchor's boards hold no larger
tile) or at the end. Per player: the games reaching 8192, 16384 and 32768
(how many, their share and its 95% interval, Wilson's), median score, moves
per second and mean time per move. ``--out`` appends one JSON line per
finished game, so a long run can be read while it goes, and
``benchmarks/g2048_records.py`` prints the same table from the lines of
several runs.

**Diagnosis** (``--diagnose``, no games): on consecutive positions of a
seeded game, both programs choose at ``--time`` a move; printed: the depth
each completes (also by the anchor's depth rule), our time inside the
kernel, in depths the clock stopped and dropped, and outside the kernel,
why our deepening stopped; and on every ``--every``-th position whether
each played the move of its own search at the anchor's depth rule (the
others judged by our search one move deeper) and how often the two
heuristics choose alike at equal depth.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import multiprocessing
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import ClassVar, TypeVar

from plyground.arena.play.solo import play_solo
from plyground.arena.runs.backends import die_with_parent
from plyground.arena.stats.elo import score_interval
from plyground.bots import make_bot
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import Setting
from plyground.games import load_game
from plyground.games.g2048 import DOWN, LEFT, RIGHT, UP, G2048State
from plyground.games.g2048.evaluation import G2048Weights
from plyground.games.g2048.kernel import board_to_int
from plyground.games.g2048.search import G2048Search

MILESTONES = (8192, 16384, 32768)
ANCHOR_CUT = 0.0001
ANCHOR_RUNS = 700.0
"""Our ``runs`` weight that makes our heuristic the anchor's (it counts a run of k equal tiles
as k merges; ``merges`` counts k - 1)."""
ANCHOR_MOVES = (UP, DOWN, LEFT, RIGHT)
"""Our move for each of the anchor's move numbers (0 up, 1 down, 2 left, 3 right)."""
SOURCES = ("2048.cpp", "2048.h", "platdefs.h")
# What the anchor's ./configure finds on Linux (its shipped config.h is the conservative
# one for configure-less builds: std::map instead of unordered_map, no gettimeofday).
CONFIG_H = """#define HAVE_UNORDERED_MAP 1
#define HAVE_CXX11 1
#define HAVE_DRAND48 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_SYS_TIME_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_FCNTL_H 1
"""
# Our driver: the anchor's own search at a chosen depth limit, with its counters.
DRIVER_CPP = """#include "2048.cpp"
extern "C" __attribute__((visibility("default")))
float plyground_score(uint64_t board, int move, int depth_limit, uint64_t *counters) {
    eval_state state;
    state.depth_limit = depth_limit;
    float value = _score_toplevel_move(state, board, move);
    counters[0] += state.moves_evaled;
    counters[1] += state.cachehits;
    return value;
}
extern "C" __attribute__((visibility("default")))
int plyground_depth_limit(uint64_t board) {
    return std::max(3, count_distinct_tiles(board) - 2);
}
"""
LIBRARY = "libplyground_nneonneo.so"
PAYBACK = 0.25
"""Share of its overrun debt the paced anchor pays back from each move's time."""


class BenchmarkError(Exception):
    """A problem the user can fix (printed as one line, exit status 2)."""


def build_anchor(source: Path, build: Path, flags: str) -> Path:
    """Build the anchor's shared library in ``build`` from the sources in ``source``.

    The sources are copied to a folder of this run's own inside ``build`` and compiled
    there; the library is then renamed into place whole. So runs started together do not
    overwrite each other's files, and a running game keeps the library it mapped."""
    missing = [name for name in SOURCES if not (source / name).is_file()]
    if missing:
        raise BenchmarkError(
            f"no nneonneo/2048-ai sources in {str(source)!r} (missing {missing[0]})"
        )
    build.mkdir(parents=True, exist_ok=True)
    library = build / LIBRARY
    with tempfile.TemporaryDirectory(dir=build, prefix="building-") as folder:
        work = Path(folder)
        for name in SOURCES:
            shutil.copyfile(source / name, work / name)
        (work / "config.h").write_text(CONFIG_H)
        (work / "plyground_driver.cpp").write_text(DRIVER_CPP)
        command = [
            "g++",
            *flags.split(),
            "-fPIC",
            "-shared",
            "-o",
            LIBRARY,
            "plyground_driver.cpp",
        ]
        try:
            done = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
        except FileNotFoundError as error:
            raise BenchmarkError(f"cannot build the anchor: {error.strerror}: g++") from None
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise BenchmarkError(f"building the anchor failed: {last}")
        (work / LIBRARY).replace(library)
    return library


class Anchor:
    """nneonneo/2048-ai's search through ctypes (one per process)."""

    def __init__(self, library: Path) -> None:
        self._lib = ctypes.CDLL(str(library))
        self._lib.init_tables()
        self._lib.plyground_score.restype = ctypes.c_float
        self._lib.plyground_score.argtypes = [
            ctypes.c_uint64,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_uint64),
        ]
        self._lib.plyground_depth_limit.argtypes = [ctypes.c_uint64]
        self.counters = (ctypes.c_uint64 * 2)()

    def depth_limit(self, board: int) -> int:
        """The anchor's depth rule, in its counting (ours is that + 1 moves)."""
        return int(self._lib.plyground_depth_limit(board & (2**64 - 1)))

    def values(self, board: int, depth_limit: int) -> dict[int, float]:
        """Our number of each move -> the anchor's value of it, searching with ``depth_limit``
        (each move on its own, as its ``find_best_move`` does; an illegal move scores 0)."""
        unsigned = board & (2**64 - 1)
        return {
            ANCHOR_MOVES[move]: self._lib.plyground_score(
                unsigned, move, depth_limit, self.counters
            )
            for move in range(4)
        }

    def best_move(self, board: int, depth_limit: int) -> int:
        """Our number of the move the anchor plays, searching with ``depth_limit``.

        As its ``find_best_move``: the first best value above 0 in its move
        order wins (-1 when every move scores 0).
        """
        best, chosen = 0.0, -1
        for move, value in self.values(board, depth_limit).items():
            if value > best:
                best, chosen = value, move
        return chosen

    @property
    def moves_tried(self) -> int:
        """The anchor's ``moves_evaled``, summed over every search so far."""
        return int(self.counters[0])


class Pacer:
    """Keeps a player's mean time a move at the pace: an overrun (a busy machine may hold a
    process past its deadline) is a debt, and a quarter of it comes off each next move."""

    def __init__(self) -> None:
        self.debt = 0.0

    def budget(self, seconds: float) -> float:
        """This move's time: the pace less a share of the debt."""
        return seconds - PAYBACK * self.debt

    def spent(self, elapsed: float, seconds: float) -> None:
        """Record a move that took ``elapsed`` at the pace ``seconds``."""
        self.debt = max(0.0, self.debt + elapsed - seconds)


class PacedBot(Bot):
    """One of our bots held to a mean pace the way the paced anchor is (:class:`Pacer`)."""

    NAME = "paced"
    DESCRIPTION = "a bot whose overruns are paid back from its next moves (benchmark only)"
    GAMES = ("2048",)
    MIN_TIME = 0.001
    """The least time a move is given, however large the debt."""

    def __init__(self, inner: Bot) -> None:
        super().__init__()
        self.inner = inner
        self.pacer = Pacer()

    def new_game(self, game: Game) -> None:
        self.pacer = Pacer()
        self.inner.new_game(game)

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        seconds = self.inner.time_limit(limit).time
        if seconds is None:
            return self.inner.choose(state, limit, on_info)
        started = time.perf_counter()
        if getattr(self.inner, "paces_itself", False):  # it keeps its own bank: no debt here
            budget = seconds
        else:
            budget = max(self.MIN_TIME, self.pacer.budget(seconds))
        decision = self.inner.choose(state, Limit(time=budget), on_info)
        self.pacer.spent(time.perf_counter() - started, seconds)
        return decision


class AnchorBot(Bot):
    """The anchor as a player: its depth rule, or deepening under a time limit."""

    NAME = "nneonneo"
    DESCRIPTION = "nneonneo/2048-ai's expectimax through ctypes (benchmark only)"
    GAMES = ("2048",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("library", str, "", "path of the built shared library"),
        Setting("paced", bool, False, "deepen under the time limit instead of its depth rule"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.anchor = Anchor(Path(self._settings["library"]))
        self.pacer = Pacer()
        """The paced anchor's overruns so far (its search has no clock)."""

    def new_game(self, game: Game) -> None:
        self.pacer = Pacer()

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        assert isinstance(state, G2048State)
        started = time.perf_counter()
        before = self.anchor.moves_tried
        board = board_to_int(state.board)
        rule = self.anchor.depth_limit(board)
        seconds = self.time_limit(limit).time
        if not self._settings["paced"] or seconds is None:
            move, depth = self.anchor.best_move(board, rule), rule
        else:  # an overrun is paid back from the next moves' time, so the mean stays the pace
            move, depth = self._deepen(board, rule, started + self.pacer.budget(seconds))
            self.pacer.spent(time.perf_counter() - started, seconds)
        info = SearchInfo(
            depth=depth + 1,
            nodes=self.anchor.moves_tried - before,
            pv=(state.move_text(move),),
            elapsed=time.perf_counter() - started,
        )
        return Decision(move, info)

    def _deepen(self, board: int, rule: int, deadline: float) -> tuple[int, int]:
        """Depth limits 0, 1, ... up to the rule while the last cost times the growth fits;
        depth limit 1 (2 moves in our counting, well under a millisecond) always runs."""
        move, depth, last_cost, growth = -1, 0, 0.0, 10.0
        for limit in range(rule + 1):
            now = time.perf_counter()
            if limit > 1 and now + last_cost * growth > deadline:
                break
            move, depth = self.anchor.best_move(board, limit), limit
            cost = time.perf_counter() - now
            if last_cost > 0:
                growth = max(1.5, cost / last_cost)
            last_cost = max(cost, 1e-6)
        return move, depth


# -- part (a): speed on the same positions ---------------------------------------------
def positions(seed: int, count: int, every: int) -> list[tuple[int, G2048State]]:
    """Player positions every ``every`` moves of a seeded game (the bot at 20,000 nodes a move)."""
    found: list[tuple[int, G2048State]] = []
    played = [0]

    def keep(state: State, move: object, info: SearchInfo) -> None:
        assert isinstance(state, G2048State)
        played[0] += 1
        if played[0] % every == 0:
            found.append((played[0], state))

    play_solo(
        load_game("2048"),
        make_bot("2048:deepest=4,leap=true"),
        seed,
        limit=Limit(nodes=20_000),
        max_moves=every * count,
        on_move=keep,
    )
    return found


def speed(library: Path, seed: int, count: int, every: int, same_heuristic: bool) -> None:
    """Print both programs' time to choose and moves tried per second on the same positions."""
    sample = positions(seed, count, every)
    anchor = Anchor(library)
    weights = G2048Weights(runs=ANCHOR_RUNS) if same_heuristic else G2048Weights()
    search = G2048Search(weights, cut=ANCHOR_CUT)
    search.new_game()  # touches the table once, as the bot does
    search.values(board_to_int(sample[0][1].board), 2)  # loads the kernel
    with tempfile.TemporaryDirectory() as folder:
        weights_file = Path(folder) / "weights.json"
        weights_file.write_text(json.dumps(weights.as_dict()))
        bot = make_bot(f"2048:cut={ANCHOR_CUT},depth=20,time=3600,weights={weights_file}")
    bot.new_game(load_game("2048"))
    print(
        f"speed: {len(sample)} positions of a seeded game (seed {seed}, every {every} moves), "
        f"the anchor's depth rule and cut {ANCHOR_CUT}; work = moves tried (the anchor's count); "
        + ("the anchor's heuristic (runs=700)" if same_heuristic else "our heuristic")
    )
    print(
        f"{'move':>5} {'depth':>5} {'anchor ms':>10} {'ours ms':>8} {'bot ms':>7} "
        f"{'anchor tried':>13} {'ours tried':>11} {'same':>5}"
    )
    totals = dict.fromkeys(("anchor", "ours", "bot", "anchor_tried", "ours_tried", "same"), 0.0)
    for number, state in sample:
        board = board_to_int(state.board)
        rule = anchor.depth_limit(board)
        before = anchor.moves_tried
        started = time.perf_counter()
        anchor_move = anchor.best_move(board, rule)
        anchor_seconds = time.perf_counter() - started
        anchor_tried = anchor.moves_tried - before
        search.new_move()
        started = time.perf_counter()
        values = search.values(board, rule + 1)
        ours_seconds = time.perf_counter() - started
        assert values is not None
        our_move = max(state.legal_moves(), key=lambda m: values[m])
        started = time.perf_counter()
        bot.choose(state, Limit(depth=rule + 1))
        bot_seconds = time.perf_counter() - started
        same = our_move == anchor_move
        for key, value in (
            ("anchor", anchor_seconds),
            ("ours", ours_seconds),
            ("bot", bot_seconds),
            ("anchor_tried", anchor_tried),
            ("ours_tried", search.last.moves_tried),
            ("same", same),
        ):
            totals[key] += value
        print(
            f"{number:>5} {rule + 1:>5} {1000 * anchor_seconds:>10.1f} "
            f"{1000 * ours_seconds:>8.1f} {1000 * bot_seconds:>7.1f} {anchor_tried:>13,} "
            f"{search.last.moves_tried:>11,} {'yes' if same else 'no':>5}"
        )
    anchor_rate = totals["anchor_tried"] / totals["anchor"]
    ours_rate = totals["ours_tried"] / totals["ours"]
    print(
        f"total: anchor {totals['anchor']:.3f} s, {anchor_rate / 1e6:.1f} M moves tried/s; "
        f"ours {totals['ours']:.3f} s, {ours_rate / 1e6:.1f} M/s; bot (deepening) "
        f"{totals['bot']:.3f} s; same move {int(totals['same'])}/{len(sample)}"
    )
    print(
        f"time ratio ours/anchor: search {totals['ours'] / totals['anchor']:.2f}, "
        f"bot {totals['bot'] / totals['anchor']:.2f}; moves tried per second ours/anchor "
        f"{ours_rate / anchor_rate:.2f}x; work ours/anchor "
        f"{totals['ours_tried'] / totals['anchor_tried']:.2f}"
    )


# -- diagnosis: why the bot plays worse at the same pace --------------------------------
def game_states(seed: int, moves: int) -> list[G2048State]:
    """The first ``moves`` player positions of a seeded game (the bot at 100,000 nodes a move,
    a budget, with an hour a move so that its clock never decides: the same positions on any
    machine, however busy)."""
    found: list[G2048State] = []

    def keep(state: State, move: object, info: SearchInfo) -> None:
        assert isinstance(state, G2048State)
        found.append(state)

    play_solo(
        load_game("2048"),
        make_bot("2048:deepest=6,time=3600,leap=true"),
        seed,
        limit=Limit(nodes=100_000),
        max_moves=moves,
        on_move=keep,
    )
    return found


def _share(count: float, total: float) -> str:
    return f"{count / total:.0%}" if total else "-"


def diagnose(args: argparse.Namespace, library: Path) -> None:
    """Per move at ``--time`` a move, on consecutive positions of a seeded game: the depth each
    program completes, our time in dropped searches and outside the kernel; on every
    ``--every``-th: our move against our search's at the anchor's depth rule (disagreements
    judged by a search one move deeper), and the two heuristics at equal depth."""
    states = game_states(args.seed, args.diagnose_moves)[args.diagnose_from :]
    ours_spec = (
        f"{args.bot},time={args.time}" if ":" in args.bot else f"{args.bot}:time={args.time}"
    )
    ours = PacedBot(make_bot(ours_spec))
    anchor_bot = AnchorBot(library=str(library), paced=True, time=args.time)
    game = load_game("2048")
    ours.new_game(game)
    anchor_bot.new_game(game)
    print(
        f"diagnosis: moves {args.diagnose_from}..{args.diagnose_from + len(states) - 1} of seed "
        f"{args.seed}'s game (the bot at 100,000 nodes a move), {1000 * args.time:g} ms a move, "
        f"ours {ours_spec}"
    )
    rows: list[dict[str, float]] = []
    started = time.perf_counter()
    for state in states:
        decision = ours.choose(state)
        info, move = decision.info, decision.move
        assert isinstance(move, int)
        anchor_decision = anchor_bot.choose(state)
        anchor_move = anchor_decision.move
        assert isinstance(anchor_move, int)
        rows.append(
            {
                "depth": info.depth,
                "target": float(info.extra.get("target_depth", info.depth)),
                "elapsed": info.elapsed,
                "kernel": float(info.extra.get("kernel_seconds", 0.0)),
                "dropped": float(info.extra.get("dropped_seconds", 0.0)),
                "deadline": float(info.extra.get("stop") == "deadline"),
                "predicted": float(info.extra.get("stop") == "predicted"),
                "at_target": float(info.extra.get("stop") == "target"),
                "anchor_depth": anchor_decision.info.depth,
                "anchor_elapsed": anchor_decision.info.elapsed,
                "anchor_rule": anchor_bot.anchor.depth_limit(board_to_int(state.board)) + 1.0,
                "move": float(move),
                "anchor_move": float(anchor_move),
            }
        )
    wall = time.perf_counter() - started
    count = len(rows)

    def mean(key: str) -> float:
        return statistics.mean(r[key] for r in rows)

    elapsed = sum(r["elapsed"] for r in rows)
    print(f"{count} moves in {wall:.0f} s (both players)")
    print(
        f"ours: mean depth {mean('depth'):.2f} (target {mean('target'):.2f}; the anchor's rule "
        f"{mean('anchor_rule'):.2f}), {mean('elapsed') * 1000:.1f} ms a move, of which "
        f"{mean('kernel') * 1000:.1f} ms in the kernel and {mean('dropped') * 1000:.1f} ms in "
        f"dropped depths ({_share(sum(r['dropped'] for r in rows), elapsed)} of the time); "
        f"outside the kernel {(mean('elapsed') - mean('kernel')) * 1000:.2f} ms a move; stops: "
        f"target {_share(sum(r['at_target'] for r in rows), count)}, predicted "
        f"{_share(sum(r['predicted'] for r in rows), count)}, deadline "
        f"{_share(sum(r['deadline'] for r in rows), count)}"
    )
    print(
        f"anchor (paced): mean depth {mean('anchor_depth'):.2f}, "
        f"{mean('anchor_elapsed') * 1000:.1f} ms a move, at its rule "
        f"{_share(sum(r['anchor_depth'] >= r['anchor_rule'] for r in rows), count)}; ours "
        f"shallower than the anchor on "
        f"{_share(sum(r['depth'] < r['anchor_depth'] for r in rows), count)} of moves, deeper on "
        f"{_share(sum(r['depth'] > r['anchor_depth'] for r in rows), count)}"
    )
    by_rule = sorted({int(r["anchor_rule"]) for r in rows})
    print(
        "by the anchor's depth rule (moves): "
        + "; ".join(
            f"{rule}: {len(mine)} moves, depth ours {statistics.mean(r['depth'] for r in mine):.2f}"
            f" anchor {statistics.mean(r['anchor_depth'] for r in mine):.2f}, ms ours "
            f"{1000 * statistics.mean(r['elapsed'] for r in mine):.1f} anchor "
            f"{1000 * statistics.mean(r['anchor_elapsed'] for r in mine):.1f}"
            for rule in by_rule
            for mine in [[r for r in rows if r["anchor_rule"] == rule]]
        )
    )
    judge_moves(args, library, states, rows)


def judge_moves(
    args: argparse.Namespace, library: Path, states: list[G2048State], rows: list[dict[str, float]]
) -> None:
    """Our played moves against our search at the anchor's depth rule, and the heuristics."""
    anchor = Anchor(library)
    search = G2048Search(cut=ANCHOR_CUT)
    search.new_game()
    judge = G2048Search(cut=ANCHOR_CUT, table_entries=1 << 22)
    judge.new_game()
    same = anchor_same = sample = heuristics_same = shallow_same = 0
    verdicts = {"rule": 0, "ours": 0, "equal": 0}
    anchor_verdicts = {"rule": 0, "ours": 0, "equal": 0}
    started = time.perf_counter()
    for index in range(0, len(states), args.every):
        state, row = states[index], rows[index]
        board = board_to_int(state.board)
        legal = state.legal_moves()
        rule = anchor.depth_limit(board)
        search.new_move()
        values = search.values(board, rule + 1)
        assert values is not None
        rule_move = max(legal, key=lambda m: values[m])
        sample += 1
        anchor_rule_move = anchor.best_move(board, rule)
        heuristics_same += anchor_rule_move == rule_move
        search.new_move()
        shallow = search.values(board, 3)
        assert shallow is not None
        shallow_same += anchor.best_move(board, 2) == max(legal, key=lambda m: shallow[m])
        played, anchor_played = int(row["move"]), int(row["anchor_move"])
        same += played == rule_move
        anchor_same += anchor_played == anchor_rule_move
        if played == rule_move and anchor_played == anchor_rule_move:
            continue
        judge.new_move()
        deeper = judge.values(board, rule + 2)
        assert deeper is not None
        for move, best, tally in (
            (played, rule_move, verdicts),
            (anchor_played, anchor_rule_move, anchor_verdicts),
        ):
            if move != best:
                difference = deeper[best] - deeper[move]
                tally["rule" if difference > 0 else "ours" if difference < 0 else "equal"] += 1
    print(
        f"moves judged: {sample} (every {args.every}th), {time.perf_counter() - started:.0f} s; "
        "each program's played move against its own search at the anchor's depth rule, "
        "disagreements judged by our search one move deeper:"
    )
    for name, agreed, tally in (("ours", same, verdicts), ("anchor", anchor_same, anchor_verdicts)):
        print(
            f"  {name}: the rule's move on {agreed}/{sample} ({_share(agreed, sample)}); of the "
            f"{sample - agreed} others the deeper search prefers the rule's move on "
            f"{tally['rule']}, the played one on {tally['ours']}, neither on {tally['equal']}"
        )
    print(
        f"heuristics at equal depth (our search with our weights vs the anchor's search): "
        f"the same move on {_share(heuristics_same, sample)} at the anchor's rule, "
        f"{_share(shallow_same, sample)} at 3 moves"
    )


# -- part (b): paired games ------------------------------------------------------------
@dataclass
class GameRecord:
    player: str
    seed: int
    score: int
    max_tile: int
    moves: int
    seconds: float
    finished: bool


def through(state: State) -> bool:
    """True once ``state`` holds the tile a game stops at (32768: the anchor's boards hold no
    larger one)."""
    assert isinstance(state, G2048State)
    return state.max_tile() >= MILESTONES[-1]


Job = tuple[str, str, int, float | None, str | None, int | None]
"""(player, spec, seed, seconds a move, output file, move cap)."""


def play_one(job: Job) -> GameRecord:
    """One game (in a worker process) to the first 32768 tile or the end."""
    player, spec, seed, seconds, out, max_moves = job
    bot: Bot = AnchorBot(**json.loads(spec)) if player == "nneonneo" else PacedBot(make_bot(spec))
    result = play_solo(
        load_game("2048"),
        bot,
        seed,
        limit=Limit(time=seconds) if seconds else None,
        max_moves=max_moves,
        until=through,
    )
    final = result.final
    assert isinstance(final, G2048State)
    record = GameRecord(
        player, seed, final.score, final.max_tile(), result.moves, result.seconds, result.finished
    )
    if out:
        with Path(out).open("a") as handle:
            handle.write(json.dumps(asdict(record)) + "\n")
    print(
        f"  {player} seed {seed}: max {record.max_tile}, score {record.score:,}, "
        f"{record.moves:,} moves, {record.seconds:,.0f} s",
        flush=True,
    )
    return record


J = TypeVar("J")
R = TypeVar("R")


def pool_map(work: Callable[[J], R], jobs: list[J], workers: int) -> Iterator[R]:
    """``work`` over ``jobs`` in ``workers`` processes (in this one when 1), as they finish."""
    if workers <= 1:
        yield from map(work, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers, initializer=die_with_parent) as pool:
        yield from pool.imap_unordered(work, jobs)


def run_games(jobs: list[Job], workers: int) -> Iterator[GameRecord]:
    """Play the jobs in ``workers`` processes (in this one when 1)."""
    return pool_map(play_one, jobs, workers)


def reached(records: list[GameRecord], tile: int) -> str:
    """How many of ``records`` reached ``tile``: the count, the share and its 95% interval
    (Wilson's, as :func:`plyground.arena.stats.elo.score_interval` gives it for games without
    draws)."""
    count = sum(r.max_tile >= tile for r in records)
    share = count / len(records)
    low, high = score_interval(share, 0.0, len(records))
    return f"{count:>3} {share:>4.0%} {f'{low:.0%}-{high:.0%}':>8}"


def summary(records: list[GameRecord]) -> None:
    """Print the table of the players (one row each)."""
    players = list(dict.fromkeys(r.player for r in records))
    width = max(len("player"), *map(len, players))
    tiles = " ".join(f"{tile:>17}" for tile in MILESTONES)
    rates = f"{'median score':>12} {'moves/s':>8} {'ms/move':>8}"
    print(f"{'player':<{width}} {'games':>5} {tiles} {rates}")
    for player in players:
        mine = [r for r in records if r.player == player]
        moves = sum(r.moves for r in mine)
        seconds = sum(r.seconds for r in mine)
        shares = " ".join(reached(mine, tile) for tile in MILESTONES)
        print(
            f"{player:<{width}} {len(mine):>5} {shares} "
            f"{statistics.median(r.score for r in mine):>12,.0f} {moves / seconds:>8.1f} "
            f"{1000 * seconds / moves:>8.1f}"
        )


def games(args: argparse.Namespace, library: Path) -> None:
    """Part (b): paired games of both players on the same seeds."""
    seeds = range(args.seed, args.seed + args.games)
    anchor_spec = {"library": str(library), "paced": not args.anchor_pace, "time": 3600.0}
    out = str(args.out) if args.out else None
    cap = args.max_moves
    anchor_jobs = [("nneonneo", json.dumps(anchor_spec), s, args.time, out, cap) for s in seeds]
    records: list[GameRecord] = []
    if args.anchor_pace:
        measured = seeds[: args.anchor_games or len(seeds)]
        print(f"games: the anchor at its depth rule, seeds {measured.start}..{measured.stop - 1}")
        records += run_games(
            [(p, sp, s, None, o, c) for p, sp, s, _, o, c in anchor_jobs[: len(measured)]],
            args.jobs,
        )
        pace = sum(r.seconds for r in records) / sum(r.moves for r in records)
        ours_too = "; ours gets as much" if args.players == "both" else ""
        print(f"  the anchor's pace: {1000 * pace:.1f} ms a move{ours_too}")
    else:
        pace = args.time
        span = f"seeds {seeds.start}..{seeds.stop - 1}"
        print(f"games: {args.players} at {1000 * pace:.1f} ms a move, {span}")
    ours = f"{args.bot},time={pace:.4f}" if ":" in args.bot else f"{args.bot}:time={pace:.4f}"
    our_jobs: list[Job] = [("plyground " + args.bot, ours, s, pace, out, cap) for s in seeds]
    if args.anchor_pace:
        if args.players == "both":
            records += run_games(our_jobs, args.jobs)
    elif args.players == "both":
        mixed = [job for pair in zip(anchor_jobs, our_jobs, strict=True) for job in pair]
        records += run_games(mixed, args.jobs)
    else:
        records += run_games(anchor_jobs if args.players == "nneonneo" else our_jobs, args.jobs)
    records.sort(key=lambda r: (r.player != "nneonneo", r.seed))
    print(f"{'player':<44} {'seed':>5} {'max':>6} {'score':>9} {'moves':>7} {'ms/move':>8}")
    for r in records:
        print(
            f"{r.player:<44} {r.seed:>5} {r.max_tile:>6} {r.score:>9,} {r.moves:>7,} "
            f"{1000 * r.seconds / max(1, r.moves):>8.1f}"
        )
    summary(records)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("anchor", type=Path, help="directory of the nneonneo/2048-ai sources")
    parser.add_argument("--build", type=Path, default=Path("/tmp/nneonneo"), help="build folder")
    parser.add_argument("--cxxflags", default="-O3 -march=native", help="compiler flags")
    parser.add_argument("--speed-only", action="store_true", help="only part (a)")
    parser.add_argument("--no-speed", action="store_true", help="skip part (a)")
    parser.add_argument("--positions", type=int, default=20, help="positions of part (a)")
    parser.add_argument("--every", type=int, default=100, help="moves between positions")
    parser.add_argument(
        "--same-heuristic", action="store_true", help="part (a) with the anchor's heuristic"
    )
    parser.add_argument("--games", type=int, default=2, help="games per player")
    parser.add_argument("--seed", type=int, default=1, help="first seed of the games")
    parser.add_argument("--time", type=float, default=0.02, help="seconds a move for both")
    parser.add_argument(
        "--anchor-pace", action="store_true", help="the anchor at its depth rule; ours at its pace"
    )
    parser.add_argument(
        "--anchor-games",
        type=int,
        default=None,
        help="with --anchor-pace: the anchor plays only the first N seeds (its pace is "
        "measured on them); ours plays all --games",
    )
    parser.add_argument(
        "--players",
        choices=("both", "plyground", "nneonneo"),
        default="both",
        help="without --anchor-pace: who plays at --time (one player: more seeds at a pace "
        "measured in an earlier run); with it, nneonneo: the anchor alone at its depth rule "
        "(default %(default)s)",
    )
    parser.add_argument("--bot", default="2048", help="our bot (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the games")
    parser.add_argument("--max-moves", type=int, default=None, help="stop each game here")
    parser.add_argument("--out", type=Path, default=None, help="append a JSON line per game")
    parser.add_argument(
        "--diagnose", action="store_true", help="per-move figures at --time instead of games"
    )
    parser.add_argument("--diagnose-moves", type=int, default=3000, help="moves of the game")
    parser.add_argument("--diagnose-from", type=int, default=1000, help="first move diagnosed")
    args = parser.parse_args(argv)
    if args.anchor_games is not None and not (args.anchor_pace and args.anchor_games > 0):
        parser.error("--anchor-games needs --anchor-pace and a positive count")
    if args.players == "plyground" and args.anchor_pace:
        parser.error("--anchor-pace measures the anchor's pace: --players both or nneonneo")
    try:
        make_bot(args.bot)  # a bad spec fails here, not after the build or the anchor's games
        library = build_anchor(args.anchor, args.build, args.cxxflags)
        if args.diagnose:
            diagnose(args, library)
            return 0
        if not args.no_speed:
            speed(library, 5, args.positions, args.every, args.same_heuristic)
        if not args.speed_only:
            games(args, library)
    except (BenchmarkError, PlygroundError) as error:  # a bad spec or weights: say which
        print(f"g2048_vs_nneonneo: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
