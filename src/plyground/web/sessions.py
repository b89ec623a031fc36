"""Games in progress and finished, kept in memory: who plays, what happened, who may act.

A :class:`GameService` owns every :class:`GameSession`, checks each request
against the rules of the game and the seat's secret, and drives the bots:
when a bot is to move, a task on the event loop sends the position to the
:class:`~plyground.web.pool.BotPool` and plays the answer. It holds no game
logic: moves, legality and results come from the core contract, and a bot
that breaks the rules is dealt with by the referee's policy (RULES.md: a
random legal move is played for it and the break is recorded).

Every failure a client can cause raises :class:`ApiError` with an HTTP
status and a message naming the problem, before anything is changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from plyground.arena.adjudication import adjudicate, winner_after
from plyground.arena.players import Reply, RuleBreakError
from plyground.arena.record import (
    GameRecord,
    MoveRecord,
    Penalty,
    PlayerInfo,
    RuleBreak,
    RuleBreakKind,
    Termination,
)
from plyground.arena.solo import sample_outcome
from plyground.arena.store import RecordStore
from plyground.bots import Bot, bot_class, bot_names, make_bot
from plyground.core.errors import IllegalMoveError, PlygroundError, UnknownNameError
from plyground.core.game import CHANCE, Game, Move, State
from plyground.core.limits import SearchInfo
from plyground.core.settings import Setting, resolve_settings
from plyground.games import game_class
from plyground.web.config import WebSettings
from plyground.web.pool import BotPool, ThinkJob, ToolJob
from plyground.web.views import BoardLayout, BoardView, Tool, view_for, viewable_games

__all__ = ["ApiError", "GameService", "GameSession", "Seat", "SeatRequest"]

log = logging.getLogger("plyground.web")

NAME_LENGTH = 40
"""Longest player name."""
GRACE = 1.0
"""Seconds past its limit a bot may take before the referee calls it a timeout."""
MOVES_SHOWN = 200
"""Most recent moves a snapshot carries (the history and the record have them all)."""
TOOL_RESULTS_KEPT = 5
"""Most recent puzzle-tool results a game keeps."""
WEB_TOURNAMENT = "web"
"""The tournament id under which ``--db`` stores the web app's finished games."""


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a message naming the problem."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class SeatRequest:
    """What a client asks for one seat: a name, human or bot, and the bot's settings."""

    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None
    settings: Mapping[str, object] = field(default_factory=dict)


@dataclass
class Seat:
    """One side of a game: a human with a secret token, or a bot with its spec."""

    name: str
    kind: Literal["human", "bot"]
    token: str = ""
    bot: Bot | None = None

    def player_info(self) -> PlayerInfo:
        if self.bot is None:
            return PlayerInfo(self.name, kind="human")
        return PlayerInfo(self.name, kind="bot", spec=self.bot.spec, version=self.bot.VERSION)

    def to_dict(self, index: int, label: str) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": index, "label": label, "name": self.name, "kind": self.kind}
        if self.bot is not None:
            data["bot"] = self.bot.name
            data["spec"] = self.bot.spec
            data["settings"] = dict(self.bot.settings)
        return data


@dataclass
class Thinking:
    """A bot at work: which seat, since when, its limit and its latest report."""

    player: int
    job: int
    since: float
    seconds: float
    info: SearchInfo | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "elapsed": round(time.time() - self.since, 3),
            "seconds": self.seconds,
            "info": None if self.info is None else self.info.to_dict(),
        }


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameSession:
    """One game: its seats, its states and moves, the bot at work, who is watching.

    Mutated only on the event loop; every change calls :meth:`bump`, which
    wakes the clients streaming its events. In a game with chance the
    session plays the chance outcomes itself, drawn from its own
    ``random.Random(seed)`` as the arena's solo driver does, so the game
    never waits at a chance node and a seed replays the same tiles; each
    outcome is recorded as a move of player -1.
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
    ) -> None:
        self.id = game_id
        self.game = game
        self.view = view
        self.layout: BoardLayout = view.layout(game)
        self.seats = seats
        self.control_token = control_token
        self.states: list[State] = [start]
        self.moves: list[MoveRecord] = []
        self.effects: list[dict[str, str]] = []
        self.rule_breaks: list[RuleBreak] = []
        self.delay = delay
        self.paused = paused
        self.policy = policy
        self.step_pending = False
        self.thinking: Thinking | None = None
        self.error: str | None = None
        self.forfeited: int | None = None
        self.started = _now_iso()
        self.created = time.monotonic()
        self.touched = self.created
        self.turn_since = time.monotonic()
        self.finished_at: float | None = None
        self.version = 0
        self.driver: asyncio.Task[None] | None = None
        self.tools: list[Tool] = view.tools(game)
        self.tool_running: str | None = None
        self.tool_results: list[dict[str, Any]] = []
        self.on_finish: Callable[[GameSession], None] | None = None
        self.seed = seed
        self._rng = random.Random(seed)
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._snapshot: tuple[int, dict[str, Any]] | None = None
        self._play_chance()
        if self.state.is_terminal():
            self.finished_at = self.created

    # -- reading ------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.state.is_terminal() or self.error is not None or self.forfeited is not None

    def outcome(self) -> tuple[Termination, int | None]:
        """How the game ended (so far) and who won: the rules, a forfeit, or a server error."""
        if self.error is not None:
            termination = Termination.ABORTED
        elif self.forfeited is not None:
            termination = Termination.FORFEIT
        else:
            termination = Termination.NORMAL
        return termination, winner_after(termination, self.state.returns(), self.forfeited)

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
        for ply, effects in enumerate(self.effects):
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

    def result(self) -> dict[str, Any] | None:
        if not self.finished:
            return None
        termination, winner = self.outcome()
        return {
            "winner": winner,
            "returns": list(self.state.returns()),
            "termination": termination.value,
            "error": self.error,
            "headline": self.view.headline(self.state),
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything the page shows, as JSON-friendly data (cached per version)."""
        if self._snapshot is not None and self._snapshot[0] == self.version:
            data = self._snapshot[1]
        else:
            data = self._build_snapshot()
            self._snapshot = (self.version, data)
        if self.thinking is not None:  # the elapsed time changes between versions
            data = {**data, "thinking": self.thinking.to_dict()}
        return data

    def _build_snapshot(self) -> dict[str, Any]:
        state = self.state
        to_move = state.to_move()
        finished = self.finished
        first_shown = max(0, len(self.moves) - MOVES_SHOWN)
        shown = zip(self.moves[first_shown:], self.effects[first_shown:], strict=True)
        number = sum(1 for move in self.moves[:first_shown] if move.player >= 0)
        numbers = []  # each player's move counted from 1, chance outcomes left out
        for move in self.moves[first_shown:]:
            number += move.player >= 0
            numbers.append(number if move.player >= 0 else None)
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
            "ply": len(self.moves),
            "moves": [
                {
                    **move.to_dict(),
                    "ply": ply,
                    "number": numbers[ply - first_shown],
                    "effects": effects,
                }
                for ply, (move, effects) in enumerate(shown, start=first_shown)
            ],
            "undo": self.undo_kind,
            "takeback": self.takeback(),
            "tools": [tool.to_dict() for tool in self.tools],
            "tool_running": self.tool_running,
            "tool_results": list(self.tool_results),
            "seed": self.seed,
            "rule_breaks": [rule_break.to_dict() for rule_break in self.rule_breaks],
            "thinking": None,
            "finished": finished,
            "result": self.result(),
            "paused": self.paused,
            "delay": self.delay,
            "all_bots": self.all_bots,
        }

    def history(self) -> list[dict[str, Any]]:
        """Every position of the game so far, for stepping through it."""
        positions = []
        for ply, state in enumerate(self.states):
            move = self.moves[ply - 1] if ply else None
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
                    "effects": self.effects[ply - 1] if ply else {},
                }
            )
        return positions

    def record(self) -> GameRecord:
        """The game record (complete once the game is over)."""
        returns = self.state.returns()
        termination, winner = self.outcome()
        return GameRecord(
            game=self.game.spec,
            start=self.states[0].text(),
            players=tuple(seat.player_info() for seat in self.seats),
            moves=tuple(self.moves),
            final=self.state.text(),
            returns=tuple(returns),
            winner=winner,
            termination=termination,
            rule_breaks=tuple(self.rule_breaks),
            started=self.started,
            duration=(self.finished_at or time.monotonic()) - self.created,
            tags=self.tags(),
        )

    def tags(self) -> dict[str, str]:
        """The record's context: where it was played, the game id, the policy, the seed."""
        tags = {"source": "web", "id": self.id, "policy": self.policy.value}
        if self.seed is not None:
            tags["seed"] = str(self.seed)
        solved = [r["tool"] for r in self.tool_results if r["moves"]]
        if solved:
            tags["tools"] = ",".join(solved)
        return tags

    # -- changing -----------------------------------------------------------
    def bump(self) -> None:
        """Note a change: a new version, and every waiting client wakes."""
        self.version += 1
        self.touched = time.monotonic()
        self._changed.set()
        self._changed = asyncio.Event()

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

    def wake(self) -> None:
        """Cut short a pause between bot moves (the speed or pause changed)."""
        self._wake.set()

    async def pause_between_moves(self) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.delay)

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
        self.turn_since = time.monotonic()
        if self.state.is_terminal():
            self.finish()
        self.bump()

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
            self._append(sample_outcome(self.state, self._rng))

    def finish(self) -> None:
        """Note that the game is over (by the rules or a forfeit) and hand it to ``on_finish``."""
        self.finished_at = time.monotonic()
        if self.on_finish is not None:
            self.on_finish(self)

    def take_back(self, plies: int) -> None:
        del self.states[-plies:]
        del self.moves[-plies:]
        del self.effects[-plies:]
        self.rule_breaks = [r for r in self.rule_breaks if r.ply < len(self.moves)]
        self.turn_since = time.monotonic()
        self.finished_at = None if not self.finished else self.finished_at
        self.bump()


def _public_setting(setting: Setting, think_cap: float) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": setting.name,
        "kind": setting.kind.__name__,
        "default": setting.default,
        "help": setting.help,
        "minimum": setting.minimum,
        "maximum": setting.maximum,
        "choices": None if setting.choices is None else list(setting.choices),
    }
    if setting.name == "time":
        data["maximum"] = min(setting.maximum or think_cap, think_cap)
        data["default"] = min(setting.default, think_cap)
    return data


def web_settings_of(declared: Sequence[Setting]) -> list[Setting]:
    """The bot settings a web client may set: bounded numbers, flags and choices.

    Left out: free texts (a file path such as ``weights`` must never reach
    the server's disk from a browser) and unbounded numbers (a huge
    ``table`` would exhaust memory).
    """
    return [
        setting
        for setting in declared
        if setting.choices is not None
        or setting.kind is bool
        or (setting.kind in (int, float) and setting.maximum is not None)
    ]


class GameService:
    """Every game on this server, and the requests that act on them."""

    def __init__(self, settings: WebSettings, pool: BotPool) -> None:
        self.settings = settings
        self.pool = pool
        self.sessions: dict[str, GameSession] = {}
        self._catalog: dict[str, Any] | None = None
        self._random = secrets.SystemRandom()
        # One thread owns the database connection: writes never block the event loop.
        self._writer = ThreadPoolExecutor(1, "plyground-db") if settings.db else None
        self._store: RecordStore | None = None
        self.stored = 0
        """Games written to the database so far."""

    # -- what can be played -------------------------------------------------
    def catalog(self) -> dict[str, Any]:
        """The games the page can show, the bots (with their web settings), the limits."""
        if self._catalog is None:
            cap = self.settings.think_cap
            games = []
            for name in viewable_games():
                cls = game_class(name)
                view = view_for(name)
                settings = [_public_setting(s, cap) for s in cls.SETTINGS]
                for setting in settings:
                    cut = view.web_maximum(cls).get(setting["name"])
                    if cut is not None:
                        setting["maximum"] = min(setting["maximum"] or cut, cut)
                game = cls()
                games.append(
                    {
                        "name": name,
                        "description": cls.DESCRIPTION,
                        "players": list(cls.PLAYER_NAMES),
                        "chance": game.capabilities.chance,
                        "settings": settings,
                        "hints": view.form_hints(cls),
                        "example": game.initial_state().text(),
                        "pieces": view.layout(game).pieces,
                        "bots": [b for b in bot_names() if make_bot(b).supports(game)],
                    }
                )
            bots = []
            for name in bot_names():
                bot = bot_class(name)
                bots.append(
                    {
                        "name": name,
                        "description": bot.DESCRIPTION,
                        "settings": [
                            _public_setting(s, cap) for s in web_settings_of(bot.SETTINGS)
                        ],
                    }
                )
            self._catalog = {
                "games": games,
                "bots": bots,
                "think_cap": cap,
                "max_delay": self.settings.max_delay,
                "name_length": NAME_LENGTH,
            }
        return self._catalog

    # -- finding games ------------------------------------------------------
    def get(self, game_id: str) -> GameSession:
        session = self.sessions.get(game_id)
        if session is None:
            raise ApiError(404, f"no game with id {game_id!r} (it may have expired)")
        session.touched = time.monotonic()
        return session

    def sweep(self) -> int:
        """Forget games idle for longer than the expiry age; returns how many went."""
        limit = time.monotonic() - self.settings.expiry
        expired = [gid for gid, s in self.sessions.items() if s.touched < limit]
        for game_id in expired:
            self._forget(game_id)
        return len(expired)

    def _forget(self, game_id: str) -> None:
        session = self.sessions.pop(game_id)
        if session.driver is not None:
            session.driver.cancel()
        session.bump()  # clients streaming it notice it is gone

    def _make_room(self) -> None:
        self.sweep()
        if len(self.sessions) < self.settings.max_games:
            return
        finished = sorted(
            (s for s in self.sessions.values() if s.finished), key=lambda s: s.touched
        )
        for session in finished[: len(self.sessions) - self.settings.max_games + 1]:
            self._forget(session.id)
        if len(self.sessions) >= self.settings.max_games:
            raise ApiError(
                503,
                f"the server is busy: it keeps at most {self.settings.max_games} games and "
                "all are in progress; try again later",
            )

    # -- starting a game ----------------------------------------------------
    def create(
        self,
        game_name: str,
        game_settings: Mapping[str, object],
        seats: Sequence[SeatRequest],
        *,
        start: str | None = None,
        delay: float = 0.5,
        paused: bool = False,
        seed: int | None = None,
    ) -> tuple[GameSession, dict[str, Any]]:
        """Start a game; returns it and its secrets (human seats' tokens, the control token).

        ``seed`` fixes the chance outcomes of a game with chance (default: a random seed).
        """
        try:
            view = view_for(game_name)
            game = game_class(game_name)(**game_settings)
        except PlygroundError as error:
            raise ApiError(422, str(error)) from None
        for name, maximum in view.web_maximum(type(game)).items():
            if game.settings[name] > maximum:
                raise ApiError(
                    422,
                    f"{name} {game.settings[name]} is too large for the browser: "
                    f"at most {maximum} here",
                )
        if seed is not None and not game.capabilities.chance:
            raise ApiError(422, f"{game.spec} has no chance: it takes no seed")
        if seed is not None and not 0 <= seed < 2**63:
            raise ApiError(422, f"seed must be 0 to 2**63 - 1, got {seed}")
        if seed is None and game.capabilities.chance:
            seed = self._random.randrange(2**32)
        players = game.capabilities.players
        if len(seats) != players:
            raise ApiError(422, f"{game.spec} needs {players} players, got {len(seats)}")
        built = [self._seat(game, index, request) for index, request in enumerate(seats)]
        names = [seat.name.casefold() for seat in built]
        for index, name in enumerate(names):
            if name in names[:index]:
                raise ApiError(
                    422,
                    f"both sides are named {built[index].name!r}: give each side its own name",
                )
        if not 0 <= delay <= self.settings.max_delay:
            raise ApiError(
                422,
                f"delay between bot moves must be 0 to {self.settings.max_delay:g} s, "
                f"got {delay:g}",
            )
        if start is not None and start.strip():
            try:
                state = game.parse_state(start)
            except PlygroundError as error:
                raise ApiError(422, f"start position: {error}") from None
            if state.is_terminal():
                raise ApiError(422, f"start position {start!r} is already the end of the game")
        else:
            state = game.initial_state()
        self._make_room()
        game_id = secrets.token_urlsafe(16)
        session = GameSession(
            game_id,
            game,
            view,
            built,
            start=state,
            control_token=secrets.token_urlsafe(24),
            delay=delay,
            paused=paused,
            policy=Penalty(self.settings.policy),
            seed=seed,
        )
        session.on_finish = self._store_game
        self.sessions[game_id] = session
        secrets_out = {
            "seats": {str(i): seat.token for i, seat in enumerate(built) if seat.token},
            "control": session.control_token,
        }
        self._drive_soon(session)
        return session, secrets_out

    def _seat(self, game: Game, index: int, request: SeatRequest) -> Seat:
        label = game.player_name(index)
        name = " ".join(request.name.split())
        if not name:
            raise ApiError(422, f"the name of {label} is empty: give each side a name")
        if len(name) > NAME_LENGTH:
            raise ApiError(
                422, f"the name of {label} is longer than {NAME_LENGTH} characters: {name[:60]!r}"
            )
        if request.kind == "human":
            if request.bot or request.settings:
                raise ApiError(422, f"{label} is a human: a human seat takes no bot or settings")
            return Seat(name, "human", token=secrets.token_urlsafe(24))
        if not request.bot:
            raise ApiError(
                422, f"{label} is a bot: say which bot (known: {', '.join(bot_names())})"
            )
        try:
            cls = bot_class(request.bot)
        except UnknownNameError as error:
            raise ApiError(422, f"{label}: {error}") from None
        allowed = {s.name for s in web_settings_of(cls.SETTINGS)}
        for key in request.settings:
            if key not in allowed:
                known = ", ".join(sorted(allowed)) or "none"
                raise ApiError(
                    422,
                    f"{label}: setting {key!r} of bot {request.bot!r} cannot be set from the web "
                    f"(settable: {known})",
                )
        settings = dict(request.settings)
        cap = self.settings.think_cap
        try:
            bot = cls(**settings)
        except PlygroundError as error:
            raise ApiError(422, f"{label}: {error}") from None
        think = bot.settings.get("time")
        if isinstance(think, float) and think > cap:
            if "time" in settings:
                raise ApiError(
                    422,
                    f"{label}: think time {think:g} s is above this server's cap of {cap:g} s",
                )
            bot = cls(**{**settings, "time": cap})
        if not bot.supports(game):
            raise ApiError(422, f"{label}: bot {request.bot!r} cannot play {game.spec}")
        return Seat(name, "bot", bot=bot)

    def legal(self, game_id: str, clicks: Sequence[str] = ()) -> dict[str, Any]:
        """The legal moves (text and click path), or those whose path starts with ``clicks``,
        and the cells that may be clicked next."""
        session = self.get(game_id)
        moves = [] if session.finished else session.view.legal(session.state)
        depth = len(clicks)
        matching = [m for m in moves if [c["cell"] for c in m["clicks"][:depth]] == list(clicks)]
        if clicks and not matching:
            raise ApiError(
                409, f"no legal move starts with the clicks {','.join(clicks)!r} in this position"
            )
        following = {m["clicks"][depth]["cell"]: None for m in matching if len(m["clicks"]) > depth}
        return {
            "ply": len(session.moves),
            "to_move": None if session.finished else session.state.to_move(),
            "clicks": list(clicks),
            "moves": matching,
            "next": list(following),
            "complete": [m["move"] for m in matching if len(m["clicks"]) == depth and depth],
        }

    # -- acting in a game ---------------------------------------------------
    def _human_seat(self, session: GameSession, token: str) -> int:
        seat = session.seat_of(token)
        if seat is None:
            raise ApiError(403, f"this token is not a player's secret in game {session.id!r}")
        return seat

    def _check_running(self, session: GameSession) -> None:
        if session.finished:
            raise ApiError(409, "the game is over: start a new game (or review this one)")

    def move(self, game_id: str, token: str, move_text: str, ply: int | None = None) -> GameSession:
        """Play a human's move; raises ApiError (and changes nothing) if it is refused."""
        session = self.get(game_id)
        self._check_running(session)
        seat = self._human_seat(session, token)
        state = session.state
        to_move = state.to_move()
        if to_move != seat:
            mover = session.label(to_move) if to_move >= 0 else "nobody"
            raise ApiError(
                409, f"it is {mover}'s turn, not {session.label(seat)}'s: wait for your turn"
            )
        if ply is not None and ply != len(session.moves):
            raise ApiError(
                409, f"the game is at move {len(session.moves)}, not {ply}: reload the game"
            )
        try:
            move = session.view.move_for_click(state, move_text)
            if move not in state.legal_moves():
                raise IllegalMoveError(f"not a legal move in {state.text()!r}")
        except PlygroundError as error:
            status = 409 if isinstance(error, IllegalMoveError) else 422  # now vs never legal
            raise ApiError(status, f"move {move_text!r}: {error}") from None
        session.play(move, time.monotonic() - session.turn_since)
        self._drive_soon(session)
        return session

    def undo(self, game_id: str, token: str, ply: int | None = None) -> GameSession:
        """Take back a human's last move against a bot (and the bot's reply, if any).

        In a puzzle, take back the last move, or every move from ``ply`` on,
        even after the end (a dead end is where a puzzle backtracks from).
        """
        session = self.get(game_id)
        if session.undo_kind == "puzzle":
            self._human_seat(session, token)
            return self._take_back_puzzle(session, ply)
        self._check_running(session)
        seat = self._human_seat(session, token)
        if ply is not None:
            raise ApiError(422, "ply is for puzzles: against a bot, undo takes back your last move")
        if session.undo_kind != "bot":
            raise ApiError(409, "undo is for games against a bot and for puzzles")
        mine = [ply for ply, move in enumerate(session.moves) if move.player == seat]
        if not mine:
            raise ApiError(409, f"{session.label(seat)} has no move to take back")
        if session.driver is not None and not session.driver.done():
            session.driver.cancel()  # the bot's search is abandoned
        session.thinking = None
        session.take_back(len(session.moves) - mine[-1])
        return session

    def _take_back_puzzle(self, session: GameSession, ply: int | None) -> GameSession:
        if session.error is not None:
            raise ApiError(409, "the game is over: start a new game (or review this one)")
        played = len(session.moves)
        if session.tool_running is not None:
            raise ApiError(409, f"the {session.tool_running} tool is at work: wait for it")
        if not played:
            raise ApiError(409, "there is no move to take back")
        target = played - 1 if ply is None else ply
        if not 0 <= target < played:
            raise ApiError(
                422, f"ply must be 0 to {played - 1} (the moves played so far), got {ply}"
            )
        session.take_back(played - target)
        return session

    # -- puzzle tools -------------------------------------------------------
    async def run_tool(
        self, game_id: str, token: str, name: str, options: Mapping[str, object]
    ) -> GameSession:
        """Run a puzzle tool (solve, count) in a worker; a solution found is played on the
        board, and the result joins the game's ``tool_results``."""
        session = self.get(game_id)
        self._human_seat(session, token)
        if session.error is not None:
            raise ApiError(409, "the game is over: start a new game (or review this one)")
        tool = next((t for t in session.tools if t.name == name), None)
        if tool is None:
            known = ", ".join(t.name for t in session.tools) or "none"
            raise ApiError(404, f"{session.game.name} has no tool {name!r} (tools: {known})")
        if tool.disabled:
            raise ApiError(422, f"{tool.label}: {tool.disabled}")
        try:
            checked = resolve_settings(tool.options, dict(options), f"tool {name!r}")
        except PlygroundError as error:
            raise ApiError(422, str(error)) from None
        if session.tool_running is not None:
            raise ApiError(409, f"the {session.tool_running} tool is already at work")
        ply = len(session.moves)
        seconds = self.settings.think_cap
        job = ToolJob(
            self.pool.new_job_id(),
            session.game.spec,
            session.states[0].text(),
            session.state.text(),
            name,
            checked,
            seconds,
        )
        session.tool_running = name
        session.bump()
        try:
            answer = await self.pool.run_tool(job, GRACE)
        except TimeoutError:
            raise ApiError(503, f"the {name} tool found nothing within {seconds:g} s") from None
        finally:
            session.tool_running = None
            session.bump()
        if "error" in answer:
            raise ApiError(422, f"{tool.label}: {answer['error']}")
        if len(session.moves) != ply or session.error is not None:
            raise ApiError(409, "the board changed while the tool worked: run it again")
        result: dict[str, Any] = answer["result"]
        kept = session.tool_results
        session.tool_results = [*kept, result][-TOOL_RESULTS_KEPT:]  # before the record is made
        if result["moves"]:
            try:
                self._play_tool_moves(session, result)
            except ApiError:
                session.tool_results = kept
                raise
        session.bump()
        return session

    def _play_tool_moves(self, session: GameSession, result: Mapping[str, Any]) -> None:
        """Play a tool's moves (checked against the rules first; nothing changes if one fails)."""
        state = session.states[0] if result["restart"] else session.state
        moves = []
        for text in result["moves"]:
            try:
                move = state.parse_move(text)
                state = state.play(move)
            except PlygroundError as error:
                raise ApiError(
                    500, f"the tool answered a move that is not legal: {error}"
                ) from None
            moves.append(move)
        if result["restart"] and session.moves:
            session.take_back(len(session.moves))
        for move in moves:
            session.play(move, 0.0)

    def control(
        self, game_id: str, token: str, paused: bool | None, delay: float | None
    ) -> GameSession:
        """Pause or resume the bots, or change the pause between their moves."""
        session = self.get(game_id)
        self._check_control(session, token)
        if delay is not None:
            if not 0 <= delay <= self.settings.max_delay:
                raise ApiError(
                    422,
                    f"delay between bot moves must be 0 to {self.settings.max_delay:g} s, "
                    f"got {delay:g}",
                )
            session.delay = delay
        if paused is not None:
            session.paused = paused
        session.wake()
        session.bump()
        self._drive_soon(session)
        return session

    def step(self, game_id: str, token: str) -> GameSession:
        """Let a paused bot make one move."""
        session = self.get(game_id)
        self._check_control(session, token)
        self._check_running(session)
        to_move = session.state.to_move()
        if session.seats[to_move].kind != "bot":
            raise ApiError(409, f"it is {session.label(to_move)}'s turn, and a human plays it")
        if session.thinking is not None:
            raise ApiError(409, "a bot is already thinking")
        session.step_pending = True
        self._drive_soon(session)
        return session

    def _check_control(self, session: GameSession, token: str) -> None:
        if not secrets.compare_digest(session.control_token.encode(), token.encode()):
            raise ApiError(403, f"this token does not control game {session.id!r}")

    # -- the bots -----------------------------------------------------------
    def _drive_soon(self, session: GameSession) -> None:
        if session.driver is None or session.driver.done():
            session.driver = asyncio.get_running_loop().create_task(self._drive(session))

    async def _drive(self, session: GameSession) -> None:
        """Play the bots' moves while bots are to move (and not paused)."""
        try:
            while not session.finished:
                player = session.state.to_move()
                seat = session.seats[player]
                if seat.bot is None or (session.paused and not session.step_pending):
                    return
                session.step_pending = False
                await self._bot_move(session, player, seat.bot)
                if session.all_bots and not session.finished and session.delay > 0:
                    await session.pause_between_moves()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # never leave a game hanging silently
            log.exception("game %s stopped", session.id)
            session.error = f"the server stopped this game: {error}"
            session.thinking = None
            session.finished_at = time.monotonic()
            session.bump()

    async def _bot_move(self, session: GameSession, player: int, bot: Bot) -> None:
        state = session.state
        think = bot.settings.get("time")
        seconds = min(think if isinstance(think, float) else self.settings.think_cap,
                      self.settings.think_cap)  # fmt: skip
        job = ThinkJob(self.pool.new_job_id(), bot.spec, session.game.spec, state.text(), seconds)
        thinking = Thinking(player, job.job, time.time(), seconds)
        session.thinking = thinking
        session.bump()

        def on_info(info: SearchInfo) -> None:
            if session.thinking is thinking:
                thinking.info = info
                session.bump()

        start = time.monotonic()
        reply: Reply | RuleBreakError
        try:
            answer = await self.pool.think(job, on_info, GRACE)
            info = None if answer.info is None else SearchInfo.from_dict(answer.info)
            elapsed = time.monotonic() - start
            if answer.error is not None or answer.move is None:
                reply = RuleBreakError(RuleBreakKind.CRASH, answer.error or "no move", elapsed)
            else:
                reply = Reply(None, answer.move, elapsed, info)
        except TimeoutError:
            detail = f"no answer within {seconds:g} s"
            reply = RuleBreakError(RuleBreakKind.TIMEOUT, detail, time.monotonic() - start)
        finally:
            if session.thinking is thinking:
                session.thinking = None
        ruling = adjudicate(
            state,
            reply,
            ply=len(session.moves),
            policy=session.policy,
            rng=self._random,
            name=session.seats[player].name,
        )
        if ruling.rule_break is not None:
            session.rule_breaks.append(ruling.rule_break)
        if ruling.move is None:
            session.forfeited = player
            session.finish()
            session.bump()
            return
        kind = None if ruling.rule_break is None else ruling.rule_break.kind
        session.play(ruling.move, ruling.elapsed, ruling.info, kind)

    # -- the database -------------------------------------------------------
    def _store_game(self, session: GameSession) -> None:
        """Write a finished game's record to ``--db`` (in the writer thread), if one is set.

        Games go to the tournament :data:`WEB_TOURNAMENT`, keyed by the game id
        and final position, so a game is stored once however often the page
        asks (a puzzle taken back and solved again the same way included).
        """
        if self._writer is None or session.error is not None:
            return
        record = session.record()
        key = f"{session.id}/{record.final}"
        self._writer.submit(self._write, record, key).add_done_callback(_log_failure)

    def _write(self, record: GameRecord, key: str) -> None:
        if self._store is None:
            self._store = RecordStore(self.settings.db)
            if WEB_TOURNAMENT not in {row.id for row in self._store.tournaments()}:
                with contextlib.suppress(PlygroundError):  # another server made it meanwhile
                    self._store.create_tournament(
                        WEB_TOURNAMENT, "web", {"source": "plyground serve"}, 0
                    )
        if self._store.add_game(record, WEB_TOURNAMENT, key) is not None:
            self.stored += 1

    async def close(self) -> None:
        """Stop every bot driver, and finish writing to the database (on shutdown)."""
        drivers = [s.driver for s in self.sessions.values() if s.driver and not s.driver.done()]
        for driver in drivers:
            driver.cancel()
        for driver in drivers:
            with contextlib.suppress(asyncio.CancelledError):
                await driver
        if self._writer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._close_store)

    def _close_store(self) -> None:
        assert self._writer is not None
        self._writer.submit(lambda: self._store.close() if self._store else None).result()
        self._writer.shutdown(wait=True)


def _log_failure(future: Any) -> None:
    error = future.exception()
    if error is not None:
        log.error("could not store a web game: %s", error)
