"""The ``morris`` bot against Sanmill's C++ engine, the anchor (docs/morris.md, "Against Sanmill").

Builds the anchor outside the repository the first time (a copy of
``../shared/anchors/sanmill`` in ``--build-dir``, then ``make`` there, under
``nice``), then plays paired games (each opening twice, colours swapped)
from ``--openings``-ply random openings, for each time per move and each
Sanmill skill level (30 is full strength; lower levels cap its depth):

    PYTHONPATH=src nice python benchmarks/morris_vs_sanmill.py --times 0.3 1 --skills 30 4 \\
        --games 20
    PYTHONPATH=src nice python benchmarks/morris_vs_sanmill.py --equal-depth 4 6 --games 10

``--equal-depth D`` plays the bot capped at depth D in every phase against
Sanmill at skill D (its depth cap), both with a long clock. Sanmill plays its
first placements shallower than its cap unless ``--sanmill-args
'--human-depths off'`` (its "human experience" depths: 1 for the first four
placements, 3 for the next three, 5 for the tenth).

Prints a line per game and, per setting, wins-draws-losses for the bot, its
score, how the games ended (``blockade``: the loser could not move, ``men``:
the loser had two, ``cap``: the 200-turn draw cap), the rule breaks of each
side (timeouts: the referee plays a random move) and the bot's longest
move, by the referee's clock and by the processor time its search reports,
the longest gap its search saw between two readings of its clock, the most
the referee's clock saw beyond the bot's own account of a move, and the
full garbage collections in the process during each game.
The game is ``morris`` with the cap only, the rules the adapter gives
Sanmill (its repetition draw is off). Sanmill's scores are its own; no test
depends on it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from plyground.arena.play.run_options import RunOptions
from plyground.arena.records.record import GameRecord
from plyground.arena.tournaments.match import play_match
from plyground.games import load_game
from plyground.games.morris import MorrisState

ANCHOR = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "sanmill"


def build(anchor: Path, build_dir: Path) -> Path:
    """The adapter script in ``build_dir``, building the engine there first if needed."""
    binary = build_dir / "sanmill"
    if not binary.exists():
        if not (anchor / "Makefile").exists():
            sys.exit(f"no Sanmill anchor at {anchor} (give --anchor)")
        print(f"building Sanmill in {build_dir} (a few minutes)", flush=True)
        shutil.copytree(anchor, build_dir, dirs_exist_ok=True)
        jobs = str(min(2, os.cpu_count() or 1))
        subprocess.run(["nice", "make", "-j", jobs], cwd=build_dir, check=True)
    return build_dir / "sanmill_engine.py"


@dataclass(frozen=True)
class GameRow:
    """One game from the bot's side."""

    setting: str
    game: int
    bot_seat: int
    score: float
    """1 win, 0.5 draw, 0 loss."""
    ending: str
    turns: int
    mean_depth: float
    longest: float
    """The bot's longest move, in seconds by the referee's clock."""
    longest_cpu: float
    """The most processor time the bot's search used on a move, by its own report (under
    load a move's wall time also holds its waits to be scheduled)."""
    longest_outside: float
    """The most the referee's clock saw of a move beyond the bot's own account of it (its
    ``elapsed``): handing the request to the bot's thread and the answer back."""
    collections: int
    """Full (generation 2) garbage collections in this process during the game."""
    longest_collection: float
    """The longest of them, in seconds of wall time."""
    longest_gap: float
    """The longest the bot's search went between two readings of its clock (its waits to be
    scheduled, which it keeps back several times over), by its own report."""
    breaks: dict[str, int]
    """Rule breaks by side and kind (``"bot timeout": 1``)."""
    opening: str

    @property
    def result(self) -> str:
        return {1.0: "won", 0.5: "drawn", 0.0: "lost"}[self.score]


COLLECTIONS: list[float] = []
"""The wall time of each full garbage collection in this process since the last game ended."""
_collection_start = [0.0]


def _on_collection(phase: str, info: dict[str, int]) -> None:
    if info["generation"] != 2:
        return
    if phase == "start":
        _collection_start[0] = time.perf_counter()
    else:
        COLLECTIONS.append(time.perf_counter() - _collection_start[0])


def describe(setting: str, index: int, record: GameRecord) -> GameRow:
    """One game of a match whose side A is the bot."""
    bot_seat = int(record.tags["seat_a"])
    final = load_game(record.game).parse_state(record.final)
    assert isinstance(final, MorrisState)
    ours = [m for m in record.moves if m.player == bot_seat]
    depths = [m.info.depth for m in ours if m.info is not None and m.rule_break is None]
    breaks = Counter(
        f"{'bot' if b.player == bot_seat else 'sanmill'} {b.kind}" for b in record.rule_breaks
    )
    return GameRow(
        setting=setting,
        game=index,
        bot_seat=bot_seat,
        score=0.5 if record.winner is None else float(record.winner == bot_seat),
        ending=final.ending() or "unfinished",
        turns=final.turns,
        mean_depth=statistics.fmean(depths) if depths else 0.0,
        longest=max((m.elapsed for m in ours), default=0.0),
        longest_cpu=max(
            (float(m.info.extra.get("cpu", 0.0)) for m in ours if m.info is not None), default=0.0
        ),
        longest_outside=max(
            (m.elapsed - m.info.elapsed for m in ours if m.info is not None and m.info.elapsed),
            default=0.0,
        ),
        collections=len(COLLECTIONS),
        longest_collection=max(COLLECTIONS, default=0.0),
        longest_gap=max(
            (float(m.info.extra.get("gap", 0.0)) for m in ours if m.info is not None), default=0.0
        ),
        breaks=dict(breaks),
        opening=record.tags.get("opening", ""),
    )


def play_setting(
    label: str, players: tuple[str, str], *, seconds: float, args: argparse.Namespace
) -> list[GameRow]:
    """Play one setting (the bot is side A) and print its games and summary."""
    rows: list[GameRow] = []

    def heard(index: int, record: GameRecord) -> None:
        row = describe(label, index, record)
        COLLECTIONS.clear()
        rows.append(row)
        print(
            f"  {label} game {index + 1:3d} bot {'WB'[row.bot_seat]}: {row.result:5s} by "
            f"{row.ending:10s} turn {row.turns:3d}  depth {row.mean_depth:4.1f}  longest "
            f"{row.longest:.2f} s (processor {row.longest_cpu:.2f} s, gap {row.longest_gap:.3f} s,"
            f" outside the bot {row.longest_outside:.3f} s; {row.collections} full collections,"
            f" longest {row.longest_collection:.3f} s)  {row.breaks or ''}",
            flush=True,
        )
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(json.dumps(asdict(row)) + "\n")

    play_match(
        load_game("morris"),
        (players[0], f"engine:{players[1]}"),
        args.games,
        run=RunOptions(time=seconds, grace=args.grace),
        seed=args.seed,
        openings=args.openings,
        on_game=heard,
    )
    summarize(label, rows)
    return rows


def summarize(label: str, rows: list[GameRow]) -> None:
    """W-D-L, score, endings, rule breaks, depth and the longest move of one setting."""
    wins = sum(row.score == 1.0 for row in rows)
    draws = sum(row.score == 0.5 for row in rows)
    score = 100 * sum(row.score for row in rows) / len(rows)
    endings = Counter(f"{row.result} by {row.ending}" for row in rows)
    breaks: Counter[str] = Counter()
    for row in rows:
        breaks.update(row.breaks)
    print(
        f"{label}: bot {wins}-{draws}-{len(rows) - wins - draws} (W-D-L), score {score:.1f}% "
        f"over {len(rows)} games; {', '.join(f'{n} {e}' for e, n in sorted(endings.items()))}; "
        f"rule breaks: {dict(breaks) or 'none'}; bot mean depth "
        f"{statistics.fmean(row.mean_depth for row in rows):.1f}, longest move "
        f"{max(row.longest for row in rows):.2f} s (most processor time "
        f"{max(row.longest_cpu for row in rows):.2f} s, longest gap between its clock readings "
        f"{max(row.longest_gap for row in rows):.3f} s; most outside the bot "
        f"{max(row.longest_outside for row in rows):.3f} s; {sum(r.collections for r in rows)} "
        f"full collections, longest {max(r.longest_collection for r in rows):.3f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="morris", help="the bot's spec (default: morris)")
    parser.add_argument("--times", type=float, nargs="*", default=[0.3, 1.0])
    parser.add_argument("--skills", type=int, nargs="*", default=[30, 4])
    parser.add_argument("--equal-depth", type=int, nargs="*", default=[])
    parser.add_argument("--games", type=int, default=20, help="games per setting (even)")
    parser.add_argument("--openings", type=int, default=2, help="random plies of each opening")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grace", type=float, default=0.25)
    parser.add_argument("--anchor", type=Path, default=ANCHOR)
    parser.add_argument("--build-dir", type=Path, default=Path("/tmp/sanmill"))
    parser.add_argument("--log", help="append one JSON line per game to this file")
    parser.add_argument(
        "--sanmill-args",
        default="",
        help="more options for the adapter, e.g. '--human-depths off' (Sanmill then searches "
        "its full depth in the first placements too, where by default it plays shallower)",
    )
    args = parser.parse_args()
    adapter = build(args.anchor, args.build_dir)
    gc.callbacks.append(_on_collection)
    python = sys.executable
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for seconds in args.times:
        for skill in args.skills:
            engine = f"{python} {adapter} --skill {skill} {args.sanmill_args}".rstrip()
            label = f"{args.bot} vs sanmill skill {skill} at {seconds:g} s"
            play_setting(label, (args.bot, engine), seconds=seconds, args=args)
    for depth in args.equal_depth:
        joiner = "," if ":" in args.bot else ":"
        bot = f"{args.bot}{joiner}placing={depth},moving={depth},flying={depth}"
        engine = f"{python} {adapter} --skill {depth} {args.sanmill_args}".rstrip()
        label = f"{args.bot} vs sanmill at equal depth {depth}"
        play_setting(label, (bot, engine), seconds=60.0, args=args)


if __name__ == "__main__":
    main()
