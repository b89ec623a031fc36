"""Command groups: ``plyground bench NAME`` and ``plyground solve NAME``.

A group maps each name to the ``module:function`` that configures its
parser: the function receives the ``argparse`` parser of ``plyground GROUP
NAME``, adds its options and sets ``handler``; the first line of the
module's docstring is the help line and the docstring the description.
Modules import heavy things (numba kernels) inside the handler, so
``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping
from typing import Any

__all__ = ["add_group"]


def add_group(
    subparsers: Any, command: str, help: str, description: str, members: Mapping[str, str]
) -> None:
    """Add ``command`` with one sub-command per entry of ``members`` (name -> module:function)."""
    parser = subparsers.add_parser(command, help=help, description=description)
    names = parser.add_subparsers(title="choices", dest=f"{command}_name", metavar="NAME")
    for name, target in members.items():
        module_name, _, function_name = target.partition(":")
        module = importlib.import_module(module_name)
        summary = (module.__doc__ or name).strip().splitlines()[0]
        sub = names.add_parser(
            name,
            help=summary,
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        getattr(module, function_name)(sub)

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(handler=show_help)
