"""The ``plyground`` command: one entry point, one module per subcommand.

Each subcommand has a ``register(subparsers)`` function in its module (made
by :func:`~plyground.cli.groups.command`), which adds its parser and sets
``handler`` (a function taking the parsed arguments and returning an exit
code). A new subcommand adds its name and ``module:function`` to ``COMMANDS``.
A command line that names a command builds that command's parser alone
(importing one module); ``plyground --help``, a mistyped
command or none at all builds them all, so the help lists every command.
Errors the user can fix (:class:`~plyground.PlygroundError`, bad files)
print one line naming the problem and exit with status 2, never plyground's
traceback (an error in the user's own Python file adds its own frames below).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from plyground import __version__
from plyground.cli.groups import INTERRUPTED
from plyground.core.errors import PlygroundError
from plyground.core.registry import load_target

__all__ = ["COMMANDS", "build_parser", "main"]

COMMANDS: dict[str, str] = {
    "bots": "plyground.cli.catalog:register_bots",
    "games": "plyground.cli.catalog:register_games",
    "play": "plyground.cli.play:register",
    "play2048": "plyground.cli.play2048:register",
    "match": "plyground.cli.match:register",
    "tournament": "plyground.cli.tournament:register",
    "report": "plyground.cli.report:register_report",
    "records": "plyground.cli.report:register_records",
    "sprt": "plyground.cli.sprt:register",
    "tune": "plyground.cli.tune:register",
    "engine": "plyground.cli.engine:register",
    "serve": "plyground.cli.serve:register",
    "solve": "plyground.cli.groups:register_solve",
    "learn": "plyground.cli.groups:register_learn",
    "analyse": "plyground.cli.analyse:register",
    "warmup": "plyground.cli.warmup:register",
    "endgames": "plyground.cli.endgames:register",
    "bench": "plyground.cli.groups:register_bench",
    "class": "plyground.cli.class_import:register",
}
"""Each command and the ``register`` function that adds it, in the order --help lists them."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, or with ``command`` alone (a name in
    :data:`COMMANDS`: what parsing a command line that names it needs)."""
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
    targets = [COMMANDS[command]] if command is not None else COMMANDS.values()
    for target in targets:
        load_target(target)(subparsers)
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


def _named_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` starts with, or None when its first word is not one (an option
    of plyground's own, such as --help, wants every command's parser)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(_named_command(words))  # imports command modules (no kernels)
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # the command's usage and name, where argparse gives plyground's
            command_parser: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            hint = _unquoted_engine_hint(words)
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
