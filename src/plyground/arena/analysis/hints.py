"""Hints: the best move of a position for the person to move, and how it is known.

One place answers them for every game whose profile names a hint source
(``hint``, :class:`~plyground.core.profile.GameProfile`), for the web app's
*Hint* and ``plyground play``'s ``hint``. The built-in sources:

* :class:`AnalysisHints` (the adjacency game): the analysis
  (:meth:`Analyser.best_moves`): the opening book, an exact solve, or the
  engine's estimate;
* :class:`PerfectHints` (tic-tac-toe): the ``perfect`` bot's memo of every
  line: every best move and how the game ends with best play, exact;
* :class:`MorrisHints`: the ``morris`` bot's move, its outlook, and the solved
  endgames' verdict where they reach;
* :class:`G2048Hints`: the ``2048`` bot's move, its depth and speed.

A :class:`Hinter` keeps each game's source, and a source what it loads (bots
and their tables, the analysis's tables), between hints;
:meth:`Hinter.prepare` loads it before any clock runs.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

from plyground.core.errors import IllegalMoveError, PluginError, UnknownNameError
from plyground.core.game import Game, State
from plyground.core.limits import Limit
from plyground.core.registry import load_target

if TYPE_CHECKING:  # the bots and the analysis load numba: imported when first used
    from plyground.arena.analysis.analyser import Analyser
    from plyground.bots.base import Bot
    from plyground.bots.perfect import PerfectBot

__all__ = [
    "HINT_SECONDS",
    "AnalysisHints",
    "BotHints",
    "G2048Hints",
    "GameHint",
    "HintSource",
    "Hinter",
    "MorrisHints",
    "PerfectHints",
    "hint_games",
]

HINT_SECONDS = 1.0
"""A hint's budget (the web app's and ``plyground play``'s): an exact solve's, then (if it
runs out) as long for the engine."""


def hint_games() -> list[str]:
    """The games with hints (their profile names a hint source), built in and installed."""
    from plyground.games import game_names, game_profile

    found = []
    for name in game_names():
        try:
            if game_profile(name).hint is not None:
                found.append(name)
        except PluginError:  # a package that fails to load has no hints to list
            continue
    return found


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
    them (a game's profile names its class; :class:`Hinter` makes it). One at a time."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    @abstractmethod
    def prepare(self, game: Game) -> None:
        """Load what a hint of ``game`` needs (kernels, tables, a bot's memo) now."""

    @abstractmethod
    def hint(self, state: State) -> GameHint:
        """The hint for the side to move in ``state``, a position with a move to make."""


class Hinter:
    """Answers hints within ``seconds`` each (two stages of half for the adjacency game:
    a solve, then the engine), keeping each game's :class:`HintSource`. One at a time."""

    def __init__(self, seconds: float = 2.0) -> None:
        self.seconds = seconds
        self._sources: dict[str, HintSource] = {}

    def prepare(self, game: Game) -> None:
        """Load what a hint of ``game`` needs (kernels, tables, a bot's whole-game memo) now,
        not on a hint's clock. Raises UnknownNameError for a game without hints."""
        self.source(game).prepare(game)

    def hint(self, state: State) -> GameHint:
        """The hint for the side to move in ``state``.

        Raises IllegalMoveError when there is no move to hint (the game is over, a
        tile spawns next) and UnknownNameError for a game without hints.
        """
        if state.is_terminal():
            raise IllegalMoveError("no move to hint: the game is over")
        if state.is_chance():
            raise IllegalMoveError("no move to hint: a tile spawns next")
        return self.source(state.game).hint(state)

    def source(self, game: Game) -> HintSource:
        """The hint source of ``game``'s profile, made at its first use and kept."""
        target = game.PROFILE.hint
        if target is None:
            raise UnknownNameError(
                f"{game.name} has no hints (games with hints: {', '.join(hint_games())})"
            )
        if game.name not in self._sources:
            self._sources[game.name] = load_target(target)(self.seconds)
        return self._sources[game.name]


class AnalysisHints(HintSource):
    """The adjacency game's hints: the analysis's best moves, by the book, a solve or the
    engine, in two stages of half the time each."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self._analyser: Analyser | None = None

    def analyser(self) -> Analyser:
        """The analysis answering the hints, made at its first use."""
        from plyground.arena.analysis.analyser import Analyser, AnalysisSettings

        if self._analyser is None:
            stage = min(self.seconds / 2, HINT_SECONDS)  # a solve, then the engine: both fit
            self._analyser = Analyser(AnalysisSettings(time=stage))
        return self._analyser

    def prepare(self, game: Game) -> None:
        self.analyser().warm_up(game)

    def hint(self, state: State) -> GameHint:
        hint = self.analyser().best_moves(state)
        facts = (("Best moves", hint.best_text()), ("Value (X − O)", hint.value_text),
                 ("By", hint.known_by), ("Time", f"{hint.seconds:.2f} s"))  # fmt: skip
        return GameHint(hint.best, facts)


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

    def bot(self, game: Game) -> Bot:
        """The bot answering ``game``'s hints, made and loaded at its first use."""
        from plyground.bots import make_bot

        if game not in self._bots:
            bot = make_bot(self.BOT)
            bot.new_game(game)
            self._bots[game] = bot
        return self._bots[game]

    def limit(self) -> Limit:
        """The time a hint's search may take."""
        cap = self.SECONDS
        return Limit(time=self.seconds if cap is None else min(self.seconds, cap))


class PerfectHints(BotHints):
    """Tic-tac-toe's hints: every best move and how the game ends with best play, by the
    ``perfect`` bot's search of every line to the end."""

    BOT = "perfect"

    def hint(self, state: State) -> GameHint:
        from plyground.games.tictactoe.evaluation import WIN

        started = time.perf_counter()
        result = cast("PerfectBot", self.bot(state.game)).solve(state)
        best = tuple(state.move_text(move) for move in result.best_moves)
        if result.value == 0:
            ending = "a draw"
        else:
            winner = state.to_move() if result.value > 0 else 1 - state.to_move()
            plies = round(WIN - abs(result.value))
            ending = f"{'XO'[winner]} wins, in {plies} more move{'s' * (plies != 1)}"
        facts = (("Best moves", " ".join(best)), ("With best play", ending),
                 ("By", "a search of every line to the end"),
                 ("Time", f"{time.perf_counter() - started:.2f} s"))  # fmt: skip
        return GameHint(best, facts)


class MorrisHints(BotHints):
    """Nine Men's Morris's hints: the ``morris`` bot's move and outlook (with a quarter of
    its table, 4 MB, plenty for a hint's second), and the solved endgames' verdict."""

    BOT = "morris:table=262144"
    SECONDS = 1.0

    def hint(self, state: State) -> GameHint:
        from plyground.games.morris import MorrisState
        from plyground.games.morris.endgames import verdict_text
        from plyground.games.morris.evaluation import WIN

        decision = self.bot(state.game).choose(state, self.limit())
        info, mover = decision.info, state.to_move()
        move = state.move_text(decision.move)
        score = info.score or 0.0
        side = ("White", "Black")
        if abs(score) > WIN - 1000:  # a win or loss the search sees to its end
            winner = mover if score > 0 else 1 - mover
            outlook = f"{side[winner]} wins within {round(WIN - abs(score))} moves"
        else:  # in men, the unit the bot names (by its weights in this phase)
            units = info.unit_text() or f"{score:+.1f}"
            outlook = f"{units} for {side[mover]} (the bot's estimate)"
        facts = [("Best move", move), ("Outlook", outlook), ("Depth", str(info.depth)),
                 ("Time", f"{info.elapsed:.2f} s")]  # fmt: skip
        verdict = verdict_text(cast(MorrisState, state))
        if verdict is not None:
            facts.insert(2, ("Endgame table", verdict))
        return GameHint((move,), tuple(facts))


class G2048Hints(BotHints):
    """2048's hints: the ``2048`` bot's move (with a quarter of its cache, 8 MB, quick to
    set up), its depth and speed."""

    BOT = "2048:cache=262144"
    SECONDS = 0.5

    def hint(self, state: State) -> GameHint:
        decision = self.bot(state.game).choose(state, self.limit())
        info = decision.info
        move = state.move_text(decision.move)
        rate = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
        facts = (("Best move", move), ("Depth", str(info.depth)),
                 ("Positions", f"{info.nodes:,} ({rate:,.0f}/s)"),
                 ("Time", f"{info.elapsed * 1000:.1f} ms"))  # fmt: skip
        return GameHint((move,), facts)
