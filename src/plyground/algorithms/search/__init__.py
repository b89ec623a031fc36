"""Adversarial and expectation search over the core contract.

A search's game knowledge comes in through :class:`plyground.core.evaluation.Evaluator`.
"""

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.algorithms.search.deepening import DeepeningSearch, SearchResult
from plyground.algorithms.search.minimax import MinimaxResult, minimax

__all__ = ["AlphaBeta", "DeepeningSearch", "MinimaxResult", "SearchResult", "minimax"]
