"""``plyground sprt``: the SPRT of counted results, as a tournament computes it."""

from __future__ import annotations

import argparse
from typing import Any

from plyground.cli.groups import command
from plyground.cli.options import add_sprt_error_options, sprt_bounds

__all__ = ["count_list", "name_pair", "register"]


def count_list(size: int, form: str) -> Any:
    """argparse type: ``size`` counts of at least 0, separated by commas (``form`` shows one)."""

    def parse(text: str) -> tuple[int, ...]:
        try:
            values = tuple(int(part) for part in text.split(","))
        except ValueError:
            values = ()
        if len(values) != size or any(v < 0 for v in values):
            raise argparse.ArgumentTypeError(
                f"expected {size} counts of at least 0 like {form}, got {text!r}"
            )
        return values

    return parse


def name_pair(text: str) -> tuple[str, str]:
    """argparse type: two different names separated by a comma (``Ada,Bob``)."""
    names = tuple(part.strip() for part in text.split(","))
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"expected two different names like Ada,Bob, got {text!r}")
    return names[0], names[1]


@command(
    "sprt",
    help="the SPRT of counted results: is new ELO1 stronger than old, or not?",
    description="""\
The sequential probability ratio test a tournament with --sprt runs, on
results counted elsewhere (fastchess, cutechess, another plyground run):
the LLR with its bounds, the Elo difference with its 95% interval, the
verdict (H0: new is not ELO1 stronger; H1: it is; continue: play more)
and a sentence that says it. --ptnml counts colour-swapped pairs by the
points new scored in them (0, 1/2, 1, 3/2, 2), as fastchess prints them;
--wdl counts single games. --names calls the two players something other
than new and old.""",
    epilog="""\
examples:
  plyground sprt --ptnml 0,2,10,30,20 --elo 0,20
  plyground sprt --ptnml 0,3,12,4,1 --elo 0,20 --names Ada,Bob
  plyground sprt --wdl 120,300,100 --elo 0,10 --alpha 0.05 --beta 0.1""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``sprt``."""
    counts = parser.add_mutually_exclusive_group(required=True)
    counts.add_argument(
        "--ptnml",
        type=count_list(5, "0,2,10,30,20"),
        metavar="N0,N1,N2,N3,N4",
        help="pairs in which new scored 0, 1/2, 1, 3/2 and 2 points",
    )
    counts.add_argument(
        "--wdl",
        type=count_list(3, "120,300,100"),
        metavar="W,D,L",
        help="games new won, drew and lost",
    )
    parser.add_argument(
        "--elo",
        type=sprt_bounds,
        required=True,
        metavar="ELO0,ELO1",
        help="H0: new is ELO0 stronger; H1: new is ELO1 stronger",
    )
    parser.add_argument(
        "--names",
        type=name_pair,
        default=("new", "old"),
        metavar="FIRST,SECOND",
        help="what to call the two players counted (default: new,old)",
    )
    add_sprt_error_options(parser)
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from plyground.arena.stats.sprt import Sprt

    pentanomial = args.ptnml is not None
    test = Sprt(
        elo0=args.elo[0],
        elo1=args.elo[1],
        alpha=args.alpha,
        beta=args.beta,
        pentanomial=pentanomial,
    )
    counts = args.ptnml if pentanomial else tuple(reversed(args.wdl))  # losses first
    state = test.state(counts)
    print(f"SPRT {test.text()}")
    for line in state.lines(*args.names):
        print(line)
    return 0
