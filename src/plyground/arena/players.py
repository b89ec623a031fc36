"""Players: what the referee drives, one small interface for every kind.

A :class:`Player` is started once, told about each new game, asked for a
move in a state (:meth:`Player.think`) and closed. Three kinds exist:

* :class:`BotPlayer`: a bot in this process, run in a worker thread so a bot
  that hangs costs the referee its time limit plus a grace, never more;
* :class:`HumanPlayer`: a person, through a callable the front end supplies
  (it asks, and asks again on a bad cell, giving the reason);
* :class:`EnginePlayer`: any command line speaking docs/protocol.md, run as its
  own process (:mod:`plyground.arena.engine_process`). A Python bot "in a
  separate process" is simply
  ``python -m plyground engine BOTSPEC`` run as an engine
  (:func:`isolated_bot`), so there is one mechanism.

:meth:`Player.think` either returns a :class:`Reply` (a move, possibly not
legal: the referee checks) or raises :class:`RuleBreakError` saying what
went wrong (timeout, crash, garbage). Humans may raise :class:`UndoRequest`
or :class:`QuitRequest` instead.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from plyground.arena.engine_process import LINE_LIMIT, EngineProcess, LongLine
from plyground.arena.protocol import PROTOCOL_VERSION, parse_hello, parse_info
from plyground.arena.record import PlayerInfo, RuleBreakKind
from plyground.bots import Bot, bot_class, make_bot
from plyground.core.collection import collection_paused
from plyground.core.errors import (
    EngineError,
    ParseError,
    SettingsError,
    raised_at,
    user_traceback,
)
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import parse_spec

__all__ = [
    "ENGINE_PREFIX",
    "HUMAN",
    "AskMove",
    "BotPlayer",
    "EnginePlayer",
    "HumanPlayer",
    "InfoCallback",
    "Player",
    "QuitRequest",
    "Reply",
    "RuleBreakError",
    "UndoRequest",
    "isolated_bot",
    "make_player",
    "make_seeded_bot",
]

InfoCallback = Callable[[SearchInfo], None]
AskMove = Callable[[State], Move]
"""A front end's way to ask a person for a move: returns a legal move, or
raises :class:`UndoRequest` / :class:`QuitRequest`."""

HUMAN = "human"
ENGINE_PREFIX = "engine:"


@dataclass(frozen=True)
class Reply:
    """A player's answer: a move (``move``) or its text (``text``, from an engine).

    The referee checks it is legal. ``info`` is the last search report,
    ``elapsed`` the seconds from the request to the answer.
    """

    move: Move | None
    text: str
    elapsed: float
    info: SearchInfo | None = None


class RuleBreakError(Exception):
    """A player broke the rules on this move (no answer in time, crash, garbage)."""

    def __init__(self, kind: RuleBreakKind, detail: str, elapsed: float = 0.0) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.elapsed = elapsed


class UndoRequest(Exception):  # noqa: N818 - a request, not an error
    """A person asked to take back their last move (and the replies to it)."""


class QuitRequest(Exception):  # noqa: N818 - a request, not an error
    """A person asked to stop the game."""


class Player(ABC):
    """One seat's player, driven by the referee.

    Contract: :meth:`think` returns within ``limit.time + grace`` seconds
    (players that are timed) or raises :class:`RuleBreakError`; it never
    blocks forever. :meth:`close` ends everything the player started and
    may be called more than once.
    """

    timed: bool = True
    """False for people: the referee does not hold them to the clock."""

    @property
    @abstractmethod
    def info(self) -> PlayerInfo:
        """Who this is (name, kind, spec, version), for the record."""

    def start(self) -> None:  # noqa: B027 - optional hook
        """Get ready (start a process, handshake). Idempotent; raises EngineError."""

    def new_game(self, game: Game) -> None:  # noqa: B027 - optional hook
        """A new game of ``game`` begins."""

    @abstractmethod
    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        """The player's move in ``state`` (see the class contract)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """End whatever the player started (processes, threads)."""

    def diagnostics(self) -> str:
        """Recent hints about a bad answer (an engine's last stderr line), or ''."""
        return ""

    def __enter__(self) -> Player:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- a bot in this process ------------------------------------------------------


class _Job:
    """One request to the bot worker: its state and where its answers go."""

    def __init__(self, state: State, limit: Limit) -> None:
        self.state = state
        self.limit = limit
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()

    def report(self, info: SearchInfo) -> None:
        """The bot's ``on_info``: pass the report to the waiting referee."""
        self.events.put(("info", info))


class BotPlayer(Player):
    """A bot in this process, run in one daemon worker thread.

    The worker runs one request at a time; the referee waits for the answer
    with a deadline, passing on search reports as they come (on the
    referee's thread). Python's cyclic garbage collector is paused from a
    timed request until its answer is timed. A bot that overruns its deadline is abandoned for
    that move; a later request waits behind it and is also timed, so a
    hung bot costs each of its moves the limit plus the grace.
    """

    def __init__(self, bot: Bot, name: str | None = None) -> None:
        self.bot = bot
        self._info = PlayerInfo(name or bot.name, "bot", bot.spec, bot.VERSION)
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._broken = ""
        """Why this game's moves are crashes (the bot's ``new_game`` raised), or ''."""

    @property
    def info(self) -> PlayerInfo:
        return self._info

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._work, name=f"bot-{self.bot.name}", daemon=True
            )
            self._thread.start()

    def new_game(self, game: Game) -> None:
        self.bot.check_game(game)
        try:
            self.bot.new_game(game)
        except Exception as error:  # a bot's bug is the player's rule break
            self._broken = f"the bot's new_game raised {_described(error)}"
        else:
            self._broken = ""

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                decision = self.bot.choose(job.state, job.limit, job.report)
            except Exception as error:  # a bot's bug is the player's rule break
                job.events.put(("error", error))
            else:
                job.events.put(("done", decision))

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        if self._broken:
            raise RuleBreakError(RuleBreakKind.CRASH, self._broken)
        self.start()
        if limit.time is None:
            return self._think(state, limit, grace, on_info)
        # Paused until the answer is timed: a collection would otherwise fall on the first
        # allocation after the bot's search (the answer's hand-over). It runs after the move.
        with collection_paused():
            return self._think(state, limit, grace, on_info)

    def _think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        job = _Job(state, limit)
        begin = time.perf_counter()
        deadline = None if limit.time is None else begin + limit.time + grace
        self._jobs.put(job)
        last: SearchInfo | None = None
        while True:
            wait = None if deadline is None else deadline - time.perf_counter()
            try:
                if wait is not None and wait <= 0:
                    raise queue.Empty
                kind, value = job.events.get(timeout=wait)
            except queue.Empty:
                elapsed = time.perf_counter() - begin
                raise RuleBreakError(
                    RuleBreakKind.TIMEOUT,
                    f"no move after {elapsed:.2f} s (limit {limit.time:g} s)",
                    elapsed,
                ) from None
            if kind == "info":
                last = value
                on_info(value)
            elif kind == "error":
                raise RuleBreakError(
                    RuleBreakKind.CRASH,
                    f"the bot raised {_described(value)}",
                    time.perf_counter() - begin,
                )
            else:
                elapsed = time.perf_counter() - begin
                move = value.move
                try:
                    text = state.move_text(move)
                except (ValueError, TypeError, IndexError):
                    text = repr(move)
                return Reply(move, text, elapsed, value.info or last)

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None


def _described(error: BaseException) -> str:
    """``ValueError: no move (mybot.py, line 12, in choose)``: an error and where it was
    raised, then the frames of the bot's own code that led there (file, line, function,
    source line), never plyground's."""
    where = raised_at(error)
    lines = user_traceback(error)
    return (
        f"{type(error).__name__}: {error}"
        + (f" ({where})" if where else "")
        + (f"\n{lines}" if lines else "")
    )


# -- a person -------------------------------------------------------------------


class HumanPlayer(Player):
    """A person at a front end: ``ask(state)`` returns their (legal) move.

    The front end owns the dialogue: it asks, explains a bad cell and asks
    again; it raises :class:`UndoRequest` or :class:`QuitRequest` for those
    commands. People are not held to the clock.
    """

    timed = False

    def __init__(self, ask: AskMove, name: str = "you") -> None:
        self.ask = ask
        self._info = PlayerInfo(name, HUMAN, HUMAN, "")

    @property
    def info(self) -> PlayerInfo:
        return self._info

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        begin = time.perf_counter()
        move = self.ask(state)
        return Reply(move, state.move_text(move), time.perf_counter() - begin)


# -- an external engine ---------------------------------------------------------


class EnginePlayer(Player):
    """Any command speaking docs/protocol.md, as a player.

    The engine runs as an :class:`EngineProcess` (below a keeper, in its own
    session) with pipes for stdin and stdout; a reader thread queues its
    lines so every wait has a deadline. It gets ``startup`` seconds to
    answer ``hello``; the clock runs from ``go`` to ``bestmove``. An ``info``
    line over the line limit is skipped; any other is garbage. At a timeout,
    a crash or a garbage line the engine and every process it started are
    killed, and the engine is started again on its next turn (at most
    ``restarts`` times per game). ``memory_mb`` caps the
    engine's address space (``RLIMIT_AS``). Its stderr is drained (the last
    lines are quoted in rule-break details; ``log`` hears every line).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        startup: float = 60.0,
        restarts: int = 2,
        memory_mb: int | None = None,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
        log: Callable[[str], None] | None = None,
        identity: PlayerInfo | None = None,
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
            process.send(f"hello {PROTOCOL_VERSION}")
        deadline = time.monotonic() + self.startup
        while True:
            try:
                line = process.next_line(deadline, time.monotonic)
            except queue.Empty:
                raise EngineError(
                    f"engine {self.command!r} did not answer 'hello' within "
                    f"{self.startup:g} s{process.stderr_hint()}"
                ) from None
            if line is None:
                raise EngineError(
                    f"engine {self.command!r} stopped before answering 'hello': "
                    f"{process.ended_text()}{process.stderr_hint()}"
                )
            if isinstance(line, LongLine):
                raise EngineError(f"engine {self.command!r} answered 'hello' with {_long(line)}")
            if not line.strip():
                continue
            hello = parse_hello(line)
            if hello is None:
                raise EngineError(
                    f"engine {self.command!r} answered {_clip(line)!r} to 'hello'; "
                    f"expected 'hello {PROTOCOL_VERSION} name=...'"
                )
            if hello.version != PROTOCOL_VERSION:
                raise EngineError(
                    f"engine {self.command!r} speaks protocol {hello.version}, "
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
            process.send(f"newgame {game.spec}")

    def new_game(self, game: Game) -> None:
        self._game = game
        self._restarts_left = self.restarts
        if self._process is not None and self._process.alive():
            self._send_newgame(self._process, game)

    def _ensure_running(self) -> EngineProcess:
        if self._process is not None and self._process.alive():
            return self._process
        if self._starts > 0:
            if self._restarts_left <= 0:
                raise RuleBreakError(
                    RuleBreakKind.CRASH,
                    f"engine {self.command!r} is down and out of restarts for this game",
                )
            self._restarts_left -= 1
        try:
            self.start()
        except EngineError as error:
            raise RuleBreakError(RuleBreakKind.CRASH, str(error)) from None
        assert self._process is not None
        return self._process

    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        process = self._ensure_running()
        seconds = limit.time if limit.time is not None else 5.0
        begin = time.perf_counter()
        process.discard_pending()
        try:
            process.send(f"position {state.text()}")
            process.send(f"go {max(1, round(seconds * 1000))}")
        except OSError:
            self._fail(process, RuleBreakKind.CRASH, "it is gone before 'go'", begin)
        begin = time.perf_counter()
        deadline = begin + seconds + grace
        last: SearchInfo | None = None
        while True:
            try:
                line = process.next_line(deadline, time.perf_counter)
            except queue.Empty:
                self._fail(
                    process,
                    RuleBreakKind.TIMEOUT,
                    f"no bestmove within {seconds:g} s + {grace:g} s grace; killed",
                    begin,
                )
            if line is None:
                self._fail(process, RuleBreakKind.CRASH, f"died: {process.ended_text()}", begin)
            if isinstance(line, LongLine):
                if line.start.split()[:1] == ["info"]:
                    continue  # an over-long report is skipped, not a rule break
                self._fail(process, RuleBreakKind.GARBAGE, f"wrote {_long(line)}; killed", begin)
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                last = parse_info(line)
                on_info(last)
            elif words[0] == "bestmove" and len(words) == 2:
                return Reply(None, words[1], time.perf_counter() - begin, last)
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
        self, process: EngineProcess, kind: RuleBreakKind, what: str, begin: float
    ) -> NoReturn:
        elapsed = time.perf_counter() - begin
        hint = process.stderr_hint()
        self._stop(polite=False)
        raise RuleBreakError(kind, f"engine {self._info.name!r} {what}{hint}", elapsed)

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


# -- making players from text ---------------------------------------------------


def make_seeded_bot(spec: str, seed: int | None) -> Bot:
    """``make_bot(spec)``; ``seed`` goes to a bot with a seed setting the spec left unset."""
    if seed is not None:
        name, given = parse_spec(spec)
        if "seed" not in given and any(s.name == "seed" for s in bot_class(name).SETTINGS):
            return make_bot(spec, seed=seed)
    return make_bot(spec)


def isolated_bot(spec: str, seed: int | None = None, **options: Any) -> EnginePlayer:
    """A registered bot in its own process: ``python -m plyground engine SPEC``.

    The bot is made here first, so a bad spec fails at once (SettingsError,
    UnknownNameError); the child imports this same plyground. ``seed`` is
    given to a bot with a seed setting that ``spec`` leaves unset.
    """
    bot = make_seeded_bot(spec, seed)
    package_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ if options.get("env") is None else options["env"])
    paths = [package_root, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    options["env"] = env
    argv = [sys.executable, "-m", "plyground", "engine", bot.spec]
    identity = PlayerInfo(bot.name, "bot", bot.spec, bot.VERSION)
    return EnginePlayer(argv, identity=identity, **options)


def make_player(
    spec: str,
    *,
    ask: AskMove | None = None,
    isolate: bool = False,
    startup: float = 60.0,
    memory_mb: int | None = None,
    log: Callable[[str], None] | None = None,
    seed: int | None = None,
    cwd: str | None = None,
) -> Player:
    """A player from its text: ``human``, a bot spec (``alphabeta:time=2``) or
    ``engine:COMMAND`` (``engine:./mybot --fast``).

    ``isolate`` runs a bot in its own process; ``seed`` goes to a bot with a
    seed setting that its spec leaves unset; ``cwd`` is the folder an engine
    runs in. Raises ParseError,
    UnknownNameError or SettingsError naming the problem.
    """
    text = spec.strip()
    if text == HUMAN:
        if ask is None:
            raise SettingsError("a human player needs a front end to ask for moves")
        return HumanPlayer(ask)
    if text.startswith(ENGINE_PREFIX):
        command = text[len(ENGINE_PREFIX) :].strip()
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise ParseError(f"bad engine command {command!r}: {error}") from None
        if not argv:
            raise ParseError(f"{spec!r} names no command: write engine:'COMMAND ARGS'")
        return EnginePlayer(argv, startup=startup, memory_mb=memory_mb, log=log, cwd=cwd)
    if isolate:
        return isolated_bot(text, seed, startup=startup, memory_mb=memory_mb, log=log)
    return BotPlayer(make_seeded_bot(text, seed))
