"""The options of ``plyground tune`` that set :class:`TuneSettings`' fields, declared once:
the parser (:mod:`plyground.cli.tune`) declares them from this table, the handler
(:mod:`plyground.cli.tune_run`) reads the fields back by the names it gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from plyground.cli.options import count, fraction, positive_int

__all__ = ["OPTION_FIELDS", "PRESET_FIELDS", "SETTING_OPTIONS", "setting_field"]


def _opponents(text: str) -> int | str:
    """argparse type: a positive count, or ``all``."""
    return "all" if text == "all" else positive_int(text)


SETTING_OPTIONS: tuple[tuple[str, Callable[[str], Any], str, str, bool], ...] = (
    ("--population", int, "N", "weight sets per generation", True),
    ("--keep", int, "K", "the best kept each generation", True),
    ("--generations", positive_int, "G", "generations to run, a new total with --resume", True),
    ("--opponents", _opponents, "K|all",
     "members each member meets, rounded up to even, or all", True),
    ("--pairs", positive_int, "N", "colour-swapped pairs per meeting", False),
    ("--openings", count, "K",
     "random plies that start each pair; new openings every generation", False),
    ("--games", positive_int, "N", "one-player games: seeded games per member and generation",
     False),
    ("--crossover-rate", fraction, "P", "the chance a child is bred by crossover", False),
    ("--mutation-rate", fraction, "P", "the chance a child is then mutated", False),
    ("--mutation-scale", float, "F", "mutation step as a fraction of each weight's range", False),
)  # fmt: skip
"""The options of :class:`TuneSettings`' fields: flag, type, metavar, help, and whether a
preset may set it (then the option's default is None)."""


def setting_field(flag: str) -> str:
    """The :class:`TuneSettings` field an option of :data:`SETTING_OPTIONS` sets."""
    return flag.removeprefix("--").replace("-", "_")


PRESET_FIELDS = tuple(setting_field(flag) for flag, *_, preset in SETTING_OPTIONS if preset)
"""The fields a preset sets, unless their options are given."""
OPTION_FIELDS = tuple(setting_field(flag) for flag, *_, preset in SETTING_OPTIONS if not preset)
"""The fields only their options set."""
