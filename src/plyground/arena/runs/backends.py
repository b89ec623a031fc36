"""Where tournament games (and other long tasks) run: a local process pool, or a Ray cluster.

A backend takes :class:`~plyground.arena.runs.jobs.GameJob` s and yields
``(job, record)`` as games finish, in whatever order they finish
(:meth:`Backend.run`); underneath, it runs any :class:`~plyground.arena.runs.jobs.Task`
(a picklable object whose ``perform()`` returns a picklable result) and
yields ``(task, result)`` (:meth:`Backend.results`): the exact solver's
subproblems run on the same workers. Each job
fully determines its game (players, opening, seeds), so the same jobs give
the same records on either backend whenever the players themselves are
deterministic. Records travel back as plain dicts; the driver (the process
that runs the tournament) alone writes to the database.

**The local pool** (:class:`ProcessPool`) runs ``concurrency`` worker
processes (fresh Python interpreters: nothing of the driver is inherited or
re-imported), each performing one task at a time and talking to the driver
over its own socket. Its lifetime is tied to the driver's:

* a worker ignores Ctrl-C (the driver decides what happens) and turns
  SIGTERM into a normal exit, so the players of the game it was playing are
  closed (an engine's whole process group is killed);
* on Linux a worker asks the kernel for SIGTERM when the driver dies, and in
  any case notices the driver gone (its pipe closes or its parent changes),
  so a ``kill -9`` of the driver leaves no worker behind; and each engine's
  keeper (:mod:`plyground.arena.players.engine_keeper`) kills the engine's tree when
  the worker is gone, however it ended, so none is left either.

**Ray** (:class:`RayBackend`) submits each task (a game) as a Ray task of one
CPU to a local Ray instance or, with ``address``, to a running cluster,
keeping at most ``concurrency`` in flight.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, TypeVar, cast

from plyground.arena.records.record import GameRecord
from plyground.arena.runs.backend_names import BACKENDS
from plyground.arena.runs.jobs import GameJob, Task
from plyground.arena.runs.ray_errors import ray_start_error
from plyground.core.errors import PlygroundError, SettingsError

__all__ = [
    "BACKENDS",
    "Backend",
    "BackendError",
    "ProcessPool",
    "RayBackend",
    "die_with_parent",
    "make_backend",
]

_PARENT_POLL = 0.5

T = TypeVar("T", bound=Task)


class BackendError(PlygroundError):
    """A worker failed in a way that is not a player's rule break (a bug, a lost node)."""


class Backend(ABC):
    """Performs tasks and yields ``(task, result)`` as they finish; :meth:`close` ends it."""

    concurrency: int = 1
    """How many tasks run at once."""

    @abstractmethod
    def results(self, tasks: Iterable[T]) -> Iterator[tuple[T, Any]]:
        """Perform every task (pulled lazily from ``tasks``) in a worker; stop early by
        closing the iterator (tasks in flight are then abandoned)."""

    def run(self, jobs: Iterable[GameJob]) -> Iterator[tuple[GameJob, GameRecord]]:
        """Play every job (pulled lazily from ``jobs``); stop early by closing the iterator."""
        for job, payload in self.results(jobs):
            yield job, GameRecord.from_dict(payload)

    @abstractmethod
    def close(self) -> None:
        """Stop all work at once and release every process."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- the local process pool ------------------------------------------------------


def die_with_parent() -> None:
    """SIGTERM this process when its parent dies (Linux), else poll for it: a worker
    (of this pool, or a benchmark's multiprocessing pool) never outlives its driver."""
    parent = os.getppid()
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)

    def watch() -> None:
        while True:
            time.sleep(_PARENT_POLL)
            if os.getppid() != parent:
                os.kill(os.getpid(), signal.SIGTERM)
                return

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request took effect
        os.kill(os.getpid(), signal.SIGTERM)


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM: exit through the players' clean-up, which a second SIGTERM (the
    parent watch's, after the kernel's) must not cut short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def worker_main(fd: int) -> None:
    """A pool worker: perform the tasks the driver sends on socket ``fd`` until it
    sends None or goes away. Standard output is sent to standard error, so a
    chatty bot cannot disturb anything."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _terminate)
    os.dup2(2, 1)
    die_with_parent()
    connection = Connection(fd)
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            message: tuple[str, Any] = ("done", job.perform())
        except Exception:
            message = ("error", traceback.format_exc())
        try:
            connection.send(message)
        except (OSError, ValueError):
            return


def _package_env() -> dict[str, str]:
    """This environment, with this plyground first on PYTHONPATH (for the workers)."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    paths = [root, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


class _Worker:
    """One worker process, the driver's end of its socket and the task it performs."""

    def __init__(self, env: dict[str, str]) -> None:
        ours, theirs = socket.socketpair()
        code = (
            f"from plyground.arena.runs.backends import worker_main; worker_main({theirs.fileno()})"
        )
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code], pass_fds=(theirs.fileno(),), env=env
            )
        finally:
            theirs.close()
        self.connection = Connection(ours.detach())
        self.job: Task | None = None


class ProcessPool(Backend):
    """``concurrency`` worker processes on this machine (see the module docstring)."""

    def __init__(self, concurrency: int = 1) -> None:
        if concurrency < 1:
            raise SettingsError(f"concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency
        self._workers: list[_Worker] = []

    def _start(self) -> None:
        env = _package_env()
        while len(self._workers) < self.concurrency:
            self._workers.append(_Worker(env))

    def results(self, tasks: Iterable[T]) -> Iterator[tuple[T, Any]]:
        self._start()
        pending = iter(tasks)
        exhausted = False
        try:
            while True:
                for worker in self._workers:
                    if worker.job is None and not exhausted:
                        task = next(pending, None)
                        if task is None:
                            exhausted = True
                            break
                        worker.job = task
                        worker.connection.send(task)
                busy = [w for w in self._workers if w.job is not None]
                if not busy:
                    return
                by_connection = {w.connection: w for w in busy}
                for ready in wait(list(by_connection)):
                    worker = by_connection[ready]  # type: ignore[index]
                    job = worker.job
                    assert job is not None
                    try:
                        kind, payload = worker.connection.recv()
                    except (EOFError, OSError):
                        code = worker.process.poll()
                        raise BackendError(
                            f"a worker died while performing {job.key!r} (exit status {code})"
                        ) from None
                    worker.job = None
                    if kind == "error":
                        raise BackendError(f"task {job.key!r} failed in a worker:\n{payload}")
                    yield cast(T, job), payload  # the task this worker was sent
        finally:
            if any(w.job is not None for w in self._workers):
                self.close()

    def close(self) -> None:
        """Stop the workers: idle ones are asked to leave, busy ones are terminated."""
        workers, self._workers = self._workers, []
        for worker in workers:
            if worker.job is None and worker.process.poll() is None:
                with contextlib.suppress(OSError, ValueError):
                    worker.connection.send(None)
            else:
                worker.process.terminate()
        deadline = time.monotonic() + 10.0
        for worker in workers:
            try:
                worker.process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait(5.0)
            worker.connection.close()


# -- Ray -------------------------------------------------------------------------


class RayBackend(Backend):
    """Games as Ray tasks (one CPU each); ``address`` joins a running cluster."""

    def __init__(self, concurrency: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise SettingsError("the Ray backend needs Ray: pip install 'plyground[ray]'") from None
        self._ray = ray
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                options["address"] = address
            elif concurrency:
                options["num_cpus"] = concurrency
            try:
                ray.init(**options)
            except Exception as error:  # Ray's own errors (RayError) are not builtins
                raise ray_start_error(error, address) from None
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", 1))
        self.concurrency = max(1, concurrency or cpus)
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_ray_perform)
        self._in_flight: dict[Any, Task] = {}

    def results(self, tasks: Iterable[T]) -> Iterator[tuple[T, Any]]:
        ray = self._ray
        pending = iter(tasks)
        exhausted = False
        try:
            while True:
                while not exhausted and len(self._in_flight) < self.concurrency:
                    task = next(pending, None)
                    if task is None:
                        exhausted = True
                        break
                    self._in_flight[self._remote.remote(task)] = task
                if not self._in_flight:
                    return
                done, _ = ray.wait(list(self._in_flight), num_returns=1)
                for ref in done:
                    job = self._in_flight.pop(ref)
                    try:
                        payload = ray.get(ref)
                    except Exception as error:
                        raise BackendError(f"task {job.key!r} failed on Ray: {error}") from None
                    yield cast(T, job), payload  # the task sent as this ref
        finally:
            self._cancel()

    def _cancel(self) -> None:
        for ref in list(self._in_flight):
            with contextlib.suppress(Exception):
                self._ray.cancel(ref, force=True)
        self._in_flight.clear()

    def close(self) -> None:
        self._cancel()
        if self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()


def _ray_perform(task: Task) -> Any:
    return task.perform()


def make_backend(name: str, concurrency: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (``pool`` or ``ray``)."""
    if name == "pool":
        if address:
            raise SettingsError("--address is for the Ray backend (use --backend ray)")
        return ProcessPool(concurrency or 1)
    if name == "ray":
        return RayBackend(concurrency, address)
    raise SettingsError(f"unknown backend {name!r} (known: {', '.join(BACKENDS)})")
