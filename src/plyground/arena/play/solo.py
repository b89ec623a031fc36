"""Playing one-player games with chance (2048) to the end, with seeded chance.

The randomness of a game lives here, in the driver, never in the rules: a
:class:`random.Random` seeded by the caller picks every chance outcome, so a
seed fixes the tiles a game sees for a given sequence of moves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from plyground.bots.base import Bot
from plyground.core.chance import draw_outcome
from plyground.core.collection import collection_paused
from plyground.core.game import CHANCE, Game, Move, State
from plyground.core.limits import Limit, SearchInfo

__all__ = ["SoloResult", "play_solo"]


@dataclass
class SoloResult:
    """How a one-player game went: the final state, moves, time and milestones."""

    final: State
    moves: int = 0
    seconds: float = 0.0
    finished: bool = False
    """True when the game ended by the rules (not by the move cap)."""
    nodes: int = 0
    search_seconds: float = 0.0
    milestones: dict[int, int] = field(default_factory=dict)
    """For 2048: tile value -> the move number on which it first appeared."""


def play_solo(
    game: Game,
    bot: Bot,
    seed: int,
    *,
    limit: Limit | None = None,
    max_moves: int | None = None,
    start: State | None = None,
    on_move: Callable[[State, Move, SearchInfo], None] | None = None,
    milestone: Callable[[State], int] | None = None,
    until: Callable[[State], bool] | None = None,
) -> SoloResult:
    """Play ``bot`` from ``start`` (the game's start by default) until the end or ``max_moves``.

    ``on_move(state, move, info)`` hears every move before it is played;
    ``milestone(state)`` (for 2048: the largest tile) is recorded the first
    time each value appears; the game also stops before the player's turn
    once ``until(state)`` is true (for 2048: a tile to stop at).
    """
    rng = random.Random(seed)
    state = start if start is not None else game.initial_state()
    bot.check_game(game)
    bot.new_game(game)
    result = SoloResult(final=state)
    started = time.perf_counter()
    while not state.is_terminal():
        if state.to_move() == CHANCE:
            state = state.play(draw_outcome(state.chance_outcomes(), rng))
            if milestone is not None:
                mark = milestone(state)
                result.milestones.setdefault(mark, result.moves)
            continue
        if max_moves is not None and result.moves >= max_moves:
            break
        if until is not None and until(state):
            break
        with collection_paused():  # as in the arena: no collection inside a timed move
            decision = bot.choose(state, limit)
        result.nodes += decision.info.nodes
        result.search_seconds += decision.info.elapsed
        if on_move is not None:
            on_move(state, decision.move, decision.info)
        state = state.play(decision.move)
        result.moves += 1
    result.final = state
    result.finished = state.is_terminal()
    result.seconds = time.perf_counter() - started
    return result
