"""Perfect endgames in play: solve exactly once a solve is predicted to fit the move's time.

The playing search (:class:`~plyground.games.adjacency.engine.AdjacencyEngine`)
asks :class:`EndgamePlanner` before each timed search. The planner predicts
the solve's nodes from the plies left, ``scale * GROWTH ** plies``, and its
time from the measured node rate (the solver's own, once it has solved; the
playing search's before; :data:`START_RATE` when neither has run yet, as
when a game's earlier moves all came from the opening book). When the predicted time is at most
:data:`PREDICTED_SHARE` of the move's time it solves, with at most
:data:`ATTEMPT_SHARE` of the time; a solve that runs out is not lost, its
table keeps what it proved for the next move (same game, same key salt),
and the playing search takes the time left. Every solve or stop corrects
``scale`` (a stop says the tree was bigger than the nodes it searched).
"""

from __future__ import annotations

import time

from plyground.core.limits import Limit
from plyground.games.adjacency.rules import AdjacencyState
from plyground.games.adjacency.solver import ExactSolver, SolveResult, SolveStopped

__all__ = [
    "ATTEMPT_SHARE",
    "GROWTH",
    "PREDICTED_SHARE",
    "START_RATE",
    "START_SCALE",
    "EndgamePlanner",
]

GROWTH = 5.0
"""Assumed growth of a solve's nodes per extra ply (measured: docs/adjacency-exact.md)."""
START_SCALE = 0.25
"""First ``scale`` (a solve's nodes are ``scale * GROWTH ** plies``) until a solve corrects it:
fresh solves along three 8-round games took 0.10 to 0.73 times ``GROWTH ** plies`` nodes at
10 to 13 plies left, 0.16 in the median (docs/adjacency-exact.md)."""
START_RATE = 1e7
"""Nodes per second assumed before any search of the engine has measured a rate: about half
the solver's 17 to 19 million measured on the project's 2-core machine."""
PREDICTED_SHARE = 0.4
"""Solve when the predicted time is at most this share of the move's time."""
ATTEMPT_SHARE = 0.75
"""Most of the move's time an attempt may take; the playing search gets the rest."""


class EndgamePlanner:
    """The exact solver of one playing engine and the model that says when to use it.

    The solver (and its table of ``table_size`` entries) is made by
    :meth:`prepare`, which the engine calls from its ``new_game``, before any
    clock runs: zeroing the table's 32 MB takes 20-110 ms, more than a short
    move's whole time. An attempt that finds no solver makes one, and counts
    that time against its own.
    """

    def __init__(self, table_size: int = 1 << 22) -> None:
        self._table_size = table_size
        self._solver: ExactSolver | None = None
        self.scale = START_SCALE
        self.rate: float | None = None
        """The solver's nodes per second of wall time, once it has searched."""

    def prepare(self) -> None:
        """Make the solver and its table now, if not yet made."""
        if self._solver is None:
            self._solver = ExactSolver(self._table_size)

    def new_game(self) -> None:
        """Forget stored values (the model and the rate stay: same machine, same game)."""
        if self._solver is not None:
            self._solver.new_game()

    def predicted_seconds(self, plies: int, fallback_rate: float | None) -> float:
        """How long a solve of ``plies`` plies should take."""
        rate = self.rate or fallback_rate or START_RATE
        return self.scale * GROWTH**plies / rate

    def attempt(
        self, state: AdjacencyState, seconds: float, fallback_rate: float | None
    ) -> SolveResult | None:
        """Solve ``state`` if predicted to fit in ``seconds``; None if not tried or stopped.

        The attempt, making the solver included, takes at most
        :data:`ATTEMPT_SHARE` of ``seconds``.
        """
        predicted = self.predicted_seconds(state.plies_left, fallback_rate)
        if predicted > PREDICTED_SHARE * seconds:
            return None
        began = time.perf_counter()
        self.prepare()
        assert self._solver is not None
        solver = self._solver
        left = ATTEMPT_SHARE * seconds - (time.perf_counter() - began)
        if left <= 0:  # making the solver took the attempt's time: solve next move
            return None
        began = time.perf_counter()
        try:
            result = solver.solve(state, limit=Limit(time=left))
        except SolveStopped:
            self._learn(state.plies_left, solver.nodes, time.perf_counter() - began, True)
            return None
        self._learn(state.plies_left, result.nodes, result.seconds, False)
        return result

    def _learn(self, plies: int, nodes: int, seconds: float, stopped: bool) -> None:
        if seconds > 0.01 and nodes > 0:
            self.rate = nodes / seconds
        seen = nodes / GROWTH**plies
        if stopped:  # the tree is bigger than predicted, and than what was searched
            self.scale = max(2 * self.scale, 2 * seen)
        else:  # a solve reusing its table counts fewer nodes than a fresh one: shrink slowly
            self.scale = max(self.scale / 2, seen)
