"""One game on the server: its seats, its course, the bot at work, who is watching.

A :class:`GameSession` holds no game logic: moves, legality and results
come from the core contract, and who won from the arena's adjudication.
It also answers who may act (a seat's secret, the control secret) with an
:class:`~plyground.web.sessions.errors.ApiError` naming the problem. Its parts
are split by owner, each changed only through its own methods: the course the
referee would also keep (:class:`~plyground.web.sessions.progress.Progress`),
who is watching (:class:`~plyground.web.sessions.presence.Presence`), the bots'
control (:class:`~plyground.web.sessions.control.Control`) and what the tools and
the analysis keep (:class:`~plyground.web.sessions.tool_cache.ToolCache`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from plyground.arena.analysis.analysers import is_analysed
from plyground.arena.records.record import GameRecord, Penalty, Termination
from plyground.core.game import Game, State
from plyground.core.limits import SearchInfo
from plyground.web.sessions.control import Control
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.heat import visit_heat
from plyground.web.sessions.presence import Presence
from plyground.web.sessions.progress import Progress
from plyground.web.sessions.seats import Seat
from plyground.web.sessions.tool_cache import ToolCache
from plyground.web.views import BoardLayout, BoardView, Tool

__all__ = ["GAME_OVER", "MOVES_SHOWN", "GameSession", "Thinking", "first_seat_score", "score_text"]

MOVES_SHOWN = 200
"""Most recent moves a snapshot carries (the history and the record have them all)."""
GAME_OVER = "the game is over: start a new game (or review this one)"


@dataclass
class Thinking:
    """A bot at work: which seat, since when, its limit and its latest report."""

    player: int
    job: int
    since: float
    seconds: float
    info: SearchInfo | None = None
    queued: bool = True
    """No worker has taken the job yet (other games' bots hold them all)."""
    players: int = 2

    def started(self) -> None:
        """A worker took the job: the bot's clock starts now."""
        self.queued = False
        self.since = time.time()

    def to_dict(self) -> dict[str, Any]:
        info = None if self.info is None else self.info.to_dict()
        if info is not None:
            info["first_seat_score"] = first_seat_score(self.info, self.player, self.players)
            info["score_text"] = score_text(self.info, self.player, self.players)
        return {
            "player": self.player,
            "elapsed": 0.0 if self.queued else round(time.time() - self.since, 3),
            "seconds": self.seconds,
            "queued": self.queued,
            "info": info,
        }


def first_seat_score(info: SearchInfo | None, mover: int, players: int) -> float | None:
    """A search's score seen from the first seat, as a chess GUI shows it from White's side.

    ``SearchInfo.score`` is from the view of the player who searched; in a
    two-player zero-sum game the other seat's view is its negation. None for
    other games (one player, or chance's moves) and when there is no score.
    """
    if info is None or info.score is None or players != 2 or mover < 0:
        return None
    return info.score if mover == 0 else -info.score


def score_text(info: SearchInfo | None, mover: int, players: int) -> str | None:
    """A search's first-seat score (:func:`first_seat_score`) in the unit its bot names
    (:meth:`SearchInfo.unit_text`), as ``+1.5 men``; None when the bot names no unit."""
    score = first_seat_score(info, mover, players)
    return None if info is None or score is None else info.unit_text(score)


def _round_of(number: int | None, players: int) -> int | None:
    """The round a player's move belongs to (each player moves once a round), as a chess
    move list numbers White's and Black's moves alike; None for chance outcomes."""
    return None if number is None else (number - 1) // players + 1


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameSession:
    """One game: its seats, its course, the bot at work, who is watching.

    Mutated only on the event loop; every change calls :meth:`bump`, which
    wakes the clients streaming its events. Its course (:attr:`progress`, with
    the chance outcomes it draws itself), presence, control and tool cache are
    its parts, each changed through its own methods.
    """

    def __init__(
        self,
        game_id: str,
        game: Game,
        view: BoardView,
        seats: list[Seat],
        *,
        start: State,
        control_token: str,
        delay: float,
        paused: bool,
        policy: Penalty,
        seed: int | None = None,
        mode: str = "play",
        owner: str = "",
        on_finish: Callable[[GameSession], None] | None = None,
    ) -> None:
        self.id = game_id
        self.game = game
        self.view = view
        self.layout: BoardLayout = view.layout(game)
        self.seats = seats
        self.control_token = control_token
        self.policy = policy
        self.progress = Progress(start, view, self.layout, seed)
        """The course the referee would also keep: states, moves, rule breaks, the end."""
        self.control = Control(delay, paused)
        """The bots' control: paused, the pace between their moves, a step."""
        self.cache = ToolCache()
        """The tool at work, the tools' last results, the analysis's answers."""
        self.thinking: Thinking | None = None
        self.started = _now_iso()
        self.created = time.monotonic()
        self.presence = Presence(self.created)
        """Who is watching, and whether the bots stopped for want of viewers."""
        self.owner = owner  # the client that started it: its bots' work is that client's share
        self.turn_since = time.monotonic()
        self.version = 0
        self.driver: asyncio.Task[None] | None = None
        self.tools: list[Tool] = view.tools(game)
        self.on_finish = on_finish
        self.seed = seed
        self.mode = mode
        """``play``, or ``analysis``: an analysis board (both sides played from this page,
        any move taken back, every position valued)."""
        self._changed = asyncio.Event()
        self._snapshot: tuple[int, dict[str, Any]] | None = None
        self._event: tuple[int, str] | None = None  # the snapshot as a server-sent event
        if self.state.is_terminal():
            self.progress.finish(at=self.created)

    # -- reading ------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.progress.state

    @property
    def finished(self) -> bool:
        return self.progress.finished

    def outcome(self) -> tuple[Termination, int | None]:
        """How the game ended (so far) and who won (:meth:`Progress.outcome`)."""
        return self.progress.outcome()

    @property
    def all_bots(self) -> bool:
        return all(seat.kind == "bot" for seat in self.seats)

    @property
    def is_puzzle(self) -> bool:
        """A one-player game without chance: its moves may be taken back, even after the end."""
        capabilities = self.game.capabilities
        return capabilities.players == 1 and not capabilities.chance

    @property
    def undo_kind(self) -> str | None:
        """Which take-backs this game allows: against a bot, in a puzzle, or none."""
        if self.is_puzzle:
            return "puzzle"
        if self.mode == "analysis":
            return "board"
        if self.game.capabilities.chance:
            return None  # a take-back would draw new chance outcomes
        kinds = {seat.kind for seat in self.seats}
        return "bot" if kinds == {"human", "bot"} else None

    def takeback(self) -> dict[str, int]:
        """In a puzzle: each piece on the board -> the ply of the move that put it there."""
        if not self.is_puzzle:
            return {}
        tokens = dict(zip(self.layout.names, self.view.tokens(self.state), strict=True))
        found: dict[str, int] = {}
        for ply, effects in enumerate(self.progress.effects):
            for cell in effects:
                if tokens.get(cell):
                    found[cell] = ply
        return found

    def label(self, player: int) -> str:
        return self.game.player_name(player)

    def seat_of(self, token: str) -> int | None:
        """The human seat holding ``token`` (compared in constant time), or None."""
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token and secrets.compare_digest(seat.token.encode(), token.encode()):
                found = index
        return found

    # -- who may act ----------------------------------------------------------
    def human_seat(self, token: str) -> int:
        """The seat ``token`` is the secret of; ApiError 403 if none."""
        seat = self.seat_of(token)
        if seat is None:
            raise ApiError(403, f"this token is not a player's secret in game {self.id!r}")
        return seat

    def check_turn(self, seat: int, then: str) -> None:
        """ApiError 409 unless ``seat`` is to move; ``then`` ends the message (what to do)."""
        to_move = self.state.to_move()
        if to_move != seat:
            mover = self.label(to_move) if to_move >= 0 else "nobody"
            raise ApiError(409, f"it is {mover}'s turn, not {self.label(seat)}'s: {then}")

    def check_running(self) -> None:
        """ApiError 409 once the game is over."""
        if self.finished:
            raise ApiError(409, GAME_OVER)

    def check_stopped_by_error(self) -> None:
        """ApiError 409 if the server stopped the game (a puzzle may act after its end)."""
        if self.progress.error is not None:
            raise ApiError(409, GAME_OVER)

    def check_control(self, token: str) -> None:
        """ApiError 403 unless ``token`` is this game's control secret."""
        if not secrets.compare_digest(self.control_token.encode(), token.encode()):
            raise ApiError(403, f"this token does not control game {self.id!r}")

    def result(self) -> dict[str, Any] | None:
        if not self.finished:
            return None
        termination, winner = self.outcome()
        return {
            "winner": winner,
            "returns": list(self.state.returns()),
            "termination": termination.value,
            "error": self.progress.error,
            "ended": self.progress.ended,
            "headline": self._headline(),
        }

    def _headline(self) -> str | None:
        """How the game ended, in words: an End Game, a resignation, or the view's account."""
        progress = self.progress
        if progress.ended:
            return f"The game was ended after {len(progress.moves)} moves, before its finish"
        if progress.resigned and progress.forfeited is not None:
            seat = progress.forfeited
            return f"{self.seats[seat].name} ({self.label(seat)}) resigned"
        return self.view.headline(self.state)

    def snapshot(self) -> dict[str, Any]:
        """Everything the page shows, as JSON-friendly data (cached per version)."""
        if self._snapshot is not None and self._snapshot[0] == self.version:
            data = self._snapshot[1]
        else:
            data = self._build_snapshot()
            self._snapshot = (self.version, data)
        if self.thinking is not None:  # the elapsed time changes between versions
            thinking = self.thinking.to_dict()
            info = self.thinking.info
            thinking["heat"] = None if info is None else visit_heat(info, data["legal"])
            data = {**data, "thinking": thinking}
        if not self.finished:  # so does the time the side to move has taken so far
            data = {**data, "turn_elapsed": round(time.monotonic() - self.turn_since, 2)}
        return data

    def event(self) -> str:
        """The game as one server-sent event: serialised once per version for every
        client streaming it."""
        if self._event is None or self._event[0] != self.version:
            self._event = (self.version, f"event: game\ndata: {json.dumps(self.snapshot())}\n\n")
        return self._event[1]

    def time_used(self) -> list[float]:
        """Seconds each seat has taken over its moves so far (the clocks the page may show)."""
        used = [0.0] * len(self.seats)
        for move in self.progress.moves:
            if move.player >= 0:
                used[move.player] += move.elapsed
        return [round(seconds, 2) for seconds in used]

    def _build_snapshot(self) -> dict[str, Any]:
        state = self.state
        to_move = state.to_move()
        finished = self.finished
        moves, effects_of = self.progress.moves, self.progress.effects
        first_shown = max(0, len(moves) - MOVES_SHOWN)
        shown = zip(moves[first_shown:], effects_of[first_shown:], strict=True)
        number = sum(1 for move in moves[:first_shown] if move.player >= 0)
        numbers = []  # each player's move counted from 1, chance outcomes left out
        for move in moves[first_shown:]:
            number += move.player >= 0
            numbers.append(number if move.player >= 0 else None)
        players = len(self.seats)
        return {
            "id": self.id,
            "game": self.game.spec,
            "game_name": self.game.name,
            "version": self.version,
            "layout": self.layout.to_dict(),
            "players": [seat.to_dict(i, self.label(i)) for i, seat in enumerate(self.seats)],
            "position": state.text(),
            "tokens": self.view.tokens(state),
            "scores": self.view.scores(state),
            "status": [{"label": k, "value": v} for k, v in self.view.status(state)],
            "to_move": None if finished or to_move < 0 else to_move,
            "clickable": [] if finished else self.view.clickable(state),
            "legal": [] if finished else self.view.legal(state),
            "marks": {cell: mark.to_dict() for cell, mark in self.view.marks(state).items()},
            "ply": len(moves),
            "moves": [
                {
                    "info": None,  # present in every move, null when it has none
                    "rule_break": None,
                    **move.to_dict(),
                    "ply": ply,
                    "number": numbers[ply - first_shown],
                    "round": _round_of(numbers[ply - first_shown], players),
                    "score": first_seat_score(move.info, move.player, players),
                    "score_text": score_text(move.info, move.player, players),
                    "effects": effects,
                }
                for ply, (move, effects) in enumerate(shown, start=first_shown)
            ],
            "undo": self.undo_kind,
            "takeback": self.takeback(),
            "tools": [tool.to_dict() for tool in self.tools],
            "tool_running": self.cache.running,
            "tool_results": list(self.cache.results),
            "seed": self.seed,
            "rule_breaks": [rule_break.to_dict() for rule_break in self.progress.rule_breaks],
            "thinking": None,
            "finished": finished,
            "result": self.result(),
            "paused": self.control.paused,
            "delay": self.control.delay,
            "all_bots": self.all_bots,
            "mode": self.mode,
            "analysable": is_analysed(self.game.name),
            "idle": self.presence.idle,
            "time_used": self.time_used(),
            "turn_elapsed": None,
        }

    def history(self) -> list[dict[str, Any]]:
        """Every position of the game so far, for stepping through it."""
        positions = []
        progress = self.progress
        for ply, state in enumerate(progress.states):
            move = progress.moves[ply - 1] if ply else None
            to_move = state.to_move()
            positions.append(
                {
                    "ply": ply,
                    "position": state.text(),
                    "tokens": self.view.tokens(state),
                    "scores": self.view.scores(state),
                    "status": [{"label": k, "value": v} for k, v in self.view.status(state)],
                    "marks": {c: mark.to_dict() for c, mark in self.view.marks(state).items()},
                    "to_move": None if to_move < 0 else to_move,
                    "move": None if move is None else move.move,
                    "player": None if move is None else move.player,
                    "effects": progress.effects[ply - 1] if ply else {},
                }
            )
        return positions

    def record(self) -> GameRecord:
        """The game record (complete once the game is over)."""
        returns = self.state.returns()
        termination, winner = self.outcome()
        return GameRecord(
            game=self.game.spec,
            start=self.progress.states[0].text(),
            players=tuple(seat.player_info() for seat in self.seats),
            moves=tuple(self.progress.moves),
            final=self.state.text(),
            returns=tuple(returns),
            winner=winner,
            termination=termination,
            rule_breaks=tuple(self.progress.rule_breaks),
            started=self.started,
            duration=(self.progress.finished_at or time.monotonic()) - self.created,
            tags=self.tags(),
        )

    def tags(self) -> dict[str, str]:
        """The record's context: where it was played, the game id, the policy, the bots' time
        per move (``time``: one number, or ``X=1,O=5`` when the bots' differ), the seed."""
        tags = {"source": "web", "id": self.id, "policy": self.policy.value}
        bots = [(self.game.player_name(i), s.seconds) for i, s in enumerate(self.seats) if s.bot]
        if bots:
            same = len({seconds for _, seconds in bots}) == 1
            tags["time"] = (
                f"{bots[0][1]:g}" if same else ",".join(f"{name}={sec:g}" for name, sec in bots)
            )
        if self.seed is not None:
            tags["seed"] = str(self.seed)
        solved = [r["tool"] for r in self.cache.results if r["moves"]]
        if solved:
            tags["tools"] = ",".join(solved)
        return tags

    # -- changing -----------------------------------------------------------
    def bump(self) -> None:
        """Note a change: a new version, and every waiting client wakes."""
        self.version += 1
        self.presence.touch()
        self.wake_watchers()

    async def wait_change(self, version: int, timeout: float) -> bool:
        """Wait until the version differs from ``version``; False on timeout."""
        if self.version != version:
            return True
        changed = self._changed
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def wake_watchers(self) -> None:
        """Wake every client waiting on the event stream, without a change (a shutdown)."""
        self._changed.set()
        self._changed = asyncio.Event()

    def think(self, thinking: Thinking | None) -> None:
        """A bot is at work (``thinking``), or none is (None)."""
        self.thinking = thinking

    def moved(self) -> None:
        """A move was played (:meth:`Progress.play`): the next turn's clock starts, a game
        over by the rules is finished, and the clients wake."""
        self.turn_since = time.monotonic()
        if self.state.is_terminal():
            self.finish()
        self.bump()

    def finish(self) -> None:
        """Note that the game is over (by the rules or a forfeit) and hand it to ``on_finish``."""
        self.progress.finish()
        if self.on_finish is not None:
            self.on_finish(self)

    def take_back(self, plies: int) -> None:
        self.progress.take_back(plies)
        self.turn_since = time.monotonic()
        self.bump()
