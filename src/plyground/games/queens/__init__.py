"""N-Queens: the puzzle (reference rules), its CSP model, a fast counter and local search."""

from plyground.games.queens.rules import *  # noqa: F403 - the package's API is its rules' API
from plyground.games.queens.rules import __all__ as __all__
