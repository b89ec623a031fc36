"""Run a bot under a clock: the one way a bot is asked for a move, wherever it runs.

The referee's in-process player (:class:`~plyground.arena.players.bot_player.BotPlayer`,
in its worker thread), the engine-protocol server (:mod:`plyground.cli.engine_server`)
and the web app's workers (:mod:`plyground.web.pool`) each call :func:`run_bot`, so a
bot is held to the same terms in all three: the garbage collector paused while it
thinks, its search reports passed on as they come, its answer's type checked, and
anything it raises turned into a rule break that says what it raised and where (in
the bot's own code). Each caller keeps its own clock: the referee's deadline, the
``go`` time, the server's cap.
"""

from __future__ import annotations

import time

from plyground.arena.players.move_types import wrong_move_type
from plyground.arena.players.player import InfoCallback, Reply, RuleBreakError
from plyground.arena.records.record import RuleBreakKind
from plyground.bots import Bot, Decision
from plyground.core.collection import collection_paused
from plyground.core.errors import raised_at, user_traceback
from plyground.core.game import State
from plyground.core.limits import Limit

__all__ = ["described_error", "run_bot"]


def run_bot(bot: Bot, state: State, limit: Limit, on_info: InfoCallback) -> Reply:
    """``bot``'s move for ``state`` within ``limit``, its reports streamed to ``on_info``, with
    the garbage collector paused; ``elapsed`` counts from the call, ``info`` is the bot's
    own report of the move, and ``text`` the move's text (its ``repr`` when the game
    cannot name it: the referee then rules it illegal).

    Raises :class:`~plyground.arena.players.player.RuleBreakError`: a crash for anything
    ``choose`` raises (``SystemExit`` too: a bot's ``sys.exit`` is its crash; the
    error is the rule break's ``__cause__``) or an answer that is not a
    :class:`~plyground.bots.Decision`, an illegal move for a move of the wrong type.
    What is neither an ``Exception`` nor ``SystemExit`` (a stop the caller raises in
    the bot's thread, or through ``on_info``) passes through.
    """
    begin = time.perf_counter()
    try:
        with collection_paused():  # a collection inside a timed move would eat its time
            decision = bot.choose(state, limit, on_info)
    except (Exception, SystemExit) as error:
        elapsed = time.perf_counter() - begin
        detail = f"the bot raised {described_error(error)}"
        raise RuleBreakError(RuleBreakKind.CRASH, detail, elapsed) from error
    elapsed = time.perf_counter() - begin
    if not isinstance(decision, Decision):
        raise RuleBreakError(
            RuleBreakKind.CRASH,
            f"the bot's choose returned {repr(decision)[:80]}, not a Decision "
            "(return Decision(move, info))",
            elapsed,
        )
    move = decision.move
    problem = wrong_move_type(state, move)
    if problem:
        raise RuleBreakError(RuleBreakKind.ILLEGAL, problem, elapsed)
    try:
        text = state.move_text(move)
    except (ValueError, TypeError, IndexError):
        text = repr(move)
    return Reply(move, text, elapsed, decision.info)


def described_error(error: BaseException) -> str:
    """``ValueError: no move (mybot.py, line 12, in choose)``: an error and where it was
    raised, then the frames of the bot's own code that led there (file, line, function,
    source line), never plyground's."""
    where = raised_at(error)
    lines = user_traceback(error)
    return (
        f"{type(error).__name__}: {error}"
        + (f" ({where})" if where else "")
        + (f"\n{lines}" if lines else "")
    )
