"""An external engine as a player: any command speaking docs/protocol.md, in its own process.

The process itself (pipes, the reader thread, the keeper that kills its
whole tree) is :class:`~plyground.arena.players.engine_process.EngineProcess`; this
module speaks the protocol over it and turns every misbehaviour into a
:class:`~plyground.arena.players.player.RuleBreakError` or an
:class:`~plyground.core.errors.EngineError` that names it.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from plyground.arena.players.engine_process import LINE_LIMIT, EngineProcess, LongLine
from plyground.arena.players.player import InfoCallback, Player, Reply, RuleBreakError
from plyground.arena.players.protocol import (
    BESTMOVE,
    CRASH,
    HELLO,
    INFO,
    PROTOCOL_VERSION,
    format_go,
    format_newgame,
    format_position,
    parse_hello,
    parse_info,
)
from plyground.arena.records.record import PlayerInfo, RuleBreakKind
from plyground.core.errors import EngineError, SettingsError
from plyground.core.game import Game, State
from plyground.core.limits import MOVE_SECONDS, Limit, SearchInfo

__all__ = ["ENGINE_PREFIX", "EnginePlayer"]

STARTUP_SECONDS = 60.0
"""Seconds an engine may take to start and answer ``hello`` unless told."""
ENGINE_PREFIX = "engine:"
"""A player spec that starts with this names an engine's command line."""


class EnginePlayer(Player):
    """Any command speaking docs/protocol.md, as a player.

    The engine runs as an :class:`EngineProcess` (below a keeper, in its own
    session) with pipes for stdin and stdout; a reader thread queues its
    lines so every wait has a deadline. It gets ``startup`` seconds to
    answer ``hello``; the clock runs from ``go`` to ``bestmove``. An ``info``
    line over the line limit is skipped; any other is garbage. At a timeout,
    a crash or a garbage line the engine and every process it started are
    killed, and the engine is started again on its next turn (at most
    ``restarts`` times per game; after that each of its moves is a rule break of
    the kind that brought it down). ``name`` is what its rule breaks call it
    and its start-up errors (a tournament's player name; default: its ``hello`` name, and
    its command in start-up errors). ``memory_mb`` caps the
    engine's address space (``RLIMIT_AS``). Its stderr is drained (the last
    lines are quoted in rule-break details; ``log`` hears every line).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        startup: float = STARTUP_SECONDS,
        restarts: int = 2,
        memory_mb: int | None = None,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        log: Callable[[str], None] | None = None,
        identity: PlayerInfo | None = None,
        name: str | None = None,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise SettingsError("an engine needs a command line, got an empty one")
        if startup <= 0:
            raise SettingsError(f"engine start-up time must be positive, got {startup!r}")
        self.argv = argv
        self.command = shlex.join(argv)
        self.startup = startup
        self.restarts = restarts
        self.memory_mb = memory_mb
        self.env = env
        self.cwd = cwd
        self.log = log
        self._identity = identity
        self._info = identity or PlayerInfo(Path(argv[0]).name, "engine", self.spec_text, "")
        self._process: EngineProcess | None = None
        self._game: Game | None = None
        self._restarts_left = restarts
        self._down: RuleBreakKind = RuleBreakKind.CRASH
        """The kind of the rule break that last brought the engine down."""
        self._name = name
        self._starts = 0
        self.pids: list[int] = []
        """Every process id this player started (for checks that none is left behind)."""

    @property
    def spec_text(self) -> str:
        """``engine:<command>``: the text that makes this player again."""
        return ENGINE_PREFIX + self.command

    @property
    def info(self) -> PlayerInfo:
        return self._info

    @property
    def pid(self) -> int | None:
        """The running engine's process id (None when none runs)."""
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Start the engine and wait for its ``hello`` (EngineError if it fails)."""
        if self._process is not None and self._process.alive():
            return
        self._stop(polite=False)
        process = EngineProcess(self.argv, self.memory_mb, self.env, self.cwd, self.log)
        self._process = process
        self._starts += 1
        self.pids.append(process.pid)
        try:
            self._handshake(process)
        except EngineError:
            self._stop(polite=False)
            raise

    def _handshake(self, process: EngineProcess) -> None:
        with contextlib.suppress(OSError):  # if it died at once, reading tells why
            process.send(f"{HELLO} {PROTOCOL_VERSION}")
        deadline = time.monotonic() + self.startup
        while True:
            try:
                line = process.next_line(deadline, time.monotonic)
            except queue.Empty:
                raise EngineError(
                    f"engine {self._called!r} did not answer 'hello' within "
                    f"{self.startup:g} s{process.stderr_hint()}"
                ) from None
            if line is None:
                raise EngineError(
                    f"engine {self._called!r} stopped before answering 'hello': "
                    f"{process.ended_text()}{process.stderr_hint()}"
                )
            if isinstance(line, LongLine):
                raise EngineError(f"engine {self._called!r} answered 'hello' with {_long(line)}")
            if not line.strip():
                continue
            hello = parse_hello(line)
            if hello is None:
                raise EngineError(
                    f"engine {self._called!r} answered {_clip(line)!r} to 'hello'; "
                    f"expected 'hello {PROTOCOL_VERSION} name=...'"
                )
            if hello.version != PROTOCOL_VERSION:
                raise EngineError(
                    f"engine {self._called!r} speaks protocol {hello.version}, "
                    f"this referee speaks {PROTOCOL_VERSION}"
                )
            if self._identity is None:
                self._info = PlayerInfo(
                    hello.name or self._info.name,
                    "engine",
                    self.spec_text,
                    hello.fields.get("version", ""),
                )
            if self._game is not None:
                self._send_newgame(process, self._game)
            return

    @staticmethod
    def _send_newgame(process: EngineProcess, game: Game) -> None:
        with contextlib.suppress(OSError):
            process.send(format_newgame(game.spec))

    @property
    def _called(self) -> str:
        """The engine in start-up errors: the name it was given, else its command."""
        return self._name or self.command

    @property
    def label(self) -> str:
        """The engine's name in its rule breaks: the player's name, or its ``hello`` name."""
        return self._name or self._info.name

    def new_game(self, game: Game) -> None:
        self._game = game
        self._restarts_left = self.restarts
        self._down = RuleBreakKind.CRASH
        if self._process is not None and self._process.alive():
            self._send_newgame(self._process, game)

    def _ensure_running(self) -> EngineProcess:
        if self._process is not None and self._process.alive():
            return self._process
        if self._starts > 0:
            if self._restarts_left <= 0:
                raise RuleBreakError(
                    self._down,
                    f"engine {self.label!r} is down after a {self._down.value} and out of "
                    "restarts for this game",
                )
            self._restarts_left -= 1
        try:
            self.start()
        except EngineError as error:
            self._down = RuleBreakKind.CRASH
            raise RuleBreakError(RuleBreakKind.CRASH, str(error)) from None
        assert self._process is not None
        return self._process

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        process = self._ensure_running()
        seconds = limit.time if limit.time is not None else MOVE_SECONDS
        begin = time.perf_counter()
        process.discard_pending()
        try:
            process.send(format_position(state.text()))
            process.send(format_go(seconds))
        except OSError:
            self._fail(process, RuleBreakKind.CRASH, "it is gone before 'go'", begin)
        begin = time.perf_counter()
        deadline = begin + seconds + grace
        last: SearchInfo | None = None
        crashed: list[str] = []  # the engine's own account of its failure (crash lines)
        while True:
            try:
                line = process.next_line(deadline, time.perf_counter)
            except queue.Empty:  # after crash lines: the crash they tell, not a timeout
                self._fail(
                    process,
                    RuleBreakKind.TIMEOUT,
                    f"no bestmove within {seconds:g} s + {grace:g} s grace; killed",
                    begin,
                    said=crashed,
                )
            if line is None:
                self._fail(process, RuleBreakKind.CRASH, f"died: {process.ended_text()}", begin)
            if isinstance(line, LongLine):
                if line.start.split()[:1] == [INFO]:
                    continue  # an over-long report is skipped, not a rule break
                self._fail(process, RuleBreakKind.GARBAGE, f"wrote {_long(line)}; killed", begin)
            words = line.split()
            if not words:
                continue
            if words[0] == INFO:
                last = parse_info(line)
                on_info(last)
            elif words[0] == CRASH:
                crashed.append(line.lstrip()[len(CRASH) + 1 :].rstrip())  # indents kept
            elif words[0] == BESTMOVE and len(words) == 2:
                elapsed = time.perf_counter() - begin
                if crashed:  # its code failed: a crash in its own words; it keeps running
                    raise RuleBreakError(RuleBreakKind.CRASH, "\n".join(crashed), elapsed)
                return Reply(None, words[1], elapsed, last)
            else:
                self._fail(
                    process,
                    RuleBreakKind.GARBAGE,
                    f"wrote {_clip(line)!r} where 'bestmove <move>' was due; killed",
                    begin,
                )

    def diagnostics(self) -> str:
        return "" if self._process is None else self._process.stderr_hint()

    def _fail(
        self,
        process: EngineProcess,
        kind: RuleBreakKind,
        what: str,
        begin: float,
        *,
        said: Sequence[str] = (),
    ) -> NoReturn:
        """Kill the engine and raise the rule break: ``what`` it did, with its stderr's
        hint; or, when it ``said`` it crashed (its ``crash`` lines), that crash."""
        elapsed = time.perf_counter() - begin
        detail = f"engine {self.label!r} {what}{process.stderr_hint()}"
        if said:
            kind, detail = RuleBreakKind.CRASH, "\n".join(said)
        self._stop(polite=False)
        self._down = kind
        raise RuleBreakError(kind, detail, elapsed)

    def _stop(self, polite: bool) -> None:
        if self._process is not None:
            self._process.kill(polite)
            self._process = None

    def close(self) -> None:
        self._stop(polite=True)


def _clip(line: str, width: int = 80) -> str:
    return line if len(line) <= width else line[: width - 3] + "..."


def _long(line: LongLine) -> str:
    """How an over-long line is named in errors: its length and its start."""
    return (
        f"a line of {line.size} bytes, over the {LINE_LIMIT // 1024} KiB limit, "
        f"starting {_clip(line.start)!r}"
    )
