"""Plain minimax (in negamax form) over the core contract, with node counting.

The textbook algorithm, for games small enough to search to the end
(tic-tac-toe) and as a reference that faster searches are tested against:
every move of every position is searched, and each position visited is
counted, so the counts show what pruning and memoisation save.

* ``memo=True`` remembers each position already searched, so a position
  reached by several move orders is searched once (in tic-tac-toe: once per
  reachable position). Pass a dict as ``table`` instead to keep the memo
  between searches of the same game with the same evaluator: a later search
  from another root reuses it. Entries are keyed by the position and the
  plies the search had left below it (``None`` without a depth limit), and
  hold values relative to the position: decided-game scores adjusted by
  distance are converted with ``Evaluator.to_table`` / ``from_table``, so
  an evaluator whose terminal values depend on the ply must declare them
  as decisive (see :class:`~plyground.algorithms.search.Evaluator`).
* ``prune=True`` is plain alpha-beta: the same tree walked in the same
  (natural) order, cut off where a move cannot change the result. The root
  value is still exact, but the other root moves' values are only bounds,
  so ``move_values`` then holds the best move alone.

A value is always for the player to move in the position searched; a child
position with the same player to move keeps its sign, one with the other
player negates it.
"""

from __future__ import annotations

import math
from collections.abc import MutableMapping
from dataclasses import dataclass, field

from plyground.core.evaluation import Evaluator
from plyground.core.game import CHANCE, TERMINAL, Move, State

__all__ = ["MinimaxResult", "minimax"]


@dataclass(frozen=True)
class MinimaxResult:
    """What a minimax search found at the root.

    ``move_values`` maps each root move to its value for the player to move
    (only the best move with ``prune=True``); ``best_moves`` lists the moves
    of the best value in the game's move order; ``nodes`` counts every
    position visited, the root and the terminal positions included;
    ``depth`` is the deepest ply reached; ``exact`` is True when no
    position was cut off by the depth limit.
    """

    value: float
    move_values: dict[Move, float] = field(default_factory=dict)
    best_moves: tuple[Move, ...] = ()
    nodes: int = 0
    depth: int = 0
    exact: bool = True


_Table = MutableMapping[tuple[State, int | None, int], float]


class _Search:
    """One minimax run: its settings, counters and memo."""

    def __init__(
        self, evaluator: Evaluator, depth: int | None, table: _Table | None, prune: bool
    ) -> None:
        self.evaluator = evaluator
        self.max_depth = depth
        self.table = table
        self.prune = prune
        self.nodes = 0
        self.deepest = 0
        self.horizon = False

    def remaining(self, ply: int) -> int | None:
        return None if self.max_depth is None else self.max_depth - ply

    def child_value(self, child: State, player: int, ply: int, alpha: float, beta: float) -> float:
        """The value of ``child`` (reached at ``ply``) for ``player``, who moved into it."""
        child_player = child.to_move()
        if child_player == TERMINAL:
            return self.terminal_value(child, player, ply)
        if child_player == player:
            return self.value(child, ply, alpha, beta)
        return -self.value(child, ply, -beta, -alpha)

    def terminal_value(self, state: State, player: int, ply: int) -> float:
        key = (state, None, player)
        table = self.table
        if table is not None and key in table:
            return self.evaluator.from_table(table[key], ply)
        self.nodes += 1
        self.deepest = max(self.deepest, ply)
        value = self.evaluator.terminal(state, player, ply)
        if table is not None:
            table[key] = self.evaluator.to_table(value, ply)
        return value

    def value(self, state: State, ply: int, alpha: float, beta: float) -> float:
        """The value of non-terminal ``state`` for its player to move (exact when not pruning)."""
        remaining = self.remaining(ply)
        key = (state, remaining, -1)
        table = self.table
        if table is not None and key in table:
            return self.evaluator.from_table(table[key], ply)
        self.nodes += 1
        self.deepest = max(self.deepest, ply)
        if remaining == 0:
            self.horizon = True
            return self.evaluator.evaluate(state)
        player = state.to_move()
        if player == CHANCE:
            raise ValueError("minimax does not handle chance nodes; use expectimax")
        best = -math.inf
        for move in state.legal_moves():
            value = self.child_value(state.play(move), player, ply + 1, alpha, beta)
            if value > best:
                best = value
                if self.prune and best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        if table is not None:
            table[key] = self.evaluator.to_table(best, ply)
        return best


def minimax(
    state: State,
    evaluator: Evaluator | None = None,
    *,
    depth: int | None = None,
    memo: bool = False,
    table: _Table | None = None,
    prune: bool = False,
) -> MinimaxResult:
    """Search ``state`` by minimax: to the end of the game, or ``depth`` plies.

    Terminal positions are valued by ``evaluator.terminal(state, player,
    ply)`` (``ply`` counted from the root), positions at the depth limit by
    ``evaluator.evaluate``. The default evaluator uses the game's returns.

    >>> from plyground.games import load_game
    >>> minimax(load_game("tictactoe").initial_state()).nodes
    549946
    """
    if state.is_terminal():
        raise ValueError(f"no move to search: the game is over in {state.text()!r}")
    if table is None and memo:
        table = {}
    if table is not None and prune:
        raise ValueError("memo and prune cannot be combined: pruned values are only bounds")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    search = _Search(evaluator or Evaluator(), depth, table, prune)
    player = state.to_move()
    if player == CHANCE:
        raise ValueError("minimax does not handle chance nodes; use expectimax")
    search.nodes = 1
    move_values: dict[Move, float] = {}
    best = -math.inf
    for move in state.legal_moves():
        alpha = best if prune else -math.inf
        value = search.child_value(state.play(move), player, 1, alpha, math.inf)
        if prune:
            if value > best:
                move_values = {move: value}
        else:
            move_values[move] = value
        best = max(best, value)
    best_moves = tuple(move for move, value in move_values.items() if value == best)
    return MinimaxResult(
        value=best + 0.0,  # never -0.0
        move_values=move_values,
        best_moves=best_moves,
        nodes=search.nodes,
        depth=search.deepest,
        exact=not search.horizon,
    )
