"""A resumable proof of a start's value: leaf tests run on a backend and stored as they finish.

:func:`run_proof` builds the root's two-ply tree
(:func:`~plyground.games.adjacency.proof.proof_tree`), reads the leaf bounds
its :class:`~plyground.arena.storage.solve_store.SolveStore` already holds, and
keeps the backend's workers busy with the tests the
:class:`~plyground.games.adjacency.proof.Proof` wants next, storing each
answer the moment it arrives (one transaction each: a killed run loses only
the tests in flight). A test is wanted only in the light of the answers
before it, so the tasks are drawn lazily, one as each worker comes free; when
every wanted test is in flight the workers drain and the next round starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from plyground.arena.runs.backends import Backend
from plyground.arena.solving.solve_run import timed_worker_search
from plyground.arena.storage.solve_store import SolveStore
from plyground.games.adjacency.exact_table import DEFAULT_TABLE
from plyground.games.adjacency.proof import LeafTest, Proof, ProofResult, proof_tree
from plyground.games.adjacency.rules import AdjacencyState

__all__ = ["LeafTestTask", "ProofProgress", "run_proof"]


@dataclass(frozen=True)
class LeafTestTask:
    """One null-window test for a worker: is the leaf's value (X - O) at least ``at_least``?"""

    key: str
    position: str
    at_least: int
    table_size: int = DEFAULT_TABLE

    def perform(self) -> dict[str, object]:
        """Run the test (in a worker) with this worker's solver, kept between tests.

        SIGTERM ends the process at once while the kernel runs, as for a
        subproblem (:class:`~plyground.arena.solving.solve_run.SubproblemTask`).
        """
        (holds, bound), solver, seconds = timed_worker_search(
            self.position,
            self.table_size,
            lambda solver, state: solver.at_least(state, self.at_least),
        )
        return {"holds": holds, "bound": bound, "nodes": solver.nodes, "seconds": seconds}


@dataclass(frozen=True)
class ProofProgress:
    """A test just answered (``test`` and its answer), or the run's state before any."""

    test: LeafTest | None
    holds: bool
    bound: int
    nodes: int
    seconds: float
    result: ProofResult
    """What the stored bounds prove now."""
    tests: int
    """Tests answered by this run so far."""
    elapsed: float
    """Wall seconds of this run so far."""


def run_proof(
    root: AdjacencyState,
    store: SolveStore,
    backend: Callable[[], Backend],
    *,
    table_size: int = DEFAULT_TABLE,
    guess: int = 0,
    settle: bool = False,
    on_progress: Callable[[ProofProgress], None] | None = None,
) -> ProofResult:
    """Prove ``root``'s value (with ``settle``, every root move's value), continuing ``store``.

    ``guess`` (X - O) is the first threshold. ``backend()`` is made only if
    a test is wanted and closed at the end (or on an exception, Ctrl-C
    included: the stored answers stay, the tests in flight are lost).
    """
    started = time.perf_counter()
    proof = Proof(root, proof_tree(root), store.leaf_bounds(), guess)
    answered = 0

    def report(test: LeafTest | None, holds: bool, bound: int, nodes: int, seconds: float) -> None:
        if on_progress is not None:
            elapsed = time.perf_counter() - started
            result = proof.result()
            on_progress(
                ProofProgress(test, holds, bound, nodes, seconds, result, answered, elapsed)
            )

    report(None, False, 0, 0, 0.0)
    if proof.wanted(settle=settle) is None:
        return proof.result()
    in_flight: dict[str, LeafTest] = {}

    def tasks() -> Iterator[LeafTestTask]:
        while (test := proof.wanted(in_flight, settle=settle)) is not None:
            in_flight[test.position] = test
            key = f"{test.position} >= {test.at_least}"
            yield LeafTestTask(key, test.position, test.at_least, table_size)

    with backend() as runner:
        while proof.wanted(settle=settle) is not None:
            for task, payload in runner.results(tasks()):
                test = in_flight.pop(task.position)
                holds, bound = bool(payload["holds"]), int(payload["bound"])
                nodes, seconds = int(payload["nodes"]), float(payload["seconds"])
                store.record_leaf(task.position, holds, bound, nodes, seconds)
                proof.record(test, holds, bound)
                answered += 1
                report(test, holds, bound, nodes, seconds)
    return proof.result()
