"""Node counts of the searches on tic-tac-toe from the empty board, with their times.

    PYTHONPATH=src python benchmarks/tictactoe_nodes.py

Counts are exact and machine-independent (the tests pin them); the times
are not.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from plyground.algorithms.search import AlphaBeta, minimax
from plyground.core import Limit
from plyground.core.evaluation import Evaluator
from plyground.games import load_game
from plyground.games.tictactoe.evaluation import TicTacToeEvaluator


def main() -> None:
    start = load_game("tictactoe").initial_state()
    rows: list[tuple[str, Callable[[], int]]] = [
        ("plain minimax, natural order", lambda: minimax(start).nodes),
        ("minimax, memoised (one visit per position)", lambda: minimax(start, memo=True).nodes),
        ("plain alpha-beta, natural order, win/loss +-1", lambda: minimax(start, prune=True).nodes),
        (
            "plain alpha-beta, natural order, depth-adjusted scores",
            lambda: minimax(start, TicTacToeEvaluator(), prune=True).nodes,
        ),
        (
            "generic AlphaBeta (ID to 9, table, killers), rules-only evaluator",
            lambda: AlphaBeta(Evaluator()).search(start, Limit(depth=9)).info.nodes,
        ),
        (
            "generic AlphaBeta (ID to 9, table, killers, win/block/centre order)",
            lambda: AlphaBeta(TicTacToeEvaluator()).search(start, Limit(depth=9)).info.nodes,
        ),
    ]
    for label, count in rows:
        began = time.perf_counter()
        nodes = count()
        print(f"{nodes:9,d} nodes  {time.perf_counter() - began:6.2f} s  {label}", flush=True)


if __name__ == "__main__":
    main()
