"""Processes seen from outside (Linux ``/proc``): whose children they are, and when they end.

The checks that nothing is left behind (a killed driver's workers, an engine's
grandchildren, a stopped server's pool) all ask the same questions, so they
ask them here. A zombie counts as gone: it holds no resources, and only its
parent (perhaps the test itself) can reap it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state first), or None."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def alive(pid: int) -> bool:
    """True while ``pid`` is a live process (a zombie counts as gone)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def _parents() -> dict[int, int]:
    """Every live process with its parent, read in one pass over ``/proc``."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None and fields[0] != "Z":
                found[int(entry.name)] = int(fields[1])
    return found


def children(pid: int) -> list[int]:
    """The live direct children of ``pid``, whichever of its threads started them."""
    return [child for child, parent in _parents().items() if parent == pid]


def descendants(pid: int) -> list[int]:
    """The live children of ``pid``, their children, and so on."""
    parents = _parents()
    found: list[int] = []
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found.extend(sorted(frontier))
    return found


def processes_with(token: str) -> list[int]:
    """Live processes (not this one) whose command line contains ``token``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if token in cmdline and alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def wait_gone(pids: list[int], seconds: float = 30.0) -> list[int]:
    """The processes of ``pids`` still alive after up to ``seconds`` (none, once all
    ended): a bound for a hang, not a measure of speed."""
    deadline = time.monotonic() + seconds
    left = pids
    while True:
        left = [pid for pid in left if alive(pid)]
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.1)
