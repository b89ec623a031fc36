"""A resumable proof of a start's value: leaf tests run on a backend and stored as they finish.

:func:`run_proof` builds the root's two-ply tree
(:func:`~plyground.games.adjacency.proof.proof_tree`), reads the leaf bounds
its :class:`~plyground.arena.storage.adjacency_solve_store.SolveStore` already holds, and
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

from plyground.arena.adjacency_solving.solve_run import StartRun, WorkerSearchTask
from plyground.games.adjacency.proof import LeafTest, Proof, ProofResult, proof_tree
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver

__all__ = ["LeafTestTask", "ProofProgress", "run_proof"]


@dataclass(frozen=True)
class LeafTestTask(WorkerSearchTask[tuple[bool, int]]):
    """One null-window test for a worker: is the leaf's value (X - O) at least ``at_least``?"""

    at_least: int

    def search(self, solver: ExactSolver, state: AdjacencyState) -> tuple[bool, int]:
        return solver.at_least(state, self.at_least)

    def payload(
        self, answer: tuple[bool, int], solver: ExactSolver, seconds: float
    ) -> dict[str, object]:
        holds, bound = answer
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
    run: StartRun,
    *,
    guess: int = 0,
    settle: bool = False,
    replies: bool = False,
    on_progress: Callable[[ProofProgress], None] | None = None,
) -> ProofResult:
    """Prove ``run.root``'s value (with ``settle``, every root move's value; with
    ``replies``, every reply's to the first best move), continuing ``run.store``;
    ``guess`` (X - O) is the first threshold."""
    started = time.perf_counter()
    store = run.store
    proof = Proof(run.root, proof_tree(run.root), store.leaf_bounds(), guess)
    answered = 0

    def report(test: LeafTest | None, holds: bool, bound: int, nodes: int, seconds: float) -> None:
        if on_progress is not None:
            elapsed = time.perf_counter() - started
            result = proof.result()
            on_progress(
                ProofProgress(test, holds, bound, nodes, seconds, result, answered, elapsed)
            )

    report(None, False, 0, 0, 0.0)
    if proof.wanted(settle=settle, replies=replies) is None:
        return proof.result()
    in_flight: dict[str, LeafTest] = {}

    def tasks() -> Iterator[LeafTestTask]:
        while (test := proof.wanted(in_flight, settle=settle, replies=replies)) is not None:
            in_flight[test.position] = test
            key = f"{test.position} >= {test.at_least}"
            yield LeafTestTask(key, test.position, run.table_size, test.at_least)

    with run.backend() as runner:
        while proof.wanted(settle=settle, replies=replies) is not None:
            for task, payload in runner.results(tasks()):
                test = in_flight.pop(task.position)
                holds, bound = bool(payload["holds"]), int(payload["bound"])
                nodes, seconds = int(payload["nodes"]), float(payload["seconds"])
                store.record_leaf(task.position, holds, bound, nodes, seconds)
                proof.record(test, holds, bound)
                answered += 1
                report(test, holds, bound, nodes, seconds)
    return proof.result()
