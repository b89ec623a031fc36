"""The engine protocol's server side (docs/protocol.md): one bot answering on line streams.

It reads commands on stdin and answers on stdout, and writes nothing else
there (logs and problems go to stderr). A position it cannot read, or a
``go`` without a playable position, is explained on stderr and answered
``bestmove none``, which a referee records as a rule break of that move; no
position text, however long or strange, stops the server. Unknown commands
are ignored. A bot whose own code raises is answered with ``crash`` lines (the exception,
its file and line, as the referee words a crash in its own process) and then
``bestmove none``. ``plyground engine`` (:mod:`plyground.cli.engine`) serves a
registered bot with it.
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar, TextIO

from plyground.arena.players.bot_run import described_error, run_bot
from plyground.arena.players.player import RuleBreakError
from plyground.arena.players.protocol import (
    GO,
    HELLO,
    NEWGAME,
    NO_MOVE,
    POSITION,
    QUIT,
    format_bestmove,
    format_crash,
    format_hello,
    format_info,
)
from plyground.arena.records.record import RuleBreakKind
from plyground.bots import Bot
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.gridtext import quote
from plyground.core.limits import Limit, SearchInfo, answer_reserve
from plyground.games import load_game

__all__ = ["EngineServer"]


class EngineServer:
    """Serves one bot over line streams (stdin/stdout by default)."""

    def __init__(
        self,
        bot: Bot,
        game: str = "adjacency",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> None:
        self.bot = bot
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.stderr = stderr or sys.stderr
        self.game: Game | None = None
        self.state: State | None = None
        self.problem = "no position yet: send 'position <text>' before 'go'"
        self.game_problem = ""
        """Why there is no game (the last 'newgame' failed), or ''."""
        self.bot_failure = ""
        """How the bot's own code failed in the last 'newgame' (each move is its crash), or ''."""
        self._start_game(game)

    def serve(self) -> int:
        """Answer commands until ``quit`` or the end of input; returns the exit status."""
        for raw in self.stdin:
            words = raw.split()
            if not words:
                continue
            command, rest = words[0], raw.strip()[len(words[0]) :].strip()
            if command == QUIT:
                break
            handler = self._HANDLERS.get(command)
            if handler is not None:
                handler(self, rest)
        return 0

    # -- commands -------------------------------------------------------------
    def _hello(self, rest: str) -> None:
        fields = {"name": self.bot.name, "version": self.bot.VERSION, "spec": self.bot.spec}
        self._send(format_hello(fields))

    def _newgame(self, rest: str) -> None:
        self._start_game(rest)

    def _position(self, rest: str) -> None:
        self.state = None
        if self.game is None:
            self.problem = f"cannot read position {quote(rest)}: {self.game_problem}"
            self._log(self.problem)
            return
        try:
            self.state = self.game.parse_state(rest)
        except Exception as error:  # whatever a position text breaks, the server carries on
            reason = str(error) if isinstance(error, PlygroundError) else repr(error)
            self.problem = f"bad position {quote(rest)}: {reason}"
            self._log(self.problem)

    def _go(self, rest: str) -> None:
        state = self.state
        if self.bot_failure:
            self._crash(self.bot_failure)
            return
        if state is None:
            self._log(f"cannot move: {self.problem}")
            self._send(format_bestmove(NO_MOVE))
            return
        if state.is_terminal():
            self._log(f"cannot move: the game is over in {state.text()!r}")
            self._send(format_bestmove(NO_MOVE))
            return
        try:
            seconds = int(rest.split(maxsplit=1)[0]) / 1000.0
        except (IndexError, ValueError):
            self._log(f"'go {rest}' has no time in milliseconds: using the bot's own time")
            own = self.bot.time_limit(None).time  # without a limit a bot's time is always set
            assert own is not None
            seconds = own
        seconds = max(0.001, seconds - answer_reserve(seconds))
        try:
            reply = run_bot(self.bot, state, Limit(time=seconds), self._info)
        except RuleBreakError as rule_break:  # the bot's failure is reported, never fatal
            if rule_break.kind is RuleBreakKind.CRASH:  # in crash lines, as in process
                self._crash(rule_break.detail)
            else:  # a move of the wrong type: no move to answer
                self._log(rule_break.detail)
                self._send(format_bestmove(NO_MOVE))
            return
        self._send(format_bestmove(reply.text))

    _HANDLERS: ClassVar[dict[str, Any]] = {
        HELLO: _hello,
        NEWGAME: _newgame,
        POSITION: _position,
        GO: _go,
    }

    # -- helpers --------------------------------------------------------------
    def _start_game(self, spec: str) -> None:
        self.state = None
        self.game = None
        self.bot_failure = ""
        try:
            game = load_game(spec)
        except PlygroundError as error:
            self._no_game(f"cannot play game {quote(spec)}: {error}")
            return
        step = "check of the game"
        try:
            self.bot.check_game(game)
            step = "new_game"
            self.bot.new_game(game)
        except PlygroundError as error:
            self._no_game(f"cannot play game {quote(spec)}: {error}")
            return
        except Exception as error:  # the bot's failure is reported, never fatal
            self.bot_failure = f"the bot's {step} raised {described_error(error)}"
            self._no_game(f"cannot play game {quote(spec)}: {self.bot_failure}")
            return
        self.game = game
        self.game_problem = ""
        self.problem = "no position yet: send 'position <text>' before 'go'"

    def _no_game(self, problem: str) -> None:
        """Record and log why there is no game: later positions and moves say it."""
        self.game_problem = self.problem = problem
        self._log(problem)

    def _crash(self, detail: str) -> None:
        """The bot's own code failed: say how on stderr and in ``crash`` lines, then
        ``bestmove none``."""
        self._log(detail)
        for line in format_crash(detail):
            self._send(line)

    def _info(self, info: SearchInfo) -> None:
        self._send(format_info(info))

    def _send(self, line: str) -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def _log(self, message: str) -> None:
        self.stderr.write(f"{self.bot.name}: {message}\n")
        self.stderr.flush()
