"""Hints: the best move of a position for the person to move, and how it is known.

One place answers them for every game that has them, for the web app's *Hint*
and ``plyground play``'s ``hint``:

* the adjacency game: the analysis (:meth:`Analyser.best_moves`): the opening book, an
  exact solve, or the engine's estimate;
* tic-tac-toe: the ``perfect`` bot's memo of every line: every best move and
  how the game ends with best play, exact;
* Nine Men's Morris: the ``morris`` bot's move, its outlook, and the solved
  endgames' verdict where they reach;
* 2048: the ``2048`` bot's move, its depth and speed.

A :class:`Hinter` keeps what it loads (bots and their tables, the analysis's
tables) between hints; :meth:`Hinter.prepare` loads it before any clock runs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from plyground.core.errors import IllegalMoveError, UnknownNameError
from plyground.core.game import Game, State
from plyground.core.limits import Limit

if TYPE_CHECKING:  # the bots and the analysis load numba: imported when first used
    from plyground.arena.analysis.analyser import Analyser
    from plyground.bots.base import Bot
    from plyground.bots.perfect import PerfectBot

__all__ = ["HINT_BOTS", "HINT_GAMES", "HINT_SECONDS", "GameHint", "Hinter"]

HINT_GAMES = ("adjacency", "tictactoe", "morris", "2048")
"""The games a :class:`Hinter` answers."""

HINT_BOTS = {
    "tictactoe": "perfect",
    "morris": "morris:table=262144",
    "2048": "2048:cache=262144",
}
"""The bot answering each game's hints: for Morris and 2048 with a quarter of its table
(4 MB and 8 MB), plenty for a hint's second of search and quick to set up."""

HINT_SECONDS = 1.0
"""A hint's budget (the web app's and ``plyground play``'s): an exact solve's, then (if it
runs out) as long for the engine."""

_MORRIS_SECONDS = 1.0
"""Most seconds the ``morris`` bot thinks for a hint."""
_G2048_SECONDS = 0.5
"""Most seconds the ``2048`` bot thinks for a hint."""


@dataclass(frozen=True)
class GameHint:
    """A hint: the best moves found (the first the one to play) and facts for a person."""

    best: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]
    """(label, value) pairs: ``("By", "the opening book")``."""

    def line(self) -> str:
        """The hint in one line: ``e1 (Best moves: e1 f1; Value (X − O): -2; ...)``."""
        return f"{self.best[0]} ({'; '.join(f'{label}: {value}' for label, value in self.facts)})"


class Hinter:
    """Answers hints within ``seconds`` each (two stages of half for the adjacency game:
    a solve, then the engine), keeping what it loads between them. One at a time."""

    def __init__(self, seconds: float = 2.0) -> None:
        self.seconds = seconds
        self._bots: dict[tuple[str, Game], Bot] = {}
        self._analyser: Analyser | None = None

    def prepare(self, game: Game) -> None:
        """Load what a hint of ``game`` needs (kernels, tables, a bot's whole-game memo) now,
        not on a hint's clock. Raises UnknownNameError for a game without hints."""
        if game.name == "adjacency":
            self._adjacency_analyser().warm_up(game)
        else:
            self._bot(game)

    def hint(self, state: State) -> GameHint:
        """The hint for the side to move in ``state``.

        Raises IllegalMoveError when there is no move to hint (the game is over, a
        tile spawns next) and UnknownNameError for a game without hints.
        """
        if state.is_terminal():
            raise IllegalMoveError("no move to hint: the game is over")
        if state.is_chance():
            raise IllegalMoveError("no move to hint: a tile spawns next")
        answers = {
            "adjacency": self._adjacency,
            "tictactoe": self._tictactoe,
            "morris": self._morris,
            "2048": self._g2048,
        }
        if state.game.name not in answers:
            raise UnknownNameError(_no_hints(state.game))
        return answers[state.game.name](state)

    # -- the games -------------------------------------------------------------------
    def _adjacency_analyser(self) -> Analyser:
        from plyground.arena.analysis.analyser import Analyser, AnalysisSettings

        if self._analyser is None:
            stage = min(self.seconds / 2, HINT_SECONDS)  # a solve, then the engine: both fit
            self._analyser = Analyser(AnalysisSettings(time=stage))
        return self._analyser

    def _adjacency(self, state: State) -> GameHint:
        hint = self._adjacency_analyser().best_moves(state)
        facts = (("Best moves", hint.best_text()), ("Value (X − O)", hint.value_text),
                 ("By", hint.known_by), ("Time", f"{hint.seconds:.2f} s"))  # fmt: skip
        return GameHint(hint.best, facts)

    def _bot(self, game: Game) -> Bot:
        """The bot answering ``game``'s hints, made and loaded at its first use."""
        from plyground.bots import make_bot

        if game.name not in HINT_BOTS:
            raise UnknownNameError(_no_hints(game))
        key = (HINT_BOTS[game.name], game)
        if key not in self._bots:
            bot = make_bot(HINT_BOTS[game.name])
            bot.new_game(game)
            self._bots[key] = bot
        return self._bots[key]

    def _tictactoe(self, state: State) -> GameHint:
        from plyground.games.tictactoe.evaluation import WIN

        started = time.perf_counter()
        result = cast("PerfectBot", self._bot(state.game)).solve(state)
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

    def _morris(self, state: State) -> GameHint:
        from plyground.games.morris import MorrisState
        from plyground.games.morris.endgames import verdict_text
        from plyground.games.morris.evaluation import WIN, MorrisWeights

        seconds = min(self.seconds, _MORRIS_SECONDS)
        decision = self._bot(state.game).choose(state, Limit(time=seconds))
        info, mover = decision.info, state.to_move()
        move = state.move_text(decision.move)
        score = info.score or 0.0
        side = ("White", "Black")
        if abs(score) > WIN - 1000:  # a win or loss the search sees to its end
            winner = mover if score > 0 else 1 - mover
            outlook = f"{side[winner]} wins within {round(WIN - abs(score))} moves"
        else:  # the hint bot's default weights: a man is worth the same in every phase
            men = score / MorrisWeights().placing.men
            outlook = f"{men:+.1f} men for {side[mover]} (the bot's estimate)"
        facts = [("Best move", move), ("Outlook", outlook), ("Depth", str(info.depth)),
                 ("Time", f"{info.elapsed:.2f} s")]  # fmt: skip
        verdict = verdict_text(cast(MorrisState, state))
        if verdict is not None:
            facts.insert(2, ("Endgame table", verdict))
        return GameHint((move,), tuple(facts))

    def _g2048(self, state: State) -> GameHint:
        seconds = min(self.seconds, _G2048_SECONDS)
        decision = self._bot(state.game).choose(state, Limit(time=seconds))
        info = decision.info
        move = state.move_text(decision.move)
        rate = info.nodes / info.elapsed if info.elapsed > 0 else 0.0
        facts = (("Best move", move), ("Depth", str(info.depth)),
                 ("Positions", f"{info.nodes:,} ({rate:,.0f}/s)"),
                 ("Time", f"{info.elapsed * 1000:.1f} ms"))  # fmt: skip
        return GameHint((move,), facts)


def _no_hints(game: Game) -> str:
    return f"{game.name} has no hints (games with hints: {', '.join(HINT_GAMES)})"
