"""Labels for learning: each position's value for the side to move, resumably.

* ``exact``: the final margin with best play, from the exact solver
  (:class:`~plyground.games.adjacency.solver.ExactSolver`, MTD(f); one solver
  keeps its table along a game's positions, which are labelled most plies
  left first). Cheap up to 12 plies left on 8x8 (a fresh 12-ply solve in an
  8-round game, 52 empty cells: 0.3 to 0.9 s; 11 plies: 0.04 s) and in long
  games whose few empty cells bound the tree.
* ``search``: a depth-limited full-width alpha-beta (no forward pruning) of the
  learned evaluation whose stages the search's leaves reach; the stages
  before the exact ones are labelled so, stage by stage backwards from the
  end (Engel's and Egaroucid's way; :mod:`~plyground.arena.adjacency_learning.pipeline`).

Each label is committed when found, with its cost (nodes, seconds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from plyground.arena.adjacency_learning.store import Label, LabelStore
from plyground.core.limits import Limit
from plyground.games.adjacency.engine import AdjacencyEngine
from plyground.games.adjacency.features import SearchFeatures
from plyground.games.adjacency.rules import AdjacencyState, parse_position
from plyground.games.adjacency.solver import ExactSolver

if TYPE_CHECKING:
    from plyground.games.adjacency.patterns import PatternWeights

__all__ = ["Progress", "label_exact", "label_search"]

Progress = Callable[[int, int, Label], None]
"""Hears (done, total, the label just stored)."""


def label_exact(
    store: LabelStore,
    plies: tuple[int, int],
    *,
    split: str | None = None,
    most_empty: int = 64,
    limit: int | None = None,
    on_label: Progress | None = None,
    stopping: Callable[[], bool] = lambda: False,
) -> int:
    """Solve the unlabelled positions with ``plies`` left (least, most) and at most
    ``most_empty`` empty cells (of ``split`` games only, when given); at most ``limit``
    of them. Returns how many were labelled."""
    todo = store.unlabelled(("exact",), plies, split=split, most_empty=most_empty)
    if limit is not None:
        todo = todo[:limit]
    solver = ExactSolver()

    def solve(state: AdjacencyState) -> tuple[float, int, int]:
        return float(solver.value(state)), state.plies_left, solver.nodes

    return _label_each(
        store, [row[0] for row in todo], "exact", solve, on_label=on_label, stopping=stopping
    )


def label_search(
    store: LabelStore,
    plies: tuple[int, int],
    weights: PatternWeights,
    depth: int,
    *,
    limit: int | None = None,
    on_label: Progress | None = None,
    stopping: Callable[[], bool] = lambda: False,
    game: str | None = None,
) -> int:
    """Label the positions with ``plies`` left (least, most) that have no label yet (of
    ``game``, a spec, only when given) by a ``depth``-ply full-width search of ``weights``'
    evaluation (whose stages at the leaves must be fitted), in an order spread over the
    games (the same every run). Returns how many were labelled."""
    todo = store.unlabelled(("exact", "search"), plies, game=game)
    random.Random(plies[0]).shuffle(todo)  # spread over the games, the same order every run
    if limit is not None:
        todo = todo[:limit]
    engine = AdjacencyEngine(
        table_size=1 << 18,
        features=SearchFeatures.exact().with_text("-endgame"),
        patterns=weights,
    )

    def search(state: AdjacencyState) -> tuple[float, int, int]:
        info = engine.search(state, Limit(depth=depth)).info
        return float(info.score or 0.0), info.depth, info.nodes

    return _label_each(
        store, [row[0] for row in todo], "search", search, on_label=on_label, stopping=stopping
    )


def _label_each(
    store: LabelStore,
    positions: list[str],
    kind: str,
    find: Callable[[AdjacencyState], tuple[float, int, int]],
    *,
    on_label: Progress | None,
    stopping: Callable[[], bool],
) -> int:
    """Label each position by ``find`` (value, depth, nodes), storing each label with its
    time as it is found; stops early when ``stopping()`` says so. Returns how many."""
    done = 0
    for text in positions:
        if stopping():
            break
        state = parse_position(text)
        started = time.perf_counter()
        value, depth, nodes = find(state)
        label = Label(text, kind, value, depth, nodes, time.perf_counter() - started)
        store.add_label(label)
        done += 1
        if on_label is not None:
            on_label(done, len(positions), label)
    return done
