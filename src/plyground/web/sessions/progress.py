"""A web game's course as the referee would keep it: its states and moves, the rule breaks,
how it ended, take-backs.

Changed only through :class:`Progress`'s methods (the session's :meth:`play`, the
driver's rulings, a person's resignation or take-back, an End Game, a server error).
In a game with chance it plays the chance outcomes itself, drawn from its own
``random.Random(seed)`` as the arena's solo driver does, so the game never waits at
a chance node and a seed replays the same tiles; each outcome is recorded as a move
of player -1.
"""

from __future__ import annotations

import random
import time

from plyground.arena.play.adjudication import winner_after
from plyground.arena.records.record import MoveRecord, RuleBreak, RuleBreakKind, Termination
from plyground.core.chance import draw_outcome
from plyground.core.game import CHANCE, Move, State
from plyground.core.limits import SearchInfo
from plyground.web.views import BoardLayout, BoardView

__all__ = ["Progress"]


class Progress:
    """States (the first is the start), moves and each move's effects on the board, rule
    breaks, and the end: a forfeit (or a resignation), an End Game, a server error."""

    def __init__(
        self, start: State, view: BoardView, layout: BoardLayout, seed: int | None
    ) -> None:
        self.view = view
        self.layout = layout
        self.states: list[State] = [start]
        self.moves: list[MoveRecord] = []
        self.effects: list[dict[str, str]] = []
        self.rule_breaks: list[RuleBreak] = []
        self.forfeited: int | None = None
        self.resigned = False
        """The forfeit was a human's resignation."""
        self.ended = False
        """Stopped by the player who started it (End Game): no winner, not stored."""
        self.error: str | None = None
        """Why the server stopped the game, or None."""
        self.finished_at: float | None = None
        self._rng = random.Random(seed)
        self._play_chance()

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return (
            self.state.is_terminal()
            or self.error is not None
            or self.forfeited is not None
            or self.ended
        )

    def outcome(self) -> tuple[Termination, int | None]:
        """How the game ended (so far) and who won: the rules, a forfeit, or a server error."""
        if self.error is not None or self.ended:
            termination = Termination.ABORTED
        elif self.forfeited is not None:
            termination = Termination.FORFEIT
        else:
            termination = Termination.NORMAL
        return termination, winner_after(termination, self.state.returns(), self.forfeited)

    def play(
        self,
        move: Move,
        elapsed: float,
        info: SearchInfo | None = None,
        rule_break: RuleBreakKind | None = None,
    ) -> None:
        """Play ``move`` for the side to move (legal: checked by the caller) and record it,
        then any chance outcomes that follow."""
        self._append(move, elapsed, info, rule_break)
        self._play_chance()

    def note_rule_break(self, rule_break: RuleBreak) -> None:
        """A player broke the rules on the next move (as the driver ruled)."""
        self.rule_breaks.append(rule_break)

    def forfeit(self, player: int, *, resigned: bool = False) -> None:
        """``player`` loses the game: a rule break's forfeit, or its resignation."""
        self.forfeited = player
        self.resigned = resigned

    def end(self) -> None:
        """End Game: stopped before its finish, no winner."""
        self.ended = True

    def stop(self, error: str) -> None:
        """The server stopped the game, saying why."""
        self.error = error

    def finish(self, at: float | None = None) -> None:
        """Note when the game was over (``at``, monotonic seconds; default now)."""
        self.finished_at = time.monotonic() if at is None else at

    def take_back(self, plies: int) -> None:
        """Take back the last ``plies`` moves (and the rule breaks on them)."""
        del self.states[-plies:]
        del self.moves[-plies:]
        del self.effects[-plies:]
        self.rule_breaks = [r for r in self.rule_breaks if r.ply < len(self.moves)]
        self.finished_at = None if not self.finished else self.finished_at

    def _append(
        self,
        move: Move,
        elapsed: float = 0.0,
        info: SearchInfo | None = None,
        rule_break: RuleBreakKind | None = None,
    ) -> None:
        before = self.state
        after = before.play(move)
        player = before.to_move()
        self.moves.append(MoveRecord(player, before.move_text(move), elapsed, info, rule_break))
        self.effects.append(self.view.effects(before, move, after, self.layout))
        self.states.append(after)

    def _play_chance(self) -> None:
        """Play chance outcomes, drawn from the game's seeded generator, until a player moves."""
        while self.state.to_move() == CHANCE:
            self._append(draw_outcome(self.state.chance_outcomes(), self._rng))
