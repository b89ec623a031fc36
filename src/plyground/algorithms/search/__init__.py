"""Adversarial and expectation search over the core contract."""

from plyground.algorithms.search.alphabeta import AlphaBeta, SearchResult
from plyground.algorithms.search.evaluator import Evaluator

__all__ = ["AlphaBeta", "Evaluator", "SearchResult"]
