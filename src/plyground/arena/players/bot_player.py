"""A bot in the referee's process, as a player: run in a worker thread, held to the clock.

The worker asks the bot for each move through :func:`~plyground.arena.players.bot_run.run_bot`
(the one way a bot is run under a clock); this module keeps the referee's side: the
deadline, the abandoned worker of an overrun move, the reports passed on as they come."""

from __future__ import annotations

import contextlib
import ctypes
import queue
import threading
import time
from typing import Any

from plyground.arena.players.bot_run import described_error, run_bot
from plyground.arena.players.player import InfoCallback, Player, Reply, RuleBreakError
from plyground.arena.records.record import PlayerInfo, RuleBreakKind
from plyground.bots import Bot
from plyground.core.collection import collection_paused
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo

__all__ = ["BotPlayer"]


class _Job:
    """One request to the bot worker: its state and where its answers go."""

    def __init__(self, state: State, limit: Limit) -> None:
        self.state = state
        self.limit = limit
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()

    def report(self, info: SearchInfo) -> None:
        """The bot's ``on_info``: pass the report to the waiting referee."""
        self.events.put(("info", info))


class _Stopped(BaseException):
    """Raised inside an abandoned worker thread to end the bot's overrunning ``choose``."""


class BotPlayer(Player):
    """A bot in this process, run in a daemon worker thread.

    The worker runs one request at a time; the referee waits for the answer
    with a deadline, passing on search reports as they come (on the
    referee's thread). Python's cyclic garbage collector is paused from a
    timed request until its answer is timed. A bot that overruns its
    deadline is abandoned for that move: its worker is told to stop (an
    exception raised in it at its next Python instruction; a call into C,
    such as a sleep or a compiled kernel, ends first) and the next move
    starts on a fresh worker, so one slow move is one timeout. Anything
    ``choose`` raises, ``SystemExit`` included, is a crash with its message.
    A bot that must be killable whatever it runs plays in its own process
    (``isolate``, :func:`~plyground.arena.players.make.isolated_bot`).
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
            self._jobs = queue.Queue()
            self._thread = threading.Thread(
                target=self._work, args=(self._jobs,), name=f"bot-{self.bot.name}", daemon=True
            )
            self._thread.start()

    def new_game(self, game: Game) -> None:
        self.bot.check_game(game)
        try:
            self.bot.new_game(game)
        except Exception as error:  # a bot's bug is the player's rule break
            self._broken = f"the bot's new_game raised {described_error(error)}"
        else:
            self._broken = ""

    def _work(self, jobs: queue.Queue[_Job | None]) -> None:
        """The worker thread: requests until ``None``. An abandoned worker ends quietly
        wherever the stop reaches it (in the bot, or handing over or waiting after it)."""
        with contextlib.suppress(_Stopped):
            self._serve(jobs)

    def _serve(self, jobs: queue.Queue[_Job | None]) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            try:
                reply = run_bot(self.bot, job.state, job.limit, job.report)
            except _Stopped:
                return
            except RuleBreakError as rule_break:
                job.events.put(("break", rule_break))
            except BaseException as error:  # what run_bot lets pass is the bot's crash here
                job.events.put(("error", error))
            else:
                job.events.put(("done", reply))

    def _abandon_worker(self) -> None:
        """Give up the worker busy with an overrun move: tell it to stop, start afresh."""
        thread, self._thread = self._thread, None
        if thread is not None and thread.ident is not None:
            self._jobs.put(None)  # it ends after its move if the stop does not reach it
            with contextlib.suppress(ValueError, TypeError):
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(thread.ident), ctypes.py_object(_Stopped)
                )

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
                self._abandon_worker()
                raise RuleBreakError(
                    RuleBreakKind.TIMEOUT,
                    f"no move after {elapsed:.2f} s (limit {limit.time:g} s)",
                    elapsed,
                ) from None
            elapsed = time.perf_counter() - begin  # the referee's clock, from the request
            if kind == "info":
                last = value
                on_info(value)
            elif kind == "break":
                raise RuleBreakError(value.kind, value.detail, elapsed)
            elif kind == "error":
                raise RuleBreakError(
                    RuleBreakKind.CRASH, f"the bot raised {described_error(value)}", elapsed
                )
            else:
                return Reply(value.move, value.text, elapsed, value.info or last)

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None
