"""Bots think in a pool of worker processes, never on the server's event loop.

:meth:`BotPool.think` sends a :class:`ThinkJob` (texts only: the bot's spec,
the game's spec, the position) to a worker process and awaits its
:class:`ThinkAnswer`. While the bot searches, each :class:`SearchInfo` it
reports travels back through one multiprocessing queue shared by the pool;
a reader thread hands it to the event loop, which calls the job's
``on_info``. A worker keeps a few bots alive between moves so a bot's
transposition table carries over from one move to the next.

Every job belongs to a client (the remote address that asked for it, or
that started the game whose bot thinks): a
:class:`~plyground.web.scheduling.FairScheduler` hands the workers to the
clients in turn, so one client's jobs cannot keep another's from the pool.
An abandoned job (nobody awaits it any more) stops at its next report, an
analysis before its next position; its worker counts as its client's
until it really is free.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import queue
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from plyground.arena.analysis.analysers import GameAnalyser, make_analyser
from plyground.arena.players.bot_run import described_error, run_bot
from plyground.arena.players.player import RuleBreakError
from plyground.arena.records.record import GameRecord, RuleBreakKind
from plyground.bots import Bot, make_bot
from plyground.core.errors import PlygroundError
from plyground.core.limits import Limit, SearchInfo
from plyground.games import load_game
from plyground.games.warmups import warm_all
from plyground.web.scheduling import FairScheduler
from plyground.web.views import view_for

__all__ = ["AnalysisJob", "BotPool", "ThinkAnswer", "ThinkJob", "ToolJob"]

WORKER_NICENESS = 10
"""How much lower than the server the workers run: a search never delays a request."""
_BOTS_KEPT = 8
"""Bots a worker keeps between moves (most recently used first)."""
_ABANDONED_KEPT = 64
"""Abandoned job numbers the workers can see (the most recent; a job is abandoned once)."""
log = logging.getLogger("plyground.web")

_READ_POLL = 0.2
"""Seconds the info reader waits for a report before looking whether the pool is closing."""


class _AbandonedError(BaseException):
    """Raised in a worker, from a bot's report, when nobody awaits the job any more (not an
    ``Exception``: it passes through :func:`~plyground.arena.players.bot_run.run_bot`)."""


@dataclass(frozen=True)
class ThinkJob:
    """One move to choose: who thinks, in which game and position, for how long."""

    job: int
    bot: str
    game: str
    position: str
    seconds: float


@dataclass(frozen=True)
class ToolJob:
    """A puzzle tool to run: the game, its start and current positions, the tool, its options."""

    job: int
    game: str
    start: str
    position: str
    tool: str
    options: dict[str, Any]
    seconds: float


@dataclass(frozen=True)
class AnalysisJob:
    """An analysis to run: one position's move values, or a whole game's (a record as a dict).

    ``seconds`` is the budget per position, ``blunder`` the loss from which a move is a
    blunder, None for the game's analyser's own
    (:class:`~plyground.arena.analysis.analysers.GameAnalyser`).
    """

    job: int
    game: str
    seconds: float
    blunder: float | None
    position: str | None = None
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class ThinkAnswer:
    """A worker's answer: the move text and the last search info, or the error raised
    (``illegal`` when the error is a move of the wrong type, else a crash)."""

    move: str | None
    info: dict[str, Any] | None
    elapsed: float
    error: str | None = None
    illegal: bool = False


@dataclass(frozen=True)
class _Listener:
    """Where a job's reports go: its event loop, its info callback, its start signal."""

    loop: asyncio.AbstractEventLoop
    on_info: Callable[[SearchInfo], None]
    started: asyncio.Event


class _WorkerState:
    """What one worker process keeps: the info queue, the jobs abandoned (shared with the
    pool), its recently used bots and its analysers."""

    def __init__(self, queue: Any, abandoned: Any) -> None:
        self.queue = queue
        self.abandoned = abandoned
        self.bots: OrderedDict[tuple[str, str], Bot] = OrderedDict()
        self.analysers: dict[tuple[str, float, float | None], GameAnalyser] = {}

    def analyser(self, game: str, seconds: float, blunder: float | None) -> GameAnalyser:
        """The analyser of game ``game`` for ``seconds`` per position and ``blunder`` (kept:
        its tables serve the next position too)."""
        key = (game, seconds, blunder)
        if key not in self.analysers:
            # one at a time: tables are large
            self.analysers = {key: make_analyser(game, seconds=seconds, blunder=blunder)}
        return self.analysers[key]

    def bot(self, spec: str, game: str) -> Bot:
        key = (spec, game)
        bot = self.bots.pop(key, None)
        if bot is None:
            bot = make_bot(spec)
            bot.new_game(load_game(game))
        self.bots[key] = bot
        while len(self.bots) > _BOTS_KEPT:
            self.bots.popitem(last=False)
        return bot

    def check_abandoned(self, job: int) -> None:
        """Raise :class:`_AbandonedError` if nobody awaits ``job`` any more."""
        if job in self.abandoned[:]:
            raise _AbandonedError


_worker: _WorkerState | None = None  # set once in each worker process by _start_worker


def _start_worker(queue: Any, abandoned: Any) -> None:
    global _worker  # noqa: PLW0603 - one state per worker process, set as it starts
    _worker = _WorkerState(queue, abandoned)
    warm_all()  # compile or load the games' kernels before the first game, not during it
    with contextlib.suppress(OSError):  # searches yield the CPU to the server's requests
        os.nice(WORKER_NICENESS)


def _warm_up(seconds: float) -> int:
    """Keep a worker busy briefly so the pool starts all its processes at once."""
    time.sleep(seconds)
    return 0


def _think(job: ThinkJob) -> ThinkAnswer:
    """Run in a worker: choose a move, streaming search infos to the pool's queue."""
    assert _worker is not None, "the worker was not started by BotPool"
    worker = _worker
    start = time.perf_counter()
    try:
        game = load_game(job.game)
        state = game.parse_state(job.position)
        bot = worker.bot(job.bot, job.game)  # a new bot loads its kernels before the clock
        start = time.perf_counter()
        worker.queue.put((job.job, None))  # the clock starts now, not while the job was queued

        def report(info: SearchInfo) -> None:
            # A search stops at its next report once abandoned (a game ended, taken back or
            # left unwatched), freeing the worker for other games' bots.
            worker.check_abandoned(job.job)
            worker.queue.put((job.job, info.to_dict()))

        try:
            reply = run_bot(bot, state, Limit(time=job.seconds), report)
        except _AbandonedError:
            worker.bots.pop((job.bot, job.game), None)  # its tables may be half updated
            return ThinkAnswer(None, None, time.perf_counter() - start, error="abandoned")
        except RuleBreakError as rule_break:
            illegal = rule_break.kind is RuleBreakKind.ILLEGAL
            elapsed = time.perf_counter() - start
            return ThinkAnswer(None, None, elapsed, rule_break.detail, illegal=illegal)
        return ThinkAnswer(
            move=reply.text,
            info=None if reply.info is None else reply.info.to_dict(),
            elapsed=time.perf_counter() - start,
        )
    except (Exception, SystemExit) as error:  # a crashing bot is a rule break for the referee
        detail = f"the bot raised {described_error(error)}"
        return ThinkAnswer(None, None, time.perf_counter() - start, error=detail)


def _described(error: BaseException) -> str:
    """An error as one line: its type and message."""
    return "".join(traceback.format_exception_only(error)).strip()


def _unexpected(error: Exception, what: str) -> dict[str, Any]:
    """A worker's unexpected error (a fault of the server's, not of the request): its
    traceback goes to the server's log, the client gets a sentence."""
    log.error("%s failed:\n%s", what, "".join(traceback.format_exception(error)).rstrip())
    return {"error": f"it failed on this position, a fault of the server's ({_described(error)})"}


def _run_tool(job: ToolJob) -> dict[str, Any]:
    """Run in a worker: the game's view runs the tool; its result, or the error it raised."""
    assert _worker is not None, "the worker was not started by BotPool"
    try:
        game = load_game(job.game)
        view = view_for(game.name)
        view.prepare_tool(job.tool, game, job.seconds, job.options)  # loaded before the clock
        _worker.queue.put((job.job, None))  # the clock starts now, not while the job was queued
        start, state = game.parse_state(job.start), game.parse_state(job.position)
        result = view.run_tool(job.tool, start, state, job.options, job.seconds)
        return {"result": result.to_dict()}
    except PlygroundError as error:
        return {"error": str(error)}
    except Exception as error:  # a fault in the tool: a sentence, not a dead request
        return _unexpected(error, f"the {job.tool} tool")


def _analyse(job: AnalysisJob) -> dict[str, Any]:
    """Run in a worker: ``{"result": ...}`` (the position's values, or the game's analysis
    with ``"positions"``: each position's values), or ``{"error": message}``."""
    assert _worker is not None, "the worker was not started by BotPool"
    worker = _worker
    analyser: GameAnalyser | None = None
    try:
        game = load_game(job.game)
        analyser = worker.analyser(game.name, job.seconds, job.blunder)
        analyser.check = lambda: worker.check_abandoned(job.job)
        analyser.warm_up(game)  # kernels loaded and tables made before the clock starts
        _worker.queue.put((job.job, None))  # the clock starts now, not while the job was queued
        if job.record is not None:
            analysis, positions = analyser.game_json(GameRecord.from_dict(job.record))
            return {"result": analysis, "positions": positions}
        assert job.position is not None
        return {"result": analyser.position_json(game.parse_state(job.position))}
    except _AbandonedError:
        return {"error": "abandoned"}
    except PlygroundError as error:
        return {"error": str(error)}
    except Exception as error:  # a fault in the analysis: a sentence, not a dead request
        return _unexpected(error, "the analysis")
    finally:
        if analyser is not None:
            analyser.check = lambda: None


def _retrieve(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class BotPool:
    """A process pool for bots, with live search infos delivered on the event loop."""

    def __init__(self, workers: int, client_workers: int | None = None) -> None:
        """``workers`` processes; one client's jobs hold at most ``client_workers`` of them
        at once (default: all)."""
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.workers = workers
        self._queue: Any = context.Queue()
        self._abandoned: Any = context.Array("q", _ABANDONED_KEPT)
        self._abandoned_count = 0
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self._queue, self._abandoned),
        )
        self._listeners: dict[int, _Listener] = {}
        self._ids = itertools.count(1)
        self._busy = 0
        self.scheduler = FairScheduler(workers, client_workers or workers)
        """Who takes the next free worker."""
        self._closing = threading.Event()
        self._reader = threading.Thread(target=self._read_infos, name="bot-infos", daemon=True)
        self._reader.start()

    @property
    def busy(self) -> int:
        """Jobs submitted and not yet answered."""
        return self._busy

    def new_job_id(self) -> int:
        """A fresh job number (to tag the job's search infos)."""
        return next(self._ids)

    async def warm_up(self) -> None:
        """Start every worker process now rather than on the first move."""
        loop = asyncio.get_running_loop()
        calls = [loop.run_in_executor(self._executor, _warm_up, 0.3) for _ in range(self.workers)]
        await asyncio.gather(*calls)

    async def think(
        self,
        job: ThinkJob,
        on_info: Callable[[SearchInfo], None],
        grace: float,
        on_start: Callable[[], None] = lambda: None,
        *,
        client: str = "",
    ) -> ThinkAnswer:
        """Choose a move in a worker for ``client``'s game; ``on_info`` runs on this event
        loop for each report, ``on_start`` once a worker takes the job (until then it waits
        for a free worker, in ``client``'s turn).

        Raises TimeoutError when no answer comes within ``job.seconds + grace``
        of the moment a worker took the job (time spent queued behind other
        games' bots does not count). Cancelling the awaiting task, or a
        timeout, abandons the job: its answer and later infos are dropped
        (the worker finishes the search by the bot's own clock).
        """
        answer: ThinkAnswer = await self._run(
            job.job,
            _think,
            job,
            on_info,
            job.seconds + grace,
            on_start=on_start,
            client=client,
            urgent=True,  # a game's move goes before its client's analyses
        )
        return answer

    async def run_tool(self, job: ToolJob, grace: float, *, client: str = "") -> dict[str, Any]:
        """Run a puzzle tool in a worker for ``client``: ``{"result": ...}`` or
        ``{"error": message}``.

        Raises TimeoutError when no answer comes within ``job.seconds + grace``
        of the moment a worker took the job (the tool's own clock stops a
        search at ``job.seconds``).
        """
        answer: dict[str, Any] = await self._run(
            job.job, _run_tool, job, lambda info: None, job.seconds + grace, client=client
        )
        return answer

    async def analyse(
        self, job: AnalysisJob, timeout: float, *, client: str = ""
    ) -> dict[str, Any]:
        """Run an analysis in a worker for ``client``: ``{"result": ...}`` or
        ``{"error": message}``.

        Raises TimeoutError when no answer comes within ``timeout`` of the
        moment a worker took the job.
        """
        answer: dict[str, Any] = await self._run(
            job.job, _analyse, job, lambda info: None, timeout, client=client
        )
        return answer

    async def _run(
        self,
        job_id: int,
        function: Callable[[Any], Any],
        job: Any,
        on_info: Callable[[SearchInfo], None],
        timeout: float,
        *,
        on_start: Callable[[], None] = lambda: None,
        client: str = "",
        urgent: bool = False,
    ) -> Any:
        """Run ``function(job)`` in a worker once ``client``'s turn comes (an ``urgent`` job
        before the client's others); the timeout counts from the worker's start signal."""
        loop = asyncio.get_running_loop()
        self._busy += 1
        try:
            await self.scheduler.acquire(client, urgent)
        except BaseException:
            self._busy -= 1
            raise
        listener = _Listener(loop, on_info, asyncio.Event())
        self._listeners[job_id] = listener
        answer = loop.run_in_executor(self._executor, function, job)
        answer.add_done_callback(_retrieve)  # an abandoned job's outcome is not an error
        answer.add_done_callback(lambda _: self.scheduler.release(client))  # worker free
        started = asyncio.ensure_future(listener.started.wait())
        first: set[asyncio.Future[Any]] = {answer, started}
        try:
            await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
            on_start()
            return await asyncio.wait_for(asyncio.shield(answer), timeout)
        finally:
            if not answer.done():  # cancelled or timed out: let the worker stop searching
                self._abandon(job_id)
            started.cancel()
            self._busy -= 1
            self._listeners.pop(job_id, None)

    def _abandon(self, job_id: int) -> None:
        """Tell the workers that nobody awaits ``job_id``: its search stops at its next report
        (a job still queued runs until its first report)."""
        self._abandoned[self._abandoned_count % _ABANDONED_KEPT] = job_id
        self._abandoned_count += 1

    def _read_infos(self) -> None:
        while not self._closing.is_set():
            try:
                job, data = self._queue.get(timeout=_READ_POLL)
            except queue.Empty:
                continue
            listener = self._listeners.get(job)
            if listener is None:
                continue
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                if data is None:
                    listener.loop.call_soon_threadsafe(listener.started.set)
                else:
                    info = SearchInfo.from_dict(data)
                    listener.loop.call_soon_threadsafe(listener.on_info, info)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned) and the reader thread."""
        processes = list((getattr(self._executor, "_processes", None) or {}).values())
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a bot still searching would keep its worker busy
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
        # No "stop" item through the queue: a worker terminated while writing to it may
        # have left its write lock taken, and a put from here would then wait forever.
        self._closing.set()
        self._reader.join(timeout=5)
        self._queue.cancel_join_thread()
        self._queue.close()
