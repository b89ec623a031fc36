"""A resumable exact solve of a start: its subproblems run on a backend and stored as they finish.

:func:`run_solve` splits the root (:func:`~plyground.games.adjacency.subproblems.split_root`),
skips the subproblems its :class:`~plyground.arena.storage.adjacency_solve_store.SolveStore`
already holds, runs the others as :class:`SubproblemTask` s on a backend
(the arena's process pool or Ray: :mod:`plyground.arena.runs.backends`), stores
each result the moment it arrives, and combines them all into the root's
value and best moves. When the store already holds every subproblem no
backend is started: the answer comes at once.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Generic, TypeVar

from plyground.arena.runs.backends import Backend
from plyground.arena.storage.adjacency_solve_store import SolveStore
from plyground.games.adjacency.exact_table import DEFAULT_TABLE
from plyground.games.adjacency.rules import AdjacencyState, parse_position
from plyground.games.adjacency.solver import ExactSolver, warm_up
from plyground.games.adjacency.subproblems import (
    RootSolve,
    Subproblem,
    SubproblemResult,
    combine,
    solve_subproblem,
    split_root,
)

__all__ = [
    "Progress",
    "StartRun",
    "SubproblemTask",
    "WorkerSearchTask",
    "run_solve",
    "sigterm_ends_the_process",
    "worker_solver",
]

T = TypeVar("T")


@dataclass(frozen=True)
class StartRun:
    """What a resumable run over a start is given (a solve, a proof or a strategy): the
    start, the store it continues, how to make the backend (made only if work is left, and
    closed at the end or on an exception, Ctrl-C included: what is stored stays, the work
    in flight is lost) and each worker's exact-table entries."""

    root: AdjacencyState
    store: SolveStore
    backend: Callable[[], Backend]
    table_size: int = DEFAULT_TABLE


@dataclass(frozen=True)
class SubproblemTask:
    """One subproblem for a worker: solve the position after root move ``key``."""

    key: str
    position: str
    table_size: int = DEFAULT_TABLE

    def perform(self) -> dict[str, object]:
        """Solve it (in a worker): the :class:`SubproblemResult` as a dict.

        While the compiled search runs, SIGTERM has its default action (end
        the process at once): a Python handler would wait for the kernel to
        return, hours later, so a worker whose driver was killed (the pool
        asks the kernel for SIGTERM then) would go on solving for nobody. A
        solve holds nothing that needs cleaning up.
        """
        state = parse_position(self.position)
        solver = worker_solver(self.table_size)
        with sigterm_ends_the_process():
            return asdict(solve_subproblem(state, self.table_size, solver))


@contextlib.contextmanager
def sigterm_ends_the_process() -> Iterator[None]:
    """SIGTERM's default action inside the block (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@functools.cache
def worker_solver(table_size: int) -> ExactSolver:
    """This worker process's solver, kept from one subproblem to the next: the bounds one
    search stored (for positions the next subproblem meets too) are reused, not searched again."""
    return ExactSolver(table_size)


@dataclass(frozen=True)
class WorkerSearchTask(ABC, Generic[T]):
    """A search of one position for a worker, with this worker's solver (a proof's leaf
    test, a strategy entry): :meth:`perform` times :meth:`search` and returns the
    :meth:`payload` of its answer. The kernels load before the clock starts, and SIGTERM
    ends the process while the search runs (as for a :class:`SubproblemTask`)."""

    key: str
    position: str
    table_size: int

    def perform(self) -> dict[str, object]:
        """Search (in a worker): the answer's payload, with the seconds it took."""
        state = parse_position(self.position)
        solver = worker_solver(self.table_size)
        warm_up()
        started = time.perf_counter()
        with sigterm_ends_the_process():
            answer = self.search(solver, state)
        return self.payload(answer, solver, time.perf_counter() - started)

    @abstractmethod
    def search(self, solver: ExactSolver, state: AdjacencyState) -> T:
        """The search itself."""

    @abstractmethod
    def payload(self, answer: T, solver: ExactSolver, seconds: float) -> dict[str, object]:
        """What the worker sends back: the answer, its nodes (the solver counts them) and
        ``seconds``."""


@dataclass(frozen=True)
class Progress:
    """A subproblem just finished (``result``), or the run's state before any (``None``)."""

    subproblem: Subproblem | None
    result: SubproblemResult | None
    done: int
    total: int
    elapsed: float
    """Wall seconds of this run so far."""


def run_solve(run: StartRun, *, on_progress: Callable[[Progress], None] | None = None) -> RootSolve:
    """Solve ``run.root`` through its subproblems, continuing what ``run.store`` holds."""
    started = time.perf_counter()
    root, store = run.root, run.store
    subproblems = split_root(root)
    results = {
        move: result
        for move, result in store.finished().items()
        if move in {s.move for s in subproblems}
    }
    todo = [s for s in subproblems if s.move not in results]
    total = len(subproblems)

    def report(subproblem: Subproblem | None, result: SubproblemResult | None) -> None:
        if on_progress is not None:
            elapsed = time.perf_counter() - started
            on_progress(Progress(subproblem, result, len(results), total, elapsed))

    report(None, None)
    if todo:
        by_move = {s.move: s for s in todo}
        tasks = [SubproblemTask(s.move, s.position, run.table_size) for s in todo]
        with run.backend() as runner:
            for task, payload in runner.results(tasks):
                result = SubproblemResult(
                    value=int(payload["value"]),
                    best=tuple(payload["best"]),
                    nodes=int(payload["nodes"]),
                    seconds=float(payload["seconds"]),
                )
                store.record(task.key, task.position, result)
                results[task.key] = result
                report(by_move[task.key], result)
    return combine(root, subproblems, results)
