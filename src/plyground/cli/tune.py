"""``plyground tune``: evolve a bot's evaluation weights through tournaments.

This module is the command's parser; :mod:`plyground.cli.tune_run` reads the
run's settings from the options and runs the generations.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from plyground.arena.tuning.settings import INITS, PRESETS, TUNING_MOVE_SECONDS, TuneSettings
from plyground.cli.groups import command
from plyground.cli.options import add_game_option, positive_int
from plyground.cli.tournament import add_tournament_run_options
from plyground.cli.tune_options import SETTING_OPTIONS, setting_field

__all__ = ["parse_duration", "register"]

_DEFAULTS = TuneSettings
"""The defaults the options show and fall back on: :class:`TuneSettings`' own."""


_DURATION = re.compile(r"(?P<value>\d+(?:\.\d*)?|\.\d+)\s*(?P<unit>[smh]?)")


def parse_duration(text: str) -> float:
    """argparse type: seconds, or a number with ``s``, ``m`` or ``h`` (``90``, ``30m``, ``2h``)."""
    match = _DURATION.fullmatch(text.strip())
    if match is None or float(match.group("value")) <= 0:
        raise argparse.ArgumentTypeError(f"expected a duration like 90, 30m or 2h, got {text!r}")
    factor = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0}[match.group("unit")]
    return float(match.group("value")) * factor


@command(
    "tune",
    help="evolve a bot's evaluation weights through tournaments (genetic algorithm)",
    description="""\
Evolve the weights of BOT's evaluation for GAME. A population of weight sets
(the starting weights plus sets drawn within the ranges the evaluation
declares) plays games: each member against about --opponents others and
against a fixed reference field (by default BOT with its starting weights,
named 'start'). Fitness is each member's Elo from those games (against
'start'). The --keep best are kept and the rest bred from them (blend
crossover, Gaussian mutation), for --generations generations or until
--budget ends. Every game and every generation is stored in the database:
stop at any time and continue with --resume; inspect the games with
'plyground report --tournament RUN'. At the end the best weights go to
--output (load them with 'alphabeta:weights=FILE'), a plot of the best and
mean fitness per generation to --plot, and a confirmation match of --confirm
pairs plays the tuned weights against the starting ones.

In a one-player game (2048) members meet nobody: each plays --games seeded
games a generation (every member the same seeds, new seeds each generation)
and its fitness is its mean score; the confirmation plays the tuned and the
starting weights on --confirm fresh seeds each.

Use a bot with a fixed depth (alphabeta:depth=3, 2048:depth=2): a clock-bound
search depends on the machine's load, which would bias fitness, and a fixed
depth makes the run reproducible (the same seed gives the same run on any
backend).""",
    epilog="""\
examples:
  plyground tune alphabeta:depth=3 --game adjacency --generations 10 --concurrency 2
  plyground tune alphabeta:depth=3 --preset seed --budget 2h --backend ray
  plyground tune morris:placing=2,moving=3,flying=2 --game morris --init defaults
  plyground tune 2048:depth=2 --game 2048 --games 16 --init defaults --concurrency 2
  plyground tune --resume --budget 30m
  plyground match alphabeta:depth=3,weights=best-weights.json alphabeta:depth=3""",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``tune``."""
    parser.add_argument(
        "bot", nargs="?", metavar="BOT", help="the bot spec, e.g. alphabeta:depth=3"
    )
    add_game_option(parser, "the game (default: %(default)s)", _DEFAULTS.game)
    _add_evolution_options(parser.add_argument_group("evolution"))
    _add_result_options(parser.add_argument_group("results"))
    add_tournament_run_options(parser, time_default=TUNING_MOVE_SECONDS, what="run")
    parser.set_defaults(handler=_run)


def _add_evolution_options(evolution: Any) -> None:
    """The population, how it meets and breeds, and how long it evolves."""
    evolution.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        help="seed: docs/course.md's scheme, 50 sets that all play each other, keep 10, breed 40",
    )
    for flag, kind, metavar, what, preset in SETTING_OPTIONS:
        default = getattr(_DEFAULTS, setting_field(flag))
        evolution.add_argument(
            flag,
            type=kind,
            default=None if preset else default,  # None: the preset or TuneSettings decides
            metavar=metavar,
            help=f"{what} (default: {default})",
        )
    evolution.add_argument(
        "--budget",
        type=parse_duration,
        metavar="DURATION",
        help="stop evolving after this long (90, 30m, 2h): the run stays resumable",
    )
    evolution.add_argument(
        "--reference",
        nargs="+",
        metavar="[NAME=]SPEC",
        help="the fixed reference field every member meets (default: BOT as given, "
        "named 'start'); fitness is Elo against the first",
    )
    evolution.add_argument(
        "--no-reference",
        action="store_true",
        help="members meet only each other (fitness is relative within a generation)",
    )
    evolution.add_argument(
        "--max-moves",
        type=positive_int,
        metavar="N",
        help="one-player games: stop each game after N moves (default: play to the end)",
    )
    evolution.add_argument(
        "--init",
        choices=INITS,
        default=_DEFAULTS.init,
        help="generation 0 besides the starting weights: drawn in the ranges, or varied "
        "around the start (default: %(default)s)",
    )


def _add_result_options(outputs: Any) -> None:
    """Where the best weights and the plot go, and the confirmation match."""
    outputs.add_argument(
        "--output",
        default="best-weights.json",
        metavar="FILE",
        help="where the best weights go (default: %(default)s)",
    )
    outputs.add_argument(
        "--plot",
        metavar="FILE",
        help="PNG of best and mean fitness per generation (default: --output with .png)",
    )
    outputs.add_argument(
        "--confirm",
        type=int,
        default=50,
        metavar="PAIRS",
        help="pairs of games of the tuned against the starting weights (one-player "
        "games: seeds each plays; 0: none; default: %(default)s)",
    )


def _run(args: argparse.Namespace) -> int:
    from plyground.cli.tune_run import run

    return run(args)
