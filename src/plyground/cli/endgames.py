"""``plyground endgames``: solve the Morris endgames and keep them for the ``morris`` bot."""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from plyground.cli.groups import command
from plyground.cli.options import count
from plyground.core.errors import PlygroundError

__all__ = ["register"]

_UPTO = ("3v3", "4v3", "4v4", "5v3", "5v4", "5v5")


@command(
    "endgames",
    help="solve the Nine Men's Morris endgames (3 v 3 up to 5 v 5) for the morris bot",
    description=(
        "Solve every Nine Men's Morris position with few men (no men in hand) by "
        "retrograde analysis and save the tables where the morris bot finds them "
        "(the user's data directory, unless --path). Each step includes the ones "
        "before it: 3v3, 4v3 (4 v 3 and 3 v 4), 4v4 (under a minute, 80 MB of tables), "
        "5v3 (5 v 3 and 3 v 5), 5v4 (5 v 4 and 4 v 5), 5v5 (minutes, about 1 GB of "
        "tables and 2 GB while solving)."
    ),
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``endgames``."""
    parser.add_argument(
        "--upto", choices=_UPTO, default="4v4", help="the largest tables to build (4v4)"
    )
    parser.add_argument("--path", type=Path, help="the file to write (default: the data dir)")
    parser.add_argument(
        "--check",
        type=count,
        default=200,
        metavar="N",
        help="check N sampled positions against the compiled search (200; 0: none)",
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from plyground.games.morris.endgame_check import check_against_search
    from plyground.games.morris.endgames import GROUPS, build_tables, default_path

    path: Path = args.path or default_path()
    if path.exists() and path.is_dir():
        raise PlygroundError(f"{str(path)!r} is a directory: give a file name with --path")
    groups = GROUPS[: _UPTO.index(args.upto) + 1]
    print(f"solving {', '.join(f'{a}v{b}' for g in groups for a, b in g)} into {path}")

    # Wall time, and the processor time that a busy machine's waits do not inflate.
    began, processor = time.perf_counter(), time.process_time()

    def report(pair: tuple[int, int], positions: int, seconds: float) -> None:
        print(
            f"  {pair[0]} v {pair[1]}: {positions:,} positions, group solved in {seconds:.0f} s "
            f"({time.process_time() - processor:.0f} s of processor time since the start)",
            flush=True,
        )

    tables = build_tables(groups, report)
    tables.save(path)
    print(
        f"saved {path} ({path.stat().st_size / 1e6:.1f} MB on disk, "
        f"{tables.values.nbytes / 1e6:.0f} MB in memory) in {time.perf_counter() - began:.0f} s "
        f"({time.process_time() - processor:.0f} s of processor time)"
    )
    for a, b in tables.tables():
        summary = tables.summary(a, b)
        print(
            f"  {a} v {b} (mover first): {summary['wins']:.1%} won, {summary['losses']:.1%} "
            f"lost, {summary['draws']:.1%} drawn; longest win {summary['longest']} plies"
        )
    if args.check:
        agreed, checked = check_against_search(tables, args.check, random.Random(1))
        print(f"checked {checked} sampled positions against the compiled search: {agreed} agree")
        if agreed != checked:
            raise PlygroundError(f"{checked - agreed} positions disagree with the search")
    return 0
