"""Where engines' stderr goes with ``--engine-log``: shown as it comes, or kept in a file.

An engine's stderr is its own (a student's prints, a traceback). ``"-"`` shows
each line on this process's stderr; any other value is a file every line is
appended to, prefixed with the player's name. Each line is one write to the
file opened for appending, so the engines of games played in parallel
processes append whole lines that never mix.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

__all__ = ["SHOWN", "engine_log"]

SHOWN = "-"
"""The ``--engine-log`` value that shows engines' stderr instead of keeping it."""


def engine_log(where: str, player: str | Callable[[], str]) -> Callable[[str], None]:
    """A log of one engine's stderr lines as ``[name] line``: on this process's stderr
    when ``where`` is :data:`SHOWN`, else appended to the file ``where``. ``player`` is
    the name, or a function asked at each line (``hello`` may name a player late)."""

    def name() -> str:
        return player if isinstance(player, str) else player()

    if where == SHOWN:

        def show(line: str) -> None:
            print(f"[{name()}] {line}", file=sys.stderr, flush=True)

        return show
    failed: list[OSError] = []

    def keep(line: str) -> None:
        try:
            fd = os.open(where, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, f"[{name()}] {line}\n".encode(errors="replace"))
            finally:
                os.close(fd)
        except OSError as error:  # a full disk must not stop the game: say so once
            if not failed:
                failed.append(error)
                print(f"--engine-log {where}: cannot be written ({error})", file=sys.stderr)

    return keep
