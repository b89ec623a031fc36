"""The ``perfect`` bot: full minimax to the end of the game, for games small enough."""

from __future__ import annotations

import time
from typing import ClassVar, cast

from plyground.algorithms.search.minimax import MinimaxResult, minimax
from plyground.bots.base import SEED_SETTING, TIME_SETTING, Bot, Decision, InfoCallback
from plyground.bots.evaluators import evaluator_for
from plyground.bots.hints import BotHints, GameHint
from plyground.core.evaluation import Evaluator
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.settings import Setting

__all__ = ["PerfectBot", "PerfectHints"]


class PerfectBot(Bot):
    """Searches every line to the end (memoised minimax) and plays a best move.

    With the game's depth-adjusted scores (tic-tac-toe: ``10 - ply`` for a
    win, ``ply - 10`` for a loss) it never loses a game that can be held,
    takes the fastest win and, when lost, the slowest loss. Equally good
    moves are chosen at random (``seed`` fixes the choice). The search is
    exhaustive, so it ignores the clock: it is registered only for games
    whose whole tree is small. :meth:`new_game` searches the whole tree from
    the start (tic-tac-toe: about 0.2 s in Python) before any clock runs, and
    the memo is kept for later games of the same game, so a move costs only
    look-ups.
    """

    NAME = "perfect"
    DESCRIPTION = "full minimax to the end of the game: never loses (tic-tac-toe)"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (TIME_SETTING, SEED_SETTING)
    GAMES: ClassVar[tuple[str, ...] | None] = ("tictactoe",)

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self._game: Game | None = None
        self._evaluator = Evaluator()
        self._table: dict[tuple[State, int | None, int], float] = {}

    def new_game(self, game: Game) -> None:
        """Solve ``game`` from its start now, unless this bot already has."""
        self.check_game(game)
        self._learn(game)

    def _learn(self, game: Game) -> None:
        if self._game != game:
            self._game = game
            self._evaluator = evaluator_for(game)
            self._table = {}
            minimax(game.initial_state(), self._evaluator, table=self._table)

    def solve(self, state: State) -> MinimaxResult:
        """Every move's exact value in ``state`` for the side to move (by the game's
        depth-adjusted scores), from the memo: look-ups after :meth:`new_game`."""
        self.check_game(state.game)
        self._learn(state.game)  # a no-op after new_game
        return minimax(state, self._evaluator, table=self._table)

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        start = time.perf_counter()
        result = self.solve(state)
        move = self.rng.choice(result.best_moves)
        line = self._principal_variation(state, move)
        info = SearchInfo(
            depth=len(line),
            score=result.value,
            nodes=result.nodes,
            pv=tuple(line),
            elapsed=time.perf_counter() - start,
            extra={"exact": True},
        )
        if on_info is not None:
            on_info(info)
        return Decision(move, info)

    def _principal_variation(self, state: State, move: Move) -> list[str]:
        """``move`` and best replies to the end of the game (from the memo: no new search)."""
        line = [state.move_text(move)]
        state = state.play(move)
        while not state.is_terminal():
            reply = minimax(state, self._evaluator, table=self._table).best_moves[0]
            line.append(state.move_text(reply))
            state = state.play(reply)
        return line


class PerfectHints(BotHints):
    """Tic-tac-toe's hints: every best move and how the game ends with best play, by the
    ``perfect`` bot's search of every line to the end."""

    BOT = "perfect"

    def hint(self, state: State) -> GameHint:
        from plyground.games.tictactoe.evaluation import WIN

        started = time.perf_counter()
        result = cast(PerfectBot, self.bot(state.game)).solve(state)
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
