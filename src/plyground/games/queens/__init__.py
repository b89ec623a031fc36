"""N-Queens: the puzzle (reference rules), a fast solution counter, min-conflicts for large
boards and its learning encoding; its CSP model is :mod:`plyground.solvers.queens_csp`."""

from plyground.games.queens.rules import *  # noqa: F403 - the package's API is its rules' API
from plyground.games.queens.rules import __all__ as __all__
