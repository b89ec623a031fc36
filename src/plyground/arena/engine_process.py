"""An engine's operating-system process: started in its own session, read and
drained by threads, capped in memory, and ended with its whole process group.

:class:`~plyground.arena.players.EnginePlayer` speaks the engine protocol
(docs/protocol.md) over one :class:`EngineProcess`; this module knows only
processes, pipes and lines, nothing of games.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO

from plyground.core.errors import EngineError

__all__ = ["EngineProcess"]

_LINE_LIMIT = 1 << 16
_STDERR_LINES = 20
_CLOSE_WAIT = 1.0


class EngineProcess:
    """One running engine process: pipes, a stdout reader and a stderr drain.

    Lines from stdout arrive in :attr:`lines` (``None`` at end of file);
    the last stderr lines are kept for error messages.
    """

    def __init__(
        self,
        argv: Sequence[str],
        memory_mb: int | None,
        env: dict[str, str] | None,
        cwd: str | None,
        log: Callable[[str], None] | None,
    ) -> None:
        command = list(argv) if memory_mb is None else _capped(argv, memory_mb)
        try:
            self.popen = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=env,
                cwd=cwd,
            )
        except OSError as error:
            raise EngineError(f"cannot start engine {shlex.join(argv)!r}: {error}") from None
        self.pid = self.popen.pid
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._log = log
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._reader = threading.Thread(
            target=self._read, args=(self.popen.stdout,), name=f"engine-{self.pid}", daemon=True
        )
        self._drain = threading.Thread(
            target=self._read_stderr,
            args=(self.popen.stderr,),
            name=f"engine-{self.pid}-err",
            daemon=True,
        )
        self._reader.start()
        self._drain.start()

    def _read(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                raw = stream.readline(_LINE_LIMIT)
                if not raw:
                    break
                self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                raw = stream.readline(_LINE_LIMIT)
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self.stderr_tail.append(line)
                if self._log is not None:
                    self._log(line)

    def send(self, line: str) -> None:
        """Write one line; raises OSError (BrokenPipeError) if the engine is gone."""
        stdin = self.popen.stdin
        assert stdin is not None
        stdin.write(line.encode("utf-8") + b"\n")
        stdin.flush()

    def discard_pending(self) -> None:
        """Drop lines left over from an earlier move (a well-behaved engine leaves none)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:  # end of file stays visible to the next read
                self.lines.put(None)
                return

    def alive(self) -> bool:
        """True while the engine's process runs."""
        return self.popen.poll() is None

    def stderr_hint(self) -> str:
        """The engine's last stderr line, for error messages ('' if none).

        Once the engine has exited, its stderr is read to the end first, so
        the hint is its last words (a traceback's final line), not a race.
        """
        if not self.alive():
            self._drain.join(timeout=1)
        tail = [line for line in self.stderr_tail if line.strip()]
        return f"; its stderr: {tail[-1].strip()!r}" if tail else ""

    def exit_text(self) -> str:
        """How the process ended, for error messages."""
        code = self.popen.poll()
        if code is None:
            return "its output closed"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"it was killed by {signal.Signals(-code).name}"
        return f"it exited with status {code}"

    def kill(self, polite: bool) -> None:
        """End the whole process group: ``quit`` first when ``polite``, then SIGKILL.

        The group is killed before the leader is reaped, so its id cannot
        have been reused by then.
        """
        if polite and self.alive():
            with contextlib.suppress(OSError, ValueError):
                self.send("quit")
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._wait_exit(_CLOSE_WAIT)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=5)
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._reader.join(timeout=1)
        self._drain.join(timeout=1)

    def _wait_exit(self, seconds: float) -> None:
        """Wait until the leader exits without reaping it (so its group id stays ours)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return
            if info is not None:
                return
            time.sleep(0.01)
        raise subprocess.TimeoutExpired(str(self.pid), seconds)


# Run in the child before the engine: cap the address space, then become the
# engine (exec keeps the pid, the session and the limit), so the cap holds
# from the engine's first instruction.
_CAP_THEN_EXEC = """\
import os, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    os.execvp(sys.argv[2], sys.argv[2:])
except OSError as error:
    print(f"cannot start engine {sys.argv[2]!r}: {error}", file=sys.stderr)
    sys.exit(127)
"""


def _capped(argv: Sequence[str], memory_mb: int) -> list[str]:
    """``argv`` run with its address space (``RLIMIT_AS``) capped at ``memory_mb``.

    A small Python trampoline sets the limit and execs the engine, so there is
    no window in which the engine runs uncapped (``preexec_fn`` would do the
    same but is unsafe in a program with threads). Linux and macOS.
    """
    return [sys.executable, "-c", _CAP_THEN_EXEC, str(memory_mb * 1024 * 1024), *argv]
