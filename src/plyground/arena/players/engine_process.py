"""An engine's operating-system process: started under a keeper in its own
session, read and drained by threads, capped in memory, and ended with every
process it started.

:class:`~plyground.arena.players.engine_player.EnginePlayer` speaks the engine protocol
(docs/protocol.md) over one :class:`EngineProcess`; this module knows only
processes, pipes and lines, nothing of games. The engine runs below a keeper
(:mod:`plyground.arena.players.engine_keeper`) that kills the engine's whole process
tree when the engine ends, when it is told to, or when this process dies in
any way; so no wait here depends on what the engine's children do with its
pipes.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import select
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from plyground.arena.players.crash_detail import crash_detail, signal_meaning
from plyground.arena.players.protocol import QUIT
from plyground.core.errors import EngineError

__all__ = ["LINE_LIMIT", "EngineProcess", "LongLine"]

LINE_LIMIT = 1 << 16
"""The longest line read from an engine, in bytes (docs/protocol.md, "Line lengths")."""
_STDERR_LINES = 200
"""The last stderr lines kept: enough for the top of a long stack trace."""
_CLOSE_WAIT = 1.0
_END_WAIT = 6.0
_KEEPER = str(Path(__file__).with_name("engine_keeper.py"))


@dataclass(frozen=True)
class LongLine:
    """A line longer than :data:`LINE_LIMIT`: its start, and its length in bytes.

    The rest of it is read and dropped, so it never reads as lines of its own.
    """

    start: str
    size: int


class EngineProcess:
    """One running engine process: pipes, a stdout reader and a stderr drain.

    Lines from stdout arrive in :attr:`lines` (a :class:`LongLine` for one
    over the limit, ``None`` at end of file); the last stderr lines are kept
    for error messages. :attr:`pid` is the keeper's, whose exit status is
    the engine's.
    """

    def __init__(
        self,
        argv: Sequence[str],
        memory_mb: int | None,
        env: dict[str, str] | None,
        cwd: str | None,
        log: Callable[[str], None] | None,
    ) -> None:
        _check_program(argv, env, cwd)
        cap = 0 if memory_mb is None else memory_mb * 1024 * 1024
        watch, self._watch = os.pipe()
        try:
            self.popen = subprocess.Popen(
                [sys.executable, "-I", "-S", _KEEPER, str(watch), str(cap), *argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                pass_fds=(watch,),
                env=env,
                cwd=cwd,
            )
        except OSError as error:
            os.close(self._watch)
            raise EngineError(f"cannot start engine {shlex.join(argv)!r}: {error}") from None
        finally:
            os.close(watch)
        self.pid = self.popen.pid
        self.lines: queue.Queue[str | LongLine | None] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._stderr_lines = 0
        """Lines read from stderr so far (the tail keeps only the last few)."""
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
        for line in _lines_of(stream):
            self.lines.put(line)
        self.lines.put(None)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        for line in _lines_of(stream):
            text = line if isinstance(line, str) else f"{line.start}... ({line.size} bytes)"
            self.stderr_tail.append(text)
            self._stderr_lines += 1
            if self._log is not None:
                self._log(text)

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
        """What the engine's stderr says went wrong, for error messages ('' if nothing):
        the exception and the student's own top frame
        (:func:`~plyground.arena.players.crash_detail.crash_detail`), else its last line.

        Once the engine has exited, its stderr is read to the end first, so
        the hint is its last words, not a race.
        """
        if not self.alive():
            self._drain.join(timeout=1)
        else:
            self._let_stderr_catch_up()
        detail = crash_detail(list(self.stderr_tail))
        return f"; its stderr: {detail!r}" if detail else ""

    def _let_stderr_catch_up(self, bound: float = 0.25) -> None:
        """Wait (at most ``bound`` seconds) until stderr holds no unread bytes and no new
        line came in 10 ms: the two pipes are read by two threads, so a reply (``bestmove
        none``) can overtake the traceback the engine wrote before it. A pipe closed
        meanwhile (the engine being shut down) ends the wait."""
        stderr = self.popen.stderr
        assert stderr is not None
        deadline = time.monotonic() + bound
        seen = -1
        while time.monotonic() < deadline:
            try:
                pending = select.select([stderr.fileno()], [], [], 0)[0]
            except (ValueError, OSError):  # the pipe was closed meanwhile: nothing more comes
                return
            if not pending and self._stderr_lines == seen:
                return
            seen = self._stderr_lines
            time.sleep(0.01)

    def next_line(self, deadline: float, clock: Callable[[], float]) -> str | LongLine | None:
        """The engine's next line (None: its output ended); queue.Empty if none comes
        before ``deadline``, read on ``clock``."""
        wait = deadline - clock()
        if wait <= 0:
            raise queue.Empty
        return self.lines.get(timeout=wait)

    def ended_text(self) -> str:
        """How the process ended, once its output closed (it is given a second to exit)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=1)
        return self.exit_text()

    def exit_text(self) -> str:
        """How the process ended, for error messages."""
        code = self.popen.poll()
        if code is None:
            return "its output closed"
        if code < 0:
            with contextlib.suppress(ValueError):
                name = signal.Signals(-code).name
                meaning = signal_meaning(name)
                return f"it was killed by {name}" + (f" ({meaning})" if meaning else "")
        return f"it exited with status {code}"

    def kill(self, polite: bool) -> None:
        """End the engine and everything it started: ``quit`` first when ``polite``.

        Closing the watch pipe tells the keeper to kill the engine's tree;
        every wait is bounded, and none is on the engine's pipes, which a
        process out of reach (on a platform without subreapers) may hold.
        """
        if polite and self.alive():
            with contextlib.suppress(OSError, ValueError):
                self.send(QUIT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(_CLOSE_WAIT)
        with contextlib.suppress(OSError):
            os.close(self._watch)
        try:
            self.popen.wait(_END_WAIT)
        except subprocess.TimeoutExpired:  # a keeper that does not end: its group goes
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=1)
        if self.popen.stdin is not None:
            with contextlib.suppress(OSError):
                self.popen.stdin.close()
        self._reader.join(timeout=1)
        self._drain.join(timeout=1)


def _lines_of(stream: IO[bytes]) -> Iterator[str | LongLine]:
    """The lines of ``stream`` until its end, or until reading it fails (the engine is
    gone); the stream is closed after."""
    with stream, contextlib.suppress(OSError, ValueError):
        while (line := _read_line(stream)) is not None:
            yield line


def _read_line(stream: IO[bytes]) -> str | LongLine | None:
    """The next line without its end (None at end of file); a line over
    :data:`LINE_LIMIT` bytes is read to its end and given as a :class:`LongLine`."""
    raw = stream.readline(LINE_LIMIT)
    if not raw:
        return None
    if len(raw) < LINE_LIMIT or raw.endswith(b"\n"):
        return raw.decode("utf-8", "replace").rstrip("\r\n")
    size = len(raw)
    while True:
        more = stream.readline(LINE_LIMIT)
        size += len(more)
        if not more or more.endswith(b"\n"):
            break
    return LongLine(raw[:200].decode("utf-8", "replace"), size)


def _check_program(argv: Sequence[str], env: dict[str, str] | None, cwd: str | None) -> None:
    """Raise EngineError at once when the engine's program cannot be found."""
    program = argv[0]
    if os.sep in program:
        path = program if cwd is None else os.path.join(cwd, program)
        found = os.path.isfile(path) and os.access(path, os.X_OK)
    else:
        search = (os.environ if env is None else env).get("PATH", os.defpath)
        found = shutil.which(program, path=search) is not None
    if not found:
        here = os.sep not in program and os.path.isfile(os.path.join(cwd or ".", program))
        hint = f"; a program in this folder is named with its path: engine:./{program}"
        raise EngineError(
            f"cannot start engine {shlex.join(argv)!r}: no program {program!r} to run there"
            + (hint if here else "")
        )
