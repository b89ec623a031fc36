"""The Bot contract: choose a move for a state within a limit, and report how."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from plyground.bots.evaluators import tunable_weights
from plyground.core.errors import SettingsError
from plyground.core.evaluation import TunableWeight
from plyground.core.game import Game, Move, State
from plyground.core.limits import (
    LEAST_MOVE_SECONDS,
    MOST_MOVE_SECONDS,
    MOVE_SECONDS,
    Limit,
    SearchInfo,
)
from plyground.core.settings import Configured, Setting, format_spec

__all__ = ["TIME_SETTING", "Bot", "Decision", "InfoCallback"]

InfoCallback = Callable[[SearchInfo], None]

TIME_SETTING = Setting(
    "time",
    float,
    None,
    f"most seconds to think per move (none: the limit given, else {MOVE_SECONDS:g})",
    minimum=LEAST_MOVE_SECONDS,
    maximum=MOST_MOVE_SECONDS,
)
"""A bot's own time: only what its user chose. The referee's or the server's time per move
comes in the :class:`~plyground.core.limits.Limit` each move is chosen within."""
SEED_SETTING = Setting("seed", int, None, "random seed (none: fresh randomness)")


@dataclass(frozen=True)
class Decision:
    """A bot's answer: the move and the search information behind it."""

    move: Move
    info: SearchInfo


class Bot(Configured, ABC):
    """A player that chooses moves by itself.

    Subclasses set ``NAME``, ``DESCRIPTION``, ``SETTINGS`` (which should
    include :data:`TIME_SETTING`) and implement :meth:`choose`. A bot obeys
    the ``limit`` it is given (the referee's or the server's), capped by its
    own ``time`` setting when its user chose one (:meth:`time_limit`), by
    itself, and reports :class:`SearchInfo` through ``on_info``.
    """

    KIND = "bot"
    VERSION: ClassVar[str] = "1"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (TIME_SETTING,)
    GAMES: ClassVar[tuple[str, ...] | None] = None
    """Names of the games this bot plays (``None``: any two-player game)."""
    SOURCE: ClassVar[str | None] = None
    """For a bot loaded from a file or module, its target (``/home/me/mybot.py:MyBot``),
    which its :attr:`spec` names instead of ``NAME`` (set by the loader)."""

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.rng = random.Random(self._settings.get("seed"))

    @property
    def spec(self) -> str:
        """The text that makes this bot again, e.g. ``alphabeta(time=0.5)``."""
        return format_spec(self.SOURCE or self.NAME, self._settings)

    def supports(self, game: Game) -> bool:
        """True when this bot can play ``game``."""
        if self.GAMES is not None:
            return game.name in self.GAMES
        caps = game.capabilities
        return caps.players == 2 and not caps.chance

    def check_game(self, game: Game) -> None:
        """Raise SettingsError when this bot cannot play ``game``."""
        if not self.supports(game):
            raise SettingsError(f"bot {self.NAME!r} cannot play {game.spec!r}")

    def time_limit(self, limit: Limit | None) -> Limit:
        """The limit to obey: ``limit`` with its time capped by this bot's own ``time``
        setting (if its user chose one); without a limit, that setting, else
        :data:`~plyground.core.limits.MOVE_SECONDS`."""
        own = self._settings.get("time")
        if limit is None:
            return Limit(time=MOVE_SECONDS if own is None else own)
        return limit.capped(own)

    @abstractmethod
    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        """Pick a legal move for ``state`` (which must not be terminal)."""

    def new_game(self, game: Game) -> None:
        """Called before a game starts: a bot may reset what it learned."""

    def tunable_weights(self, game: Game) -> tuple[TunableWeight, ...]:
        """The weights this bot's evaluation of ``game`` declares for ``plyground tune``:
        the game's registered evaluation's, unless the bot picks another weight set."""
        return tunable_weights(game)

    def __repr__(self) -> str:
        return f"<Bot {self.spec}>"
