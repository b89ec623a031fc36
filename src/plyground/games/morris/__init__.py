"""Nine Men's Morris (docs/rules.md section 3): board tables, rules (the reference), evaluation."""

from plyground.games.morris import rules
from plyground.games.morris.board import POINTS
from plyground.games.morris.rules import *  # noqa: F403 - the package's API is its rules' API

__all__ = ["POINTS"]
__all__ += rules.__all__
