"""Who plays the other seats of a two-player game seen as a single-agent environment.

An opponent is given as any plyground bot spec (``"greedy"``, ``"mcts:time=0.05"``,
``"./mybot.py:MyBot"``), a :class:`~plyground.bots.base.Bot`, or a policy: a callable
``policy(observation, mask) -> action`` that sees what the learner would see from the
opponent's seat (a snapshot of the learner, for self-play). :func:`opponent_of` turns
each into one function from a state to the move the opponent plays there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from plyground.bots import make_bot
from plyground.bots.base import Bot
from plyground.core.encoding import Encoding
from plyground.core.errors import IllegalMoveError, SettingsError
from plyground.core.game import Game, Move, State

__all__ = ["Opponent", "OpponentSpec", "Policy", "opponent_of"]

Policy: TypeAlias = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""A policy: the observation and legal-action mask of the player to move -> an action."""
OpponentSpec: TypeAlias = "str | Bot | Policy"
Opponent: TypeAlias = Callable[[State], Move]
"""The move the opponent plays in a state where it is to move."""


def opponent_of(
    spec: str | Bot | Policy, game: Game, encoding: Encoding, seed: int | None = None
) -> Opponent:
    """``spec`` (a bot spec, a bot, or a policy) as a function from a state to its move.

    A bot spec that leaves a ``seed`` setting unset gets ``seed``, so an environment
    seeded in ``reset`` meets the same opponent moves again. SettingsError when the bot
    cannot play ``game``; a policy's illegal action is an IllegalMoveError naming it.
    """
    if isinstance(spec, str):
        bot = make_bot(spec)
        seedable = "seed" in {s.name for s in bot.SETTINGS}
        if seed is not None and seedable and bot.settings.get("seed") is None:
            bot = make_bot(spec, seed=seed)
        spec = bot
    if isinstance(spec, Bot):
        bot = spec
        bot.check_game(game)
        bot.new_game(game)
        return lambda state: bot.choose(state).move
    if callable(spec):
        return _policy_opponent(spec, encoding)
    raise SettingsError(
        f"an opponent is a bot spec, a Bot or a policy(observation, mask), got {spec!r}"
    )


def _policy_opponent(policy: Policy, encoding: Encoding) -> Opponent:
    def move(state: State) -> Move:
        mask = encoding.mask(state)
        action = encoding.check_action(policy(encoding.observe(state, state.to_move()), mask))
        if not mask[action]:
            raise IllegalMoveError(
                f"the opponent's policy chose action {action}, which is not legal in "
                f"{state.text()!r}"
            )
        return encoding.move(action)

    return move
