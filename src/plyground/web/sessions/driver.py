"""Driving the bots: while a bot is to move (and not paused), ask the pool and play its answer.

A bot's answer is ruled on by the arena's
:func:`~plyground.arena.play.adjudication.adjudicate`, as the referee does: a
bot that breaks the rules (no answer in time, a crash, an illegal move) is
dealt with by the game's policy (a random legal move is played for it, or
it forfeits), and the break is recorded.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable

from plyground.arena.play.adjudication import adjudicate
from plyground.arena.players.player import Reply, RuleBreakError
from plyground.arena.records.record import RuleBreakKind
from plyground.bots import Bot
from plyground.core.limits import SearchInfo
from plyground.web.own_bots import OwnPlayers
from plyground.web.pool import BotPool, ThinkJob
from plyground.web.sessions.session import GameSession, Thinking

__all__ = ["BotDriver"]

log = logging.getLogger("plyground.web")


class BotDriver:
    """Plays the bots' moves of every game, one task per game on the event loop.

    A bot thinks its seat's time per move (within the server's cap, checked as the seat
    is made: :func:`~plyground.web.sessions.seats.make_seat`) and answers within ``grace``
    more;
    ``rng`` draws the random moves played for bots that break the rules.
    """

    def __init__(self, pool: BotPool, grace: float, rng: random.Random) -> None:
        self.pool = pool
        self.own = OwnPlayers()
        """The processes of students' own bots (``serve --bot``, ``--engines``)."""
        self.grace = grace
        self.rng = rng

    def drive_soon(self, session: GameSession) -> None:
        """Start the game's driver task unless it is running."""
        if session.driver is None or session.driver.done():
            session.driver = asyncio.get_running_loop().create_task(self._drive(session))

    async def _drive(self, session: GameSession) -> None:
        """Play the bots' moves while bots are to move (and not paused)."""
        try:
            while not session.finished:
                player = session.state.to_move()
                seat = session.seats[player]
                if seat.bot is None or session.presence.idle:
                    return
                if not session.control.take_turn():
                    return
                await self._bot_move(session, player, seat.bot, seat.seconds)
                if session.all_bots and not session.finished and session.control.delay > 0:
                    await session.control.pause_between_moves()
            if session.finished:
                self.own.release(session.id)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # never leave a game hanging silently
            log.exception("game %s stopped", session.id)
            self.own.release(session.id)
            session.progress.stop(f"the server stopped this game: {error}")
            session.think(None)
            session.progress.finish()
            session.bump()

    async def _bot_move(self, session: GameSession, player: int, bot: Bot, seconds: float) -> None:
        """Ask ``bot`` for its move within ``seconds`` (its seat's time per move) and play
        the answer as ruled."""
        state = session.state
        job = ThinkJob(self.pool.new_job_id(), bot.spec, session.game.spec, state.text(), seconds)
        thinking = Thinking(player, job.job, time.time(), seconds, players=len(session.seats))
        session.think(thinking)
        session.bump()

        def on_info(info: SearchInfo) -> None:
            if session.thinking is thinking:
                thinking.info = info
                session.bump()

        def on_start() -> None:
            if session.thinking is thinking:
                thinking.started()
                session.bump()

        try:
            if self.own.plays(bot):
                on_start()
                reply = await self.own.think(
                    session.id,
                    player,
                    session.game,
                    bot,
                    state,
                    seconds=seconds,
                    grace=self.grace,
                    on_info=on_info,
                )
            else:
                reply = await self._ask(job, on_info, on_start, session.owner)
        finally:
            if session.thinking is thinking:
                session.think(None)
        ruling = adjudicate(
            state,
            reply,
            ply=len(session.progress.moves),
            policy=session.policy,
            rng=self.rng,
            name=session.seats[player].name,
            diagnostics=lambda: self.own.diagnostics(session.id, player),
        )
        if ruling.rule_break is not None:
            session.progress.note_rule_break(ruling.rule_break)
        if ruling.move is None:
            session.progress.forfeit(player)
            session.finish()
            session.bump()
            return
        kind = None if ruling.rule_break is None else ruling.rule_break.kind
        session.progress.play(ruling.move, ruling.elapsed, ruling.info, kind)
        session.moved()

    async def _ask(
        self,
        job: ThinkJob,
        on_info: Callable[[SearchInfo], None],
        on_start: Callable[[], None],
        client: str,
    ) -> Reply | RuleBreakError:
        """The pool's answer to ``job`` (in ``client``'s share of the pool) as the referee
        takes it: a move's text or a rule break."""
        start = time.monotonic()
        try:
            answer = await self.pool.think(job, on_info, self.grace, on_start, client=client)
        except TimeoutError:
            detail = f"no answer within {job.seconds:g} s"
            return RuleBreakError(RuleBreakKind.TIMEOUT, detail, time.monotonic() - start)
        elapsed = time.monotonic() - start
        if answer.error is not None or answer.move is None:
            kind = RuleBreakKind.ILLEGAL if answer.illegal else RuleBreakKind.CRASH
            return RuleBreakError(kind, answer.error or "no move", elapsed)
        info = None if answer.info is None else SearchInfo.from_dict(answer.info)
        return Reply(None, answer.move, elapsed, info)
