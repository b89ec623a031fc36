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

With ``exact`` every entry is made to keep its position's own value
(:func:`~plyground.games.adjacency.strategy.best_move`: tests past the entry's
bound until one fails, then a move keeping the value), stored marked exact
as it is found; an entry stored exact is not searched again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from plyground.arena.adjacency_solving.solve_run import StartRun, WorkerSearchTask
from plyground.core.errors import PlygroundError
from plyground.games.adjacency.book import StrategyMove
from plyground.games.adjacency.proof import Proof, proof_tree
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.strategy import (
    ExactMove,
    KeepingMove,
    StrategyNeed,
    best_move,
    keeping_move,
    strategy_plan,
)

__all__ = ["ExactTask", "StrategyProgress", "StrategyTask", "run_strategy"]


@dataclass(frozen=True)
class StrategyTask(WorkerSearchTask[KeepingMove]):
    """One entry for a worker: a move of ``position`` keeping X - O's bound ``keep``."""

    keep: int

    def search(self, solver: ExactSolver, state: AdjacencyState) -> KeepingMove:
        return keeping_move(solver, state, self.keep)

    def payload(
        self, answer: KeepingMove, solver: ExactSolver, seconds: float
    ) -> dict[str, object]:
        return _entry_payload(answer, self.keep, seconds)


@dataclass(frozen=True)
class ExactTask(WorkerSearchTask[ExactMove]):
    """One entry for a worker: ``position``'s value from its proved bound ``keep`` and a
    move keeping it (``keeping``: a move known to keep ``keep``; ``exact``: ``keep`` is
    known to be the value)."""

    keep: int
    keeping: str | None
    exact: bool

    def search(self, solver: ExactSolver, state: AdjacencyState) -> ExactMove:
        return best_move(solver, state, self.keep, exact=self.exact, keeping=self.keeping)

    def payload(self, answer: ExactMove, solver: ExactSolver, seconds: float) -> dict[str, object]:
        return _entry_payload(answer, answer.value, seconds)


def _entry_payload(answer: KeepingMove | ExactMove, keep: int, seconds: float) -> dict[str, object]:
    """What a worker sends back for an entry: its move, the bound it keeps, its cost."""
    return {
        "move": answer.move,
        "keep": keep,
        "tests": answer.tests,
        "nodes": answer.nodes,
        "seconds": seconds,
    }


@dataclass(frozen=True)
class StrategyProgress:
    """An entry just found (``need`` and ``entry``, with what it cost), or the run's state
    before any (``need`` and ``entry`` None)."""

    need: StrategyNeed | None
    entry: StrategyMove | None
    """The entry found: its move and the X - O bound it keeps (exact: the position's value)."""
    exact: bool
    """The run makes every entry keep its position's own value (``--exact-entries``)."""
    tests: int
    nodes: int
    seconds: float
    done: int
    """Entries stored (found by search) so far, this run's and earlier ones (with
    ``exact``: those stored exact)."""
    total: int
    """Entries the strategy needs from a search."""
    elapsed: float
    """Wall seconds of this run so far."""


def run_strategy(
    run: StartRun,
    *,
    search: bool = True,
    exact: bool = False,
    on_progress: Callable[[StrategyProgress], None] | None = None,
) -> dict[str, StrategyMove]:
    """The strategy of ``run.root``'s proved value, continuing ``run.store``: every entry,
    those from the proof and those found by search (position text -> move); with ``search``
    False, those the store holds so far (a strategy still being computed elsewhere); with
    ``exact``, each entry keeping its position's own value (those whose bound is known to
    be the value first, as they need no test, then those with fewer plies left).

    Raises PlygroundError when the store does not prove the value yet, or when no move
    keeps an entry's bound (a store whose bounds come from another search).
    """
    started = time.perf_counter()
    store = run.store
    plan = strategy_plan(Proof(run.root, proof_tree(run.root), store.leaf_bounds()))
    stored = store.strategy_entries()
    serving = {  # an entry for a weaker bound (an older proof's, say) is searched again
        need.position: stored[need.position]
        for need in plan.needs
        if need.position in stored and stored[need.position].covers(need.keep, need.position)
    }
    found = {position: entry for position, entry in serving.items() if entry.exact or not exact}
    todo = {need.position: need for need in plan.needs if need.position not in found}
    total = len(plan.needs)

    def report(
        need: StrategyNeed | None, entry: StrategyMove | None, cost: tuple[int, int, float]
    ) -> None:
        if on_progress is not None:
            elapsed = time.perf_counter() - started
            on_progress(StrategyProgress(need, entry, exact, *cost, len(found), total, elapsed))

    report(None, None, (0, 0, 0.0))
    if todo and search:
        tasks = sorted(
            (
                _task(need, serving.get(need.position), exact, run.table_size)
                for need in todo.values()
            ),
            key=_cheap_first,
        )
        with run.backend() as runner:
            for task, payload in runner.results(tasks):
                move = payload["move"]
                if move is None:
                    raise PlygroundError(
                        f"no move of {task.position!r} keeps X - O at {task.keep:+d}: "
                        f"the store's bounds do not come from this game's proof"
                    )
                entry = StrategyMove(str(move), int(payload["keep"]), exact)
                cost = (int(payload["tests"]), int(payload["nodes"]), float(payload["seconds"]))
                store.record_strategy(task.position, entry, *cost)
                found[task.position] = entry
                report(todo[task.position], entry, cost)
    return {**plan.given, **serving, **found}


def _task(
    need: StrategyNeed, stored: StrategyMove | None, exact: bool, table_size: int
) -> StrategyTask | ExactTask:
    """The search a need gets: a move keeping its bound, or (``exact``) its position's value
    and a best move, from the stricter of its bound and a ``stored`` entry's."""
    if not exact:
        return StrategyTask(need.position, need.position, table_size, need.keep)
    keep = need.keep if stored is None else stored.keep
    keeping = None if stored is None else stored.move
    known = need.exact and keep == need.keep
    return ExactTask(need.position, need.position, table_size, keep, keeping, known)


def _cheap_first(task: StrategyTask | ExactTask) -> tuple[bool, int]:
    """Tasks needing no test first, then those with fewer plies left."""
    known = isinstance(task, ExactTask) and task.exact
    return not known, int(task.position.split()[2])
