"""The endgame tables checked against the compiled search (``plyground endgames --check``).

A sample of tabled positions is searched to a fixed depth without the tables:
a position the tables decide within that depth must get exactly that score
from the search, any other position no decisive one. It sits apart from the
tables and the engine, which it uses both of.
"""

from __future__ import annotations

import random

from plyground.core.limits import Limit
from plyground.games.morris.endgames import EndgameTables, table_size
from plyground.games.morris.engine import MorrisEngine
from plyground.games.morris.evaluation import WIN
from plyground.games.morris.rules import MorrisGame, MorrisState
from plyground.games.morris.search import DECISIVE

__all__ = ["check_against_search"]


def check_against_search(
    tables: EndgameTables, count: int, rng: random.Random, depth: int = 7
) -> tuple[int, int]:
    """Compare ``count`` positions sampled from ``tables`` with the compiled search (no
    tables, full width: no late move reductions, which may miss a forced line) to
    ``depth``: a position decided within ``depth`` plies must get that exact score, any
    other none decisive. Returns (agreeing, checked)."""
    game = MorrisGame()
    pairs = tables.tables()
    agreed = 0
    for _ in range(count):
        a, b = rng.choice(pairs)
        own, theirs = tables.position(a, b, rng.randrange(table_size(a, b)))
        state = MorrisState(game, own, theirs, white_hand=0, black_hand=0, turns=60)
        solved = tables.value(own, theirs) or 0
        distance = solved - 1
        if state.is_terminal():
            agreed += solved == 1
            continue
        search = MorrisEngine(table_size=1 << 16, exact=True)
        reach = min(distance, depth) if solved else depth
        score = search.search(state, Limit(depth=reach)).info.score or 0.0
        if solved and distance <= depth:
            agreed += score == (WIN - distance if distance % 2 else distance - WIN)
        else:
            agreed += abs(score) < DECISIVE
    return agreed, count
