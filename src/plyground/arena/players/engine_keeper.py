"""The keeper of one engine: a small process that starts the engine and ends its
whole process tree, whatever happens to the referee.

Run as its own program with the standard library only (``python -I -S
engine_keeper.py WATCH_FD CAP_BYTES COMMAND [ARGS...]``) by
:class:`~plyground.arena.players.engine_process.EngineProcess`, which holds the
write end of the pipe ``WATCH_FD`` and never writes to it. The keeper:

* makes itself a *child subreaper* (Linux): every process the engine starts,
  even one that calls ``setsid()`` to leave the engine's process group, is
  re-parented to the keeper when its own parent dies, so the keeper can find
  and kill it;
* forks the engine into its own process group, with its address space capped
  at ``CAP_BYTES`` (0: no cap) and a parent-death SIGKILL, then execs it;
  the engine inherits the keeper's standard streams (the referee's pipes),
  and the keeper lets go of its own copies;
* waits until the engine exits or the watch pipe reaches end of file (the
  referee closed it to end the engine, or the referee died: the kernel
  closes a dead process's files, so a ``kill -9`` of the referee counts);
* then kills the engine's group and every process left below the keeper,
  reaps them, and exits as the engine did (the same status or signal).

So nothing the engine started outlives it, and an engine's child cannot keep
the referee waiting on a pipe. What escapes: a process handed to another
service (a daemon manager, ``at``) is not the engine's descendant; on
platforms without subreapers (macOS) a child in its own session escapes the
group kill.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import signal
import sys
import time

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_END_WAIT = 5.0
"""Seconds the keeper spends killing and reaping the tree before it gives up."""


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` (Linux); False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _become_engine(command: list[str], cap: int, keeper: int) -> None:
    """In the forked child: own group, capped, dies with the keeper, then exec."""
    try:
        os.setpgid(0, 0)
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != keeper:  # the keeper died before the request took effect
            os._exit(137)
        if cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        os.execvp(command[0], command)
    except OSError as error:
        os.write(2, f"cannot start engine {command[0]!r}: {error.strerror}\n".encode())
    os._exit(127)


def _wait_engine(engine: int, watch: int) -> int:
    """The engine's wait status, once it exits or the watch pipe ends (then it is killed)."""
    pidfd: int | None = None
    with contextlib.suppress(AttributeError, OSError):
        pidfd = os.pidfd_open(engine)  # wakes select when the engine exits (Linux 5.3+)
    waiting = [watch] if pidfd is None else [watch, pidfd]
    while True:
        pid, status = os.waitpid(engine, os.WNOHANG)
        if pid:
            return status
        ready, _, _ = select.select(waiting, [], [], 0.05 if pidfd is None else None)
        if watch in ready:
            _kill_group(engine)
            return os.waitpid(engine, 0)[1]


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pgid, signal.SIGKILL)


def _children(parent: int) -> list[int]:
    """The live processes whose parent is ``parent`` (Linux ``/proc``; [] elsewhere)."""
    found = []
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent and fields[0] != "Z":
                found.append(int(entry))
    return found


def _end_tree(engine: int) -> None:
    """Kill the engine's group and every process left below the keeper, and reap them."""
    keeper = os.getpid()
    _kill_group(engine)
    deadline = time.monotonic() + _END_WAIT
    while True:
        for pid in _children(keeper):
            _kill_group(pid)  # a child that made its own group or session takes it along
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        try:
            reaped, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # nothing is left below the keeper, and nothing more can come
        if reaped == 0:
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)


def _exit_like(status: int) -> None:
    """End this process as the engine ended: the same exit code, or the same signal."""
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            if signum != signal.SIGKILL:
                signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    os._exit(os.waitstatus_to_exitcode(status))


def main(argv: list[str]) -> None:
    """``WATCH_FD CAP_BYTES COMMAND [ARGS...]`` (see the module docstring)."""
    watch, cap, command = int(argv[1]), int(argv[2]), argv[3:]
    os.set_inheritable(watch, False)
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    keeper = os.getpid()
    engine = os.fork()
    if engine == 0:
        _become_engine(command, cap, keeper)
    with contextlib.suppress(OSError):  # the child does the same; whichever runs first wins
        os.setpgid(engine, engine)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the pipes end when the engine's tree is gone, not the keeper
        os.dup2(null, fd)
    status = _wait_engine(engine, watch)
    _end_tree(engine)
    _exit_like(status)


if __name__ == "__main__":
    main(sys.argv)
