"""The ``2048`` bot: expectimax over 64-bit boards in numba, with an adaptive depth.

Each move it deepens from depth 1 to a target depth that grows with the
number of distinct tiles on the board (more distinct tiles: a more delicate
position, worth a deeper look), searching with the numba kernel
(:mod:`plyground.games.g2048.kernel`), which mirrors the game-agnostic
:class:`~plyground.algorithms.search.expectimax.Expectimax`: chance nodes
over every empty cell with both spawns (0.9 / 0.1), a cut on the cumulative
probability, and a cache of evaluated positions. It obeys its time limit: a
deeper iteration starts only when the last one's cost predicts it fits, and
a node budget stops one that would not. ``engine=python`` runs the same
search with the plain-Python rules and heuristic (slow; for checking and for
boards the kernel cannot hold, with a tile of 32768 or more).
"""

from __future__ import annotations

import time
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from plyground.algorithms.search.expectimax import Expectimax
from plyground.bots.base import TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for, load_weights
from plyground.core.errors import SettingsError
from plyground.core.game import State
from plyground.core.limits import Clock, Limit, SearchInfo
from plyground.core.settings import Setting
from plyground.games.g2048 import kernel
from plyground.games.g2048.evaluation import G2048Evaluator, line_table
from plyground.games.g2048.kernel import STATS_SIZE, fits
from plyground.games.g2048.rules import G2048State

__all__ = ["G2048Bot", "adaptive_depth"]

_PYTHON_FALLBACK_DEPTH = 2
_FIRST_RATE = 2.0e6  # nodes per second assumed before the first measurement
_GROWTH_GUESS = 10.0  # cost ratio of depth d+1 to depth d assumed before two are measured


def adaptive_depth(board: tuple[int, ...], shallowest: int, deepest: int) -> int:
    """The search depth for a board: distinct tiles minus 2, kept within the bounds.

    >>> adaptive_depth((1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0), 2, 6)
    5
    """
    distinct = len({e for e in board if e})
    return max(shallowest, min(deepest, distinct - 2))


class G2048Bot(Bot):
    """Expectimax for 2048 (see the module docstring)."""

    NAME = "2048"
    DESCRIPTION = (
        "expectimax for 2048: numba bitboards and row tables, probability cut, cache, "
        "depth adapted to the board"
    )
    GAMES = ("2048",)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        TIME_SETTING,
        Setting("depth", int, None, "fixed depth in moves (none: adapt to the board)", 1, 20),
        Setting("shallowest", int, 2, "smallest adaptive depth", minimum=1, maximum=20),
        Setting("deepest", int, 6, "largest adaptive depth", minimum=1, maximum=20),
        Setting(
            "cut",
            float,
            1e-3,
            "evaluate chance nodes less likely than this instead of searching them",
            minimum=0.0,
            maximum=0.5,
        ),
        Setting("cache", int, 1 << 20, "cached positions (0: no cache)", minimum=0),
        Setting(
            "engine",
            str,
            "numba",
            "numba (fast) or python (reference)",
            choices=("numba", "python"),
        ),
        Setting("weights", str, None, "JSON file of heuristic weights (docs/2048.md)"),
    )

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        if self._settings["shallowest"] > self._settings["deepest"]:
            raise SettingsError(
                f"bot '2048': shallowest ({self._settings['shallowest']}) must not exceed "
                f"deepest ({self._settings['deepest']})"
            )
        self.weights = self._make_evaluator().weights
        self._kernel_state: tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64]] | None = None
        self._stats = np.zeros(STATS_SIZE, dtype=np.int64)
        self._rate = _FIRST_RATE

    def _make_evaluator(self) -> G2048Evaluator:
        from plyground.games import load_game

        evaluator = evaluator_for(load_game("2048"), load_weights(self._settings["weights"]))
        assert isinstance(evaluator, G2048Evaluator)
        return evaluator

    def target_depth(self, state: G2048State) -> int:
        """The depth this bot searches ``state`` to (its ``depth`` setting, or adaptive)."""
        fixed: int | None = self._settings["depth"]
        if fixed is not None:
            return fixed
        return adaptive_depth(state.board, self._settings["shallowest"], self._settings["deepest"])

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        if not isinstance(state, G2048State):
            raise SettingsError(f"bot '2048' cannot play {state.game.spec!r}")
        if state.to_move() != 0:
            raise ValueError(f"no move to choose: {state.text()!r} is not the player's turn")
        limit = self.time_limit(limit)
        depth = self.target_depth(state)
        if limit.depth is not None:
            depth = min(depth, limit.depth)
        if self._settings["engine"] == "python" or not fits(state.board):
            if self._settings["engine"] == "numba":
                depth = min(depth, _PYTHON_FALLBACK_DEPTH)
            return self._choose_python(
                state, Limit(time=limit.time, depth=depth, nodes=limit.nodes), on_info
            )
        return self._choose_numba(state, limit, depth, on_info)

    # -- the engines --------------------------------------------------------
    def _choose_python(
        self, state: G2048State, limit: Limit, on_info: InfoCallback | None
    ) -> Decision:
        search = Expectimax(self._make_evaluator(), self._settings["cut"], self._settings["cache"])
        result = search.search(state, limit, on_info)
        return Decision(result.move, result.info)

    def _choose_numba(
        self, state: G2048State, limit: Limit, depth: int, on_info: InfoCallback | None
    ) -> Decision:
        clock = Clock(limit.time, safety=min(0.02, 0.1 * limit.time) if limit.time else 0.0)
        moves, _ = kernel.move_tables()
        lines = line_table(self.weights)
        if self._kernel_state is None:
            self._kernel_state = kernel.make_cache(self._settings["cache"])
            # Load (or compile) the kernel now, so its first use does not skew the timings.
            kernel.kernel_search(
                np.uint64(1), 1, 0.0, moves, lines, *self._kernel_state, self._stats, 1
            )
        keys, slots = self._kernel_state
        board = np.uint64(kernel.board_to_int(state.board))
        legal = state.legal_moves()
        stats = self._stats
        stats[kernel.STAT_GENERATION] += 1  # a new move: forget the cache of the last one
        total_nodes = evaluations = hits = 0
        decision: Decision | None = None
        last_cost = 0.0
        last_nodes = 0
        growth = _GROWTH_GUESS
        for current in range(1, depth + 1):
            if decision is not None:
                # Start a deeper iteration only when the last one's cost predicts it fits.
                if last_cost * growth > clock.remaining():
                    break
                if limit.nodes is not None and total_nodes + last_nodes * growth > limit.nodes:
                    break
            budget = limit.nodes - total_nodes if limit.nodes is not None else 1 << 62
            if limit.time is not None:
                budget = min(budget, max(1, int(clock.remaining() * self._rate)))
            stats[kernel.STAT_NODES] = 0
            stats[kernel.STAT_EVALUATIONS] = 0
            stats[kernel.STAT_CACHE_HITS] = 0
            started = time.perf_counter()
            values = kernel.kernel_search(
                board, current, self._settings["cut"], moves, lines, keys, slots, stats, budget
            )
            cost = time.perf_counter() - started
            nodes = int(stats[kernel.STAT_NODES])
            total_nodes += nodes
            evaluations += int(stats[kernel.STAT_EVALUATIONS])
            hits += int(stats[kernel.STAT_CACHE_HITS])
            if nodes >= 2000 and cost > 0:
                self._rate = nodes / cost
            if stats[kernel.STAT_ABORTED]:
                break
            if last_nodes:
                growth = max(1.5, nodes / last_nodes)
            last_cost, last_nodes = cost, nodes
            best = max(legal, key=lambda m: values[m])
            info = SearchInfo(
                depth=current,
                score=float(values[best]),
                nodes=total_nodes,
                pv=(state.move_text(best),),
                elapsed=clock.elapsed(),
                extra={
                    "evaluations": evaluations,
                    "cache_hits": hits,
                    "target_depth": depth,
                    "nodes_per_second": round(self._rate),
                },
            )
            decision = Decision(best, info)
            if on_info is not None:
                on_info(info)
            if len(legal) == 1:
                break
        if decision is None:  # not even depth 1 fitted: the first legal move
            info = SearchInfo(
                depth=0, nodes=total_nodes, pv=(state.move_text(legal[0]),), elapsed=clock.elapsed()
            )
            decision = Decision(legal[0], info)
            if on_info is not None:
                on_info(info)
        return decision
