"""The table of ``g2048_vs_nneonneo.py``'s games, from the lines its runs wrote with ``--out``.

    PYTHONPATH=src python benchmarks/g2048_records.py pace.jsonl anchor-*.jsonl
    PYTHONPATH=src python benchmarks/g2048_records.py runs/*.jsonl --seeds 1 50 --games

Games at the anchor's pace take most of an hour each, so they are played a
few at a time, often one process a seed, each appending to a file of its own.
This reads any number of such files and prints, per player, the games
reaching 8192, 16384 and 32768 with 95% intervals, as a run prints them: the
combined figures come from the records, not from arithmetic by hand. A game
met twice (the same player, seed and result, as when a file is read twice) is
counted once. The same player and seed with two different results is an
error: a game at a time pace does not replay exactly, so those are two games
of one seed, and which one counts is for the caller to choose (by the files
it gives).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from g2048_vs_nneonneo import GameRecord, summary


class RecordsError(ValueError):
    """A file of records that cannot be read as one."""


def read_records(paths: list[Path]) -> list[GameRecord]:
    """Every game in ``paths`` once, in the order first met."""
    games: dict[tuple[str, int], GameRecord] = {}
    for path in paths:
        try:
            lines = path.read_text().splitlines()
        except OSError as error:
            raise RecordsError(f"{path}: {error.strerror or error}") from error
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = GameRecord(**json.loads(line))
            except (json.JSONDecodeError, TypeError) as error:
                raise RecordsError(f"{path}:{number}: not a game record ({error})") from error
            key = (record.player, record.seed)
            if key in games and games[key] != record:
                raise RecordsError(
                    f"{path}:{number}: {record.player} seed {record.seed} is already recorded "
                    "with another result"
                )
            games.setdefault(key, record)
    return list(games.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="+", help="files written by --out")
    parser.add_argument(
        "--seeds", type=int, nargs=2, metavar=("FIRST", "LAST"), help="only these seeds"
    )
    parser.add_argument("--games", action="store_true", help="also a line per game")
    args = parser.parse_args(argv)
    try:
        records = read_records(args.files)
    except RecordsError as error:
        print(f"g2048_records: {error}", file=sys.stderr)
        return 2
    if args.seeds:
        first, last = args.seeds
        records = [r for r in records if first <= r.seed <= last]
    if not records:
        print("g2048_records: no games in those files (and seeds)", file=sys.stderr)
        return 2
    records.sort(key=lambda r: (r.player != "nneonneo", r.player, r.seed))
    if args.games:
        for r in records:
            print(
                f"{r.player:<44} seed {r.seed:>4}: max {r.max_tile:>5}, score {r.score:>9,}, "
                f"{r.moves:>6,} moves, {1000 * r.seconds / max(1, r.moves):.1f} ms a move"
            )
    summary(records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
