"""Adjudication: what a timed player's reply comes to under the rules, and who won.

The one place where the time and rule-break policy of the rules lives
(docs/rules.md, "Time"): every front end that referees a game (the
:class:`~plyground.arena.play.referee.Referee`, the web app's sessions) hands the
reply it got to :func:`adjudicate` and plays what it rules.

A reply is a move (its value, or the text an engine wrote) or a
:class:`~plyground.arena.players.player.RuleBreakError` the transport already saw:
no answer within the limit plus the grace (the transport stops waiting
then, so it is the one that can tell), a crash, garbage. A move that is not
legal here is a rule break too. A rule break is recorded and costs what the
policy says: a random legal move, drawn from the referee's generator, is
played for the player (``random-move``), or the game is lost (``forfeit``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from plyground.arena.players.player import Reply, RuleBreakError
from plyground.arena.records.record import (
    MoveRecord,
    Penalty,
    RuleBreak,
    RuleBreakKind,
    Termination,
    winner_of,
)
from plyground.core.game import Move, State
from plyground.core.limits import SearchInfo

__all__ = ["Ruling", "adjudicate", "check_move", "winner_after"]


@dataclass(frozen=True)
class Ruling:
    """The referee's ruling on one reply: the move played and the rule break, if any.

    ``move`` is the player's own move, a random legal move played for it as
    a penalty, or None when the game is forfeited.
    """

    player: int
    move: Move | None
    rule_break: RuleBreak | None
    elapsed: float
    info: SearchInfo | None

    @property
    def forfeit(self) -> bool:
        """The player lost the game for its rule break."""
        return self.move is None

    def move_record(self, state: State) -> MoveRecord:
        """The record of the move played in ``state`` (not for a forfeit)."""
        assert self.move is not None, "a forfeit plays no move"
        kind = None if self.rule_break is None else self.rule_break.kind
        return MoveRecord(self.player, state.move_text(self.move), self.elapsed, self.info, kind)


def check_move(state: State, move: Move | None, text: str) -> tuple[Move | None, str]:
    """The legal move a reply stands for (``move``, or else ``text`` read), or None and why not."""
    if move is None:
        try:
            move = state.parse_move(text)
        except ValueError as error:  # ParseError, IllegalMoveError
            return None, str(error)
    try:
        legal = move in state.legal_moves()
    except TypeError:  # an unhashable or incomparable value
        legal = False
    if not legal:
        return None, _why_illegal(state, move)
    return move, ""


def _why_illegal(state: State, move: Move) -> str:
    """The game's own reason a move is not legal in ``state`` (``cell a1 is occupied by
    X``), the one an engine's answer gets when its text is read; a generic one when the
    game's ``play`` gives none."""
    try:
        state.play(move)
    except (ValueError, TypeError, IndexError, KeyError) as error:
        if str(error):
            return str(error)
    return "not a legal move here"


def adjudicate(
    state: State,
    reply: Reply | RuleBreakError,
    *,
    ply: int,
    policy: Penalty,
    rng: random.Random,
    name: str,
    diagnostics: Callable[[], str] = str,
) -> Ruling:
    """Rule on ``reply``, the answer of the player to move in ``state`` (ply ``ply``).

    ``name`` names the player in the rule break's detail; ``diagnostics``
    adds what may explain an illegal answer (an engine's last error output).
    A random penalty move is drawn from ``rng`` (seeded by the referee, so a
    game replays).
    """
    player = state.to_move()
    if isinstance(reply, RuleBreakError):
        kind, detail, elapsed, info = reply.kind, reply.detail, reply.elapsed, None
        move = None
    else:
        elapsed, info = reply.elapsed, reply.info
        move, problem = check_move(state, reply.move, reply.text)
        kind = RuleBreakKind.ILLEGAL
        detail = f"{name} answered {reply.text!r}: {problem}{diagnostics()}" if problem else ""
    if move is not None:
        return Ruling(player, move, None, elapsed, info)
    rule_break = RuleBreak(ply, player, kind, detail, policy)
    if policy is Penalty.FORFEIT:
        return Ruling(player, None, rule_break, elapsed, info)
    penalty_move = rng.choice(list(state.legal_moves()))
    return Ruling(player, penalty_move, rule_break, elapsed, info)


def winner_after(
    termination: Termination, returns: Sequence[float], forfeited: int | None
) -> int | None:
    """Who won a game that ended so: by the returns, the other side of a forfeit, or nobody."""
    if termination is Termination.NORMAL:
        return winner_of(returns)
    if termination is Termination.FORFEIT and len(returns) == 2 and forfeited is not None:
        return 1 - forfeited
    return None
