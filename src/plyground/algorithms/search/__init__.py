"""Adversarial and expectation search over the core contract."""

from plyground.algorithms.search.alphabeta import AlphaBeta, SearchResult
from plyground.algorithms.search.evaluator import Evaluator
from plyground.algorithms.search.minimax import MinimaxResult, minimax

__all__ = ["AlphaBeta", "Evaluator", "MinimaxResult", "SearchResult", "minimax"]
