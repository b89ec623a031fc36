"""A Python bot in a file: plyground loads it as ``./mybot.py:MyBot``.

    plyground match ./mybot.py:MyBot greedy --games 4
    plyground match ./mybot.py:MyBot:depth=3 greedy --games 4

It looks ``depth`` moves ahead (negamax on the score) and keeps the best move
of the deepest search that finished in time. Change ``evaluate`` or the
search and see what it does; docs/your-first-bot.md explains each part.
"""

from __future__ import annotations

import time

from plyground import Bot, Decision, Limit, SearchInfo, Setting, State
from plyground.bots import TIME_SETTING


class OutOfTimeError(Exception):
    """The search's deadline passed."""


class MyBot(Bot):
    """Looks a few moves ahead and counts the marks."""

    SETTINGS = (TIME_SETTING, Setting("depth", int, 2, "moves to look ahead", minimum=1))

    def choose(self, state: State, limit: Limit | None = None, on_info=None) -> Decision:
        seconds = self.time_limit(limit).time or 1.0
        deadline = time.monotonic() + seconds * 0.8
        me = state.to_move()
        moves = list(state.legal_moves())
        best, done = moves[0], 0
        for depth in range(1, self.settings["depth"] + 1):
            try:
                best = max(
                    moves, key=lambda m: -self.negamax(state.play(m), 1 - me, depth - 1, deadline)
                )
            except OutOfTimeError:
                break
            done = depth
        info = SearchInfo(depth=done, pv=(state.move_text(best),))
        if on_info:
            on_info(info)
        return Decision(best, info)

    def negamax(self, state: State, player: int, depth: int, deadline: float) -> float:
        """The value of ``state`` for ``player``, the one to move there, ``depth`` moves ahead."""
        if time.monotonic() > deadline:
            raise OutOfTimeError
        if depth == 0 or state.is_terminal():
            return self.evaluate(state, player)
        return max(
            -self.negamax(state.play(m), 1 - player, depth - 1, deadline)
            for m in state.legal_moves()
        )

    def evaluate(self, state: State, player: int) -> float:
        """The score for ``player``: its marks minus the opponent's."""
        return state.returns()[player]
