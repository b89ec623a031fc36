"""A learned policy as a plyground bot: its ``choose`` asks the policy.

Subclass :class:`PolicyBot` and give it :meth:`~PolicyBot.act`, which sees
exactly what the environments show an agent (the game's observation of the
position for the player to move, and the legal actions' mask) and answers an
action number. The bot turns the action back into a move, so a policy trained
through :func:`plyground.rl.aec_env` plays matches, tournaments and the web
app like any other bot (docs/rl.md, docs/plugins.md)::

    class MyPolicy(PolicyBot):
        def act(self, observation, mask):
            return int(np.argmax(np.where(mask, self.q_values(observation), -np.inf)))

and ``plyground match --game tictactoe ./mypolicy.py:MyPolicy perfect``.
"""

from __future__ import annotations

import time
from abc import abstractmethod

import numpy as np
import numpy.typing as npt

from plyground.bots.base import Bot, Decision, InfoCallback
from plyground.core.encoding import Encoding, encoding_of
from plyground.core.errors import IllegalMoveError
from plyground.core.game import Game, State
from plyground.core.limits import Limit, SearchInfo

__all__ = ["PolicyBot"]


class PolicyBot(Bot):
    """A bot that plays the action its policy (:meth:`act`) picks."""

    NAME = "policy"
    DESCRIPTION = "a learned policy: the action it picks for the observed position"

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._encodings: dict[Game, Encoding] = {}

    @abstractmethod
    def act(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The action to play: the observation and legal-action mask of the player to move,
        as :func:`plyground.rl.aec_env` shows them."""

    def encoding(self, game: Game) -> Encoding:
        """``game``'s encoding (made once per game)."""
        if game not in self._encodings:
            self._encodings[game] = encoding_of(game)
        return self._encodings[game]

    def supports(self, game: Game) -> bool:
        """Every game with an encoding, one-player games (2048) too: the policy is asked only
        at a player's turn, never at a chance node."""
        return game.ENCODING is not None

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        start = time.perf_counter()
        encoding = self.encoding(state.game)
        mask = encoding.mask(state)
        action = self.act(encoding.observe(state, state.to_move()), mask)
        move = encoding.move(encoding.check_action(action))
        if not mask[encoding.action(move)]:
            raise IllegalMoveError(
                f"the policy chose action {action}, which is not legal in {state.text()!r}"
            )
        info = SearchInfo(pv=(state.move_text(move),), elapsed=time.perf_counter() - start)
        if on_info:
            on_info(info)
        return Decision(move, info)
