"""Game-agnostic negamax alpha-beta with iterative deepening.

This is the readable reference search: it works on any deterministic game
with alternating or repeated turns through the core contract, with

* a transposition table keyed by the (hashable) state,
* move ordering: the table's best move first, then up to two "killer"
  moves (moves that caused a cutoff at the same ply elsewhere in the tree:
  a refutation often refutes the neighbouring lines too), then the
  evaluator's order,
* a clock checked every few hundred nodes, so :meth:`AlphaBeta.search`
  always answers in time with the best move of the last completed depth,
* exact values at terminal positions, and an early stop once a depth is
  searched without reaching the horizon anywhere (the game is solved),
* decided-game scores adjusted by distance (fastest win, slowest loss)
  stored in the table relative to their position (``Evaluator.decisive``),
  so they stay right when the next search starts from another root.

Contract of :meth:`AlphaBeta._negamax`: it returns a value ``v`` for the
player to move with the fail-soft alpha-beta guarantee: if ``v <= alpha`` the
true value is at most ``v``; if ``v >= beta`` it is at least ``v``; otherwise
``v`` is exact (to the searched depth).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import partial

from plyground.algorithms.search.deepening import DeepeningSearch, SearchResult
from plyground.core.evaluation import Evaluator
from plyground.core.game import CHANCE, TERMINAL, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.search_results import line_texts

__all__ = ["AlphaBeta", "SearchResult"]

_EXACT, _LOWER, _UPPER = 0, 1, 2


class AlphaBeta(DeepeningSearch):
    """Iterative-deepening negamax alpha-beta over the core contract.

    ``table_size`` bounds the transposition table (entries); it is kept
    between searches so a bot's next move reuses what it learned.

    Replacement rule: a position already in the table is always overwritten
    by its latest result; a new position is stored only while the table has
    fewer than ``table_size`` entries, so within one search the table keeps
    what it learned first (the shallow iterations: the positions near the
    root, which order the deeper ones) and never grows past its bound. A
    table found full when a search starts is emptied, so each move's search
    has room for its own positions.
    """

    def __init__(self, evaluator: Evaluator | None = None, table_size: int = 1 << 20) -> None:
        if table_size < 1:
            raise ValueError(f"table_size must be at least 1, got {table_size}")
        self.evaluator = evaluator or Evaluator()
        self.table_size = table_size
        # state -> (depth, bound flag, value, best move, value is final: no horizon below)
        self.table: dict[State, tuple[int, int, float, Move | None, bool]] = {}
        self.nodes = 0
        self._horizon_reached = False
        self._killers: list[list[Move]] = []

    # -- public -------------------------------------------------------------
    def iterate(self, state: State, limit: Limit) -> Iterator[SearchResult]:
        """Yield a result after each completed depth, until a limit or an exact value.

        Always yields at least once: if not even depth 1 completes in time,
        it yields the first legal move in the evaluator's order.
        """
        if state.is_terminal():
            raise ValueError(f"no move to search: the game is over in {state.text()!r}")
        if state.to_move() == CHANCE:
            raise ValueError("alpha-beta does not handle chance nodes; use expectimax")
        moves = list(self.evaluator.order(state, state.legal_moves()))
        self._start(limit)
        if len(self.table) >= self.table_size:
            self.table.clear()
        max_depth = limit.depth or 1000
        self._killers = [[] for _ in range(max_depth + 1)]
        search_depth = partial(self._search_depth, state, moves)
        yield from self.deepen(state, search_depth, max_depth, moves[0])

    def _search_depth(self, state: State, moves: list[Move], depth: int) -> SearchResult:
        """One iteration: the root searched to ``depth`` (raises :class:`OutOfTimeError`)."""
        self._horizon_reached = False
        score = self._negamax(state, depth, -math.inf, math.inf, 0)
        pv = self._principal_variation(state, depth)
        move = pv[0] if pv else moves[0]
        exact = not self._horizon_reached
        info = SearchInfo(
            depth=depth,
            score=score,
            nodes=self.nodes,
            pv=tuple(line_texts(state, pv)),
            elapsed=self._clock.elapsed(),
            extra={"exact": True} if exact else {},
        )
        return SearchResult(move, info, exact)

    # -- the search ---------------------------------------------------------
    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._tick()
        player = state.to_move()
        if depth == 0:
            self._horizon_reached = True
            return self.evaluator.evaluate(state)
        alpha_start = alpha
        stored, cut, table_move = self._probe(state, depth, alpha, beta, ply)
        if cut is not None:
            return cut
        outer_horizon = self._horizon_reached
        self._horizon_reached = False
        killers = self._killers[ply] if ply < len(self._killers) else []
        moves = self._ordered(state, table_move, killers)
        best = -math.inf
        best_move: Move | None = None
        evaluator = self.evaluator
        for move in moves:
            child = state.play(move)
            child_player = child.to_move()
            if child_player == TERMINAL:
                self._tick()
                value = evaluator.terminal(child, player, ply + 1)
            elif child_player == player:
                value = self._negamax(child, depth - 1, alpha, beta, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if move != table_move and killers[:1] != [move]:
                            killers.insert(0, move)
                            del killers[2:]
                        break
        flag = _UPPER if best <= alpha_start else _LOWER if best >= beta else _EXACT
        final = not self._horizon_reached
        if stored or len(self.table) < self.table_size:
            self.table[state] = (depth, flag, evaluator.to_table(best, ply), best_move, final)
        self._horizon_reached = outer_horizon or not final
        return best

    def _probe(
        self, state: State, depth: int, alpha: float, beta: float, ply: int
    ) -> tuple[bool, float | None, Move | None]:
        """The table on ``state``: whether it holds the position, the value when that
        decides the node (else None), and the move it stored."""
        entry = self.table.get(state)
        if entry is None:
            return False, None, None
        entry_depth, flag, value, table_move, final = entry
        value = self.evaluator.from_table(value, ply)
        if (
            (entry_depth >= depth or final)
            and ply > 0
            and (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            )
        ):
            if not final:
                self._horizon_reached = True
            return True, value, table_move
        return True, None, table_move

    def _ordered(self, state: State, table_move: Move | None, killers: list[Move]) -> list[Move]:
        """The evaluator's move order, with the table's move and the killers first."""
        moves = list(self.evaluator.order(state, state.legal_moves()))
        front = [m for m in (table_move, *killers) if m is not None and m in moves]
        if front:
            front = list(dict.fromkeys(front))
            moves = [*front, *(m for m in moves if m not in front)]
        return moves

    def _principal_variation(self, state: State, depth: int) -> list[Move]:
        line: list[Move] = []
        seen = set()
        while len(line) < depth and not state.is_terminal() and state not in seen:
            seen.add(state)
            entry = self.table.get(state)
            if entry is None or entry[3] is None or entry[3] not in state.legal_moves():
                break
            line.append(entry[3])
            state = state.play(entry[3])
        return line
