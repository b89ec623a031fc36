"""2048: the plain-Python rules (reference), the evaluation, and the numba kernel."""

from plyground.games.g2048.rules import *  # noqa: F403 - the package's API is its rules' API
from plyground.games.g2048.rules import __all__ as __all__
