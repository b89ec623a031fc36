"""How a command's parser is made, and the command groups (``plyground bench NAME``,
``plyground solve NAME``, ``plyground learn NAME``).

:func:`add_command` adds one command: its help line, and its description shown
as written (line breaks kept) when it is written in lines.

A group (:class:`Group`: :data:`BENCH`, :data:`SOLVE`, :data:`LEARN`) maps each name to the
``module:function`` that configures its parser (a new member adds one line to
its table here): the function receives the ``argparse`` parser of ``plyground GROUP
NAME``, adds its options and sets ``handler``; the first line of the
module's docstring is the help line and the docstring the description.
Modules import heavy things (numba kernels) inside the handler, so
``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from plyground.core.registry import load_target

__all__ = [
    "BENCH",
    "INTERRUPTED",
    "LEARN",
    "SOLVE",
    "TERMINATED",
    "Group",
    "add_command",
    "add_group",
    "command",
]

INTERRUPTED = 130
"""Every command's exit status after Ctrl-C (as a shell reports SIGINT)."""

TERMINATED = 143
"""The exit status of a command that stops in order on SIGTERM (as a shell reports it)."""


def add_command(
    subparsers: Any, name: str, help: str, description: str, epilog: str | None = None
) -> Any:
    """Add the command ``name`` and return its parser. A ``description`` (and ``epilog``)
    with line breaks is shown as written (examples, tables); one without is wrapped to
    the terminal."""
    written = "\n" in description.strip() or "\n" in (epilog or "").strip()
    layout = argparse.RawDescriptionHelpFormatter if written else argparse.HelpFormatter
    return subparsers.add_parser(
        name, help=help, description=description, epilog=epilog, formatter_class=layout
    )


def command(
    name: str, help: str, description: str, epilog: str | None = None
) -> Callable[[Callable[[argparse.ArgumentParser], None]], Callable[[Any], None]]:
    """Decorate the function that adds the command ``name``'s options to its parser (and
    sets ``handler``): the result is the module's ``register(subparsers)``, which adds the
    command with these words (:func:`add_command`), then its options."""

    def decorate(
        add_options: Callable[[argparse.ArgumentParser], None],
    ) -> Callable[[Any], None]:
        def register(subparsers: Any) -> None:
            add_options(add_command(subparsers, name, help, description, epilog))

        register.__doc__ = f"Add the ``{name}`` subcommand."
        return register

    return decorate


def add_group(
    subparsers: Any, command: str, help: str, description: str, members: Mapping[str, str]
) -> None:
    """Add ``command`` with one sub-command per entry of ``members`` (name -> module:function)."""
    parser = add_command(subparsers, command, help, description)
    names = parser.add_subparsers(title="choices", dest=f"{command}_name", metavar="NAME")
    for name, target in members.items():
        configure = load_target(target)
        doc = sys.modules[configure.__module__].__doc__
        summary = (doc or name).strip().splitlines()[0]
        configure(add_command(names, name, summary, doc or summary))

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(handler=show_help)


@dataclass(frozen=True)
class Group:
    """A command group: its help line, its description and its members (name ->
    ``module:configure``); :meth:`register` adds it (``plyground.cli.main.COMMANDS``
    names it)."""

    command: str
    help: str
    description: str
    members: Mapping[str, str]

    def register(self, subparsers: Any) -> None:
        """Add the group's command and one sub-command per member."""
        add_group(subparsers, self.command, self.help, self.description, self.members)


BENCH = Group(
    "bench",
    help="speed benchmarks (nodes per second, depth reached; does a bot keep its clock)",
    description="Run a speed benchmark and print its figures.",
    members={
        "adjacency": "plyground.cli.bench_adjacency:configure",
        "clock": "plyground.cli.bench_clock:configure",
    },
)
"""``plyground bench NAME``: speed benchmarks that print figures (never timed tests)."""

SOLVE = Group(
    "solve",
    help="solve a puzzle (N-Queens), or an adjacency position exactly",
    description="Solve a puzzle, or find the exact value of a game position.",
    members={
        "queens": "plyground.cli.solve_queens:configure",
        "adjacency": "plyground.cli.solve_adjacency:configure",
    },
)
"""``plyground solve NAME``: solve a puzzle, or a game position exactly."""

LEARN = Group(
    "learn",
    help="learn a game's evaluation (adjacency: from labelled positions; 2048: from play)",
    description="Learn a game's evaluation: from labelled data (generate, label, fit), or "
    "from the game's own play by temporal-difference learning.",
    members={
        "adjacency": "plyground.cli.learn_adjacency:configure",
        "2048": "plyground.cli.learn_2048:configure",
    },
)
"""``plyground learn NAME``: learn an evaluation from data (generate, label, fit) or from play."""

register_bench = BENCH.register
register_solve = SOLVE.register
register_learn = LEARN.register
