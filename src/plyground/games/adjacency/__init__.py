"""The Adjacency Strategy Game: rules (reference), evaluation, and accelerated kernels."""

from plyground.games.adjacency.rules import *  # noqa: F403 - the package's API is its rules' API
from plyground.games.adjacency.rules import __all__ as __all__
