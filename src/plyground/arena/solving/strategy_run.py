"""A resumable strategy search: each entry found on a backend and stored as it finishes.

:func:`run_strategy` reads the proof's leaf bounds from the
:class:`~plyground.arena.solve_store.SolveStore`, plans the strategy
(:func:`~plyground.games.adjacency.strategy.strategy_plan`), skips the
entries the store already holds for the plan's bound or a stricter one, and
has the backend's workers find the others
(:func:`~plyground.games.adjacency.strategy.keeping_move`), storing each the
moment it arrives with what it cost (one transaction each: a killed run
loses only the entries in flight, and the same command continues). An entry
stored for a weaker bound (found for an older proof, before a first move's
own value was settled) is found again for the plan's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from plyground.arena.solving.solve_run import StartRun, WorkerSearchTask
from plyground.core.errors import PlygroundError
from plyground.games.adjacency.book import StrategyMove
from plyground.games.adjacency.proof import Proof, proof_tree
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.strategy import (
    KeepingMove,
    StrategyNeed,
    keeping_move,
    strategy_plan,
)

__all__ = ["StrategyProgress", "StrategyTask", "run_strategy"]


@dataclass(frozen=True)
class StrategyTask(WorkerSearchTask[KeepingMove]):
    """One entry for a worker: a move of ``position`` keeping X - O's bound ``keep``."""

    keep: int

    def search(self, solver: ExactSolver, state: AdjacencyState) -> KeepingMove:
        return keeping_move(solver, state, self.keep)

    def payload(
        self, answer: KeepingMove, solver: ExactSolver, seconds: float
    ) -> dict[str, object]:
        return {
            "move": answer.move,
            "tests": answer.tests,
            "nodes": answer.nodes,
            "seconds": seconds,
        }


@dataclass(frozen=True)
class StrategyProgress:
    """An entry just found (``need``, its move and cost), or the run's state before any."""

    need: StrategyNeed | None
    move: str
    tests: int
    nodes: int
    seconds: float
    done: int
    """Entries stored (found by search) so far, this run's and earlier ones."""
    total: int
    """Entries the strategy needs from a search."""
    elapsed: float
    """Wall seconds of this run so far."""


def run_strategy(
    run: StartRun,
    *,
    search: bool = True,
    on_progress: Callable[[StrategyProgress], None] | None = None,
) -> dict[str, StrategyMove]:
    """The strategy of ``run.root``'s proved value, continuing ``run.store``: every entry,
    those from the proof and those found by search (position text -> move); with ``search``
    False, those the store holds so far (a strategy still being computed elsewhere).

    Raises PlygroundError when the store does not prove the value yet, or when no move
    keeps an entry's bound (a store whose bounds come from another search).
    """
    started = time.perf_counter()
    store = run.store
    plan = strategy_plan(Proof(run.root, proof_tree(run.root), store.leaf_bounds()))
    stored = store.strategy_entries()
    found = {  # an entry for a weaker bound (an older proof's, say) is searched again
        need.position: stored[need.position]
        for need in plan.needs
        if need.position in stored and stored[need.position].covers(need.keep, need.position)
    }
    todo = {need.position: need for need in plan.needs if need.position not in found}
    total = len(plan.needs)

    def report(need: StrategyNeed | None, move: str, tests: int, nodes: int, secs: float) -> None:
        if on_progress is not None:
            elapsed = time.perf_counter() - started
            on_progress(
                StrategyProgress(need, move, tests, nodes, secs, len(found), total, elapsed)
            )

    report(None, "", 0, 0, 0.0)
    if todo and search:
        tasks = [
            StrategyTask(need.position, need.position, run.table_size, need.keep)
            for need in todo.values()
        ]
        with run.backend() as runner:
            for task, payload in runner.results(tasks):
                move = payload["move"]
                if move is None:
                    raise PlygroundError(
                        f"no move of {task.position!r} keeps X - O at {task.keep:+d}: "
                        f"the store's bounds do not come from this game's proof"
                    )
                entry = StrategyMove(str(move), task.keep)
                tests, nodes = int(payload["tests"]), int(payload["nodes"])
                seconds = float(payload["seconds"])
                store.record_strategy(task.position, entry, tests, nodes, seconds)
                found[task.position] = entry
                report(todo[task.position], entry.move, tests, nodes, seconds)
    return {**plan.given, **found}
