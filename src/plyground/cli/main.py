"""The ``plyground`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``register(subparsers)``, which adds its
parser and sets ``handler`` (a function taking the parsed arguments and
returning an exit code). A new subcommand adds its module to ``COMMANDS``.
Errors the user can fix (:class:`~plyground.PlygroundError`, bad files)
print one line naming the problem and exit with status 2, never plyground's
traceback (an error in the user's own Python file adds its own frames below).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from plyground import __version__
from plyground.cli.groups import INTERRUPTED
from plyground.core.errors import PlygroundError

__all__ = ["COMMANDS", "build_parser", "main"]

# Subcommand modules, in the order --help lists them.
COMMANDS: tuple[str, ...] = (
    "plyground.cli.catalog",
    "plyground.cli.play",
    "plyground.cli.play2048",
    "plyground.cli.match",
    "plyground.cli.tournament",
    "plyground.cli.report",
    "plyground.cli.sprt",
    "plyground.cli.tune",
    "plyground.cli.engine",
    "plyground.cli.serve",
    "plyground.cli.solve",
    "plyground.cli.analyse",
    "plyground.cli.warmup",
    "plyground.cli.endgames",
    "plyground.cli.bench",
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="plyground",
        description=(
            "A toolkit and arena for classic game-playing AI. Play the Adjacency "
            "Strategy Game against strong bots, watch bots play, run matches."
        ),
        epilog="Run 'plyground COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"plyground {__version__}")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    for module_name in COMMANDS:
        importlib.import_module(module_name).register(subparsers)
    _name_each_command_parser(parser)
    return parser


def _name_each_command_parser(parser: argparse.ArgumentParser) -> None:
    """Set ``command_parser`` in the defaults of every (sub)command's parser, so that an
    unknown option is reported with the usage of the command it was given to."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command_parser in action.choices.values():
                command_parser.set_defaults(command_parser=command_parser)
                _name_each_command_parser(command_parser)


def _os_error_text(error: OSError) -> str:
    """``PATH: reason`` for an error about a file, the way a shell tool says it (Python's own
    text leads with ``[Errno N]`` and quotes the path)."""
    reason = error.strerror or str(error)
    if error.filename is None:
        return reason
    where = f"{error.filename} -> {error.filename2}" if error.filename2 else f"{error.filename}"
    return f"{where}: {reason}"


def _unquoted_engine_hint(argv: list[str]) -> str:
    """`` (quote ...)`` when an ``engine:COMMAND`` was split by the shell, else ''."""
    for index, word in enumerate(argv):
        if word.startswith("engine:") and index + 1 < len(argv):
            command = f"{word[len('engine:') :]} {argv[index + 1]}"
            return f"; an engine's command is one argument, so quote it: engine:'{command}'"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        parser = build_parser()  # imports every command module (not their kernels)
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # the command's usage and name, where argparse gives plyground's
            command_parser: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            hint = _unquoted_engine_hint(list(sys.argv[1:] if argv is None else argv))
            command_parser.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")
    except KeyboardInterrupt:
        print("\nplyground: interrupted", file=sys.stderr)
        return INTERRUPTED
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        status: int = handler(args)
    except PlygroundError as error:
        print(f"plyground {args.command}: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"plyground {args.command}: error: {_os_error_text(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\nplyground {args.command}: interrupted", file=sys.stderr)
        return INTERRUPTED
    return status


if __name__ == "__main__":
    sys.exit(main())
