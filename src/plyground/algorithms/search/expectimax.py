"""Game-agnostic depth-limited expectimax for one-player games with chance.

Max nodes are the player's states (the best child counts), chance nodes are
states whose ``to_move()`` is :data:`~plyground.core.game.CHANCE` (the
probability-weighted mean of the outcomes counts). It works on any game of
the core contract with one player, through an :class:`Evaluator`:

* **depth** counts the player's moves: a search of depth ``d`` looks ``d``
  moves ahead, and a chance node reached after the ``d``-th move is valued
  by ``evaluator.evaluate`` (for 2048: the board after the move, before the
  spawn);
* a **probability cut**: a chance node whose probability of being reached
  (the product of the outcome probabilities from the root) is below ``cut``
  is valued by the evaluator too, which prunes the unlikely branches that
  dominate the tree;
* a **cache** of chance nodes' values with the depth they were searched to,
  used again only for the same or a shallower depth, within one search;
* a **terminal** state is worth ``evaluator.terminal(state, 0, ply)``;
* iterative deepening under a :class:`~plyground.core.limits.Limit`: each
  completed depth is reported; the move of the deepest completed depth is
  played, so the search always answers in time.

Contract: :meth:`Expectimax.value` of a chance node is
``sum(p * value(child))`` over its outcomes, of a max node
``max(value(child))`` over its moves, with the cut and the depth as above.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import partial

from plyground.algorithms.search.deepening import DeepeningSearch, SearchResult
from plyground.core.evaluation import Evaluator
from plyground.core.game import CHANCE, TERMINAL, Move, State
from plyground.core.limits import Limit, SearchInfo

__all__ = ["Expectimax"]


class Expectimax(DeepeningSearch):
    """Depth-limited expectimax with a probability cut and a cache (see the module docstring).

    ``cut`` is the probability below which a chance node is evaluated
    instead of searched (0 disables it); ``cache_size`` bounds the cache of
    chance-node values (0 disables it).
    """

    def __init__(
        self, evaluator: Evaluator | None = None, cut: float = 0.0, cache_size: int = 1 << 18
    ) -> None:
        if not 0.0 <= cut < 1.0:
            raise ValueError(f"the probability cut must be in [0, 1), got {cut!r}")
        if cache_size < 0:
            raise ValueError(f"the cache size must not be negative, got {cache_size!r}")
        self.evaluator = evaluator or Evaluator()
        self.cut = cut
        self.cache_size = cache_size
        self.cache: dict[State, tuple[int, float]] = {}
        self.nodes = 0
        self.chance_nodes = 0
        self.evaluations = 0
        self.cache_hits = 0

    # -- public -------------------------------------------------------------
    def iterate(self, state: State, limit: Limit) -> Iterator[SearchResult]:
        """Yield a result after each completed depth, from 1 up to ``limit.depth``.

        Always yields at least once: if not even depth 1 completes in time, it
        yields the first legal move. Without a depth limit, deepening stops
        once a depth reached no horizon (the values are exact) or at depth 64.
        """
        self._check(state)
        moves = list(state.legal_moves())
        self._start(limit)
        self.chance_nodes = self.evaluations = self.cache_hits = 0
        max_depth = limit.depth or 64
        search_depth = partial(self._search_depth, state, moves)
        yield from self.deepen(state, search_depth, max_depth, moves[0])

    def _search_depth(self, state: State, moves: list[Move], depth: int) -> SearchResult:
        """One iteration: every root move valued ``depth`` moves deep (raises
        :class:`OutOfTimeError`)."""
        evaluations_before = self.evaluations
        values = self.move_values(state, depth)
        best = max(moves, key=lambda m: values[m])
        exact = self.evaluations == evaluations_before
        info = SearchInfo(
            depth=depth,
            score=values[best],
            nodes=self.nodes,
            pv=(state.move_text(best),),
            elapsed=self._clock.elapsed(),
            extra={
                "chance_nodes": self.chance_nodes,
                "evaluations": self.evaluations,
                "cache_hits": self.cache_hits,
                **({"exact": True} if exact else {}),
            },
        )
        return SearchResult(best, info, exact)

    def move_values(self, state: State, depth: int) -> dict[Move, float]:
        """The expectimax value of each legal move at a max node, searched ``depth`` moves deep."""
        self._check(state)
        self.cache.clear()
        return {
            move: self.value(state.play(move), depth - 1, 1.0, 1) for move in state.legal_moves()
        }

    def value(self, state: State, depth: int, probability: float = 1.0, ply: int = 0) -> float:
        """The value of any state with ``depth`` moves left to search (see the contract)."""
        self._tick()
        player = state.to_move()
        if player == TERMINAL:
            return self.evaluator.terminal(state, 0, ply)
        if player == CHANCE:
            return self._chance(state, depth, probability, ply)
        if depth <= 0:
            self.evaluations += 1
            return self.evaluator.evaluate(state)
        best = -math.inf
        for move in state.legal_moves():
            best = max(best, self.value(state.play(move), depth - 1, probability, ply + 1))
        return best

    # -- the search ---------------------------------------------------------
    @staticmethod
    def _check(state: State) -> None:
        if state.game.capabilities.players != 1:
            raise ValueError(
                f"expectimax here plays one-player games; {state.game.spec!r} has "
                f"{state.game.capabilities.players} players"
            )
        if state.to_move() != 0:
            raise ValueError(f"no move to search: {state.text()!r} is not the player's turn")

    def _chance(self, state: State, depth: int, probability: float, ply: int) -> float:
        self.chance_nodes += 1
        if depth <= 0 or probability < self.cut:
            self.evaluations += 1
            return self.evaluator.evaluate(state)
        entry = self.cache.get(state) if self.cache_size else None
        if entry is not None and entry[0] >= depth:
            self.cache_hits += 1
            return entry[1]
        total = 0.0
        for outcome, chance in state.chance_outcomes():
            total += chance * self.value(state.play(outcome), depth, probability * chance, ply)
        if self.cache_size:
            if len(self.cache) >= self.cache_size:
                self.cache.clear()
            self.cache[state] = (depth, total)
        return total
