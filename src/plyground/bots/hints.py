"""Hints: the best move of a position for the person to move, and how it is known.

The shared base of every game's hints. A game's profile names its
:class:`HintSource` (``hint``, :class:`~plyground.core.profile.GameProfile`),
which the hinter (:class:`plyground.arena.analysis.hints.Hinter`, for the web
app's *Hint* and ``plyground play``'s ``hint``) makes and keeps. A source that
hints by a bot's move is a :class:`BotHints` beside its bot: tic-tac-toe's in
:mod:`plyground.bots.perfect`, Morris's in :mod:`plyground.bots.morris`, 2048's
in :mod:`plyground.bots.g2048`; the adjacency game's hints are its analysis's
(:mod:`plyground.arena.adjacency_analysis.hints`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.settings import Setting, resolve_settings

if TYPE_CHECKING:  # the bots load numba: imported when first used
    from plyground.bots.base import Bot

__all__ = ["HINT_SECONDS", "BotHints", "GameHint", "HintSource"]

HINT_SECONDS = 1.0
"""A hint's budget (the web app's and ``plyground play``'s): an exact solve's, then (if it
runs out) as long for the engine."""


@dataclass(frozen=True)
class GameHint:
    """A hint: the best moves found (the first the one to play) and facts for a person."""

    best: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]
    """(label, value) pairs: ``("By", "the opening book")``."""

    def line(self) -> str:
        """The hint in one line: ``e1 (Best moves: e1 f1; Value (X − O): -2; ...)``."""
        return f"{self.best[0]} ({'; '.join(f'{label}: {value}' for label, value in self.facts)})"


class HintSource(ABC):
    """Answers one game's hints within ``seconds`` each, keeping what it loads between
    them (a game's profile names its class; :class:`Hinter` makes it). One at a time.

    A source may take :attr:`OPTIONS` (2048's: the evaluation its bot searches with),
    each with choices, so that a front end can offer them (the page, beside its Hint
    button); :meth:`made` makes a source for chosen options."""

    OPTIONS: ClassVar[tuple[Setting, ...]] = ()

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.options: dict[str, Any] = resolve_settings(self.OPTIONS, {}, "hint")
        """This source's options (:attr:`OPTIONS`, checked, defaults filled in)."""

    @classmethod
    def made(cls, seconds: float, options: Mapping[str, Any]) -> HintSource:
        """A source of ``seconds`` a hint with ``options``; SettingsError naming an option
        it does not take, or a value not among its choices."""
        source = cls(seconds)
        source.options = resolve_settings(cls.OPTIONS, options, "hint")
        return source

    @abstractmethod
    def prepare(self, game: Game) -> None:
        """Load what a hint of ``game`` needs (kernels, tables, a bot's memo) now."""

    @abstractmethod
    def hint(self, state: State) -> GameHint:
        """The hint for the side to move in ``state``, a position with a move to make."""


class BotHints(HintSource):
    """Hints by a bot's move: the bot is :attr:`BOT` (a spec), thinking at most
    :attr:`SECONDS` a hint, made and loaded at its first use."""

    BOT: ClassVar[str]
    SECONDS: ClassVar[float | None] = None
    """Most seconds the bot thinks for a hint (None: the hinter's seconds)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self._bots: dict[Game, Bot] = {}

    def prepare(self, game: Game) -> None:
        self.bot(game)

    def bot_settings(self) -> dict[str, Any]:
        """Settings of the bot beside :attr:`BOT`'s, from this source's options (none by
        default)."""
        return {}

    def bot(self, game: Game) -> Bot:
        """The bot answering ``game``'s hints, made and loaded at its first use."""
        from plyground.bots import make_bot

        if game not in self._bots:
            bot = make_bot(self.BOT, **self.bot_settings())
            bot.new_game(game)
            self._bots[game] = bot
        return self._bots[game]

    def limit(self) -> Limit:
        """The time a hint's search may take."""
        cap = self.SECONDS
        return Limit(time=self.seconds if cap is None else min(self.seconds, cap))
