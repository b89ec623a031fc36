"""The two baseline bots: ``random`` and ``greedy`` (one-ply best material)."""

from __future__ import annotations

import time
from typing import ClassVar

from plyground.bots.base import SEED_SETTING, TIME_SETTING, Bot, Decision, InfoCallback
from plyground.core.game import TERMINAL, Game, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import Setting

__all__ = ["BaselineBot", "GreedyBot", "RandomBot"]


def plays_baseline(game: Game) -> bool:
    """The games the baselines play: two-player games without chance, as every bot, and
    games of chance played alone (2048), where a legal move is all they need and they
    are what a learner's score is first measured against. A puzzle (N-Queens) is left
    to its solvers."""
    caps = game.capabilities
    return (caps.players == 2 and not caps.chance) or (caps.players == 1 and caps.chance)


class BaselineBot(Bot):
    """A baseline: plays the games of :func:`plays_baseline`, with a time and a seed."""

    SETTINGS: ClassVar[tuple[Setting, ...]] = (TIME_SETTING, SEED_SETTING)

    def supports(self, game: Game) -> bool:
        """As :func:`plays_baseline` (in 2048, ``greedy`` plays the move that scores the
        most now)."""
        return plays_baseline(game)


class RandomBot(BaselineBot):
    """Plays a uniformly random legal move."""

    NAME = "random"
    DESCRIPTION = "a uniformly random legal move"

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        move = self.rng.choice(list(state.legal_moves()))
        info = SearchInfo(depth=0, nodes=1, pv=(state.move_text(move),))
        if on_info:
            on_info(info)
        return Decision(move, info)


class GreedyBot(BaselineBot):
    """Plays the move with the best immediate return (ties broken at random).

    In the adjacency game that is the move flipping the most marks.
    """

    NAME = "greedy"
    DESCRIPTION = "one ply: the move with the best immediate material (ties at random)"

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        start = time.perf_counter()
        player = state.to_move()
        best_value = float("-inf")
        best = []
        for move in state.legal_moves():
            child = state.play(move)
            value = child.returns()[player]
            if child.to_move() == TERMINAL:
                value += 0.5 * (1 if value > 0 else -1 if value < 0 else 0)
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        move = self.rng.choice(best)
        info = SearchInfo(
            depth=1,
            score=best_value,
            nodes=len(state.legal_moves()),
            pv=(state.move_text(move),),
            elapsed=time.perf_counter() - start,
        )
        if on_info:
            on_info(info)
        return Decision(move, info)
