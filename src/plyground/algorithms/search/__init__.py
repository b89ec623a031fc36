"""Adversarial and expectation search over the core contract."""

from plyground.algorithms.search.alphabeta import AlphaBeta
from plyground.algorithms.search.deepening import DeepeningSearch, SearchResult
from plyground.algorithms.search.evaluator import Evaluator
from plyground.algorithms.search.minimax import MinimaxResult, minimax

__all__ = ["AlphaBeta", "DeepeningSearch", "Evaluator", "MinimaxResult", "SearchResult", "minimax"]
