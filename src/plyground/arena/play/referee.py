"""The referee: plays one game between players and returns its complete record.

It holds every player to the clock (:class:`~plyground.arena.players.player.Player`
contract: an answer within the limit plus a grace, or a rule break), and
has each reply ruled on by :func:`~plyground.arena.play.adjudication.adjudicate`
(the one home of the rule-break policy: ``random-move``, the default as the
course did, plays a random legal move from the referee's seeded generator
for the player; ``forfeit`` loses the game). People are never timed; they
may take a move back or stop the game.

A :class:`GameObserver` hears everything as it happens (on the referee's
thread), so the CLI, the web app and tournaments can show a game live.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar

from plyground.arena.play.adjudication import adjudicate, winner_after
from plyground.arena.players.player import Player, QuitRequest, Reply, RuleBreakError, UndoRequest
from plyground.arena.records.record import (
    GameRecord,
    MoveRecord,
    Penalty,
    PlayerInfo,
    RuleBreak,
    Termination,
    winner_of,
)
from plyground.core.chance import draw_outcome
from plyground.core.errors import EngineError, SettingsError
from plyground.core.game import CHANCE, Game, Move, State
from plyground.core.limits import (
    LEAST_MOVE_SECONDS,
    MOST_MOVE_SECONDS,
    MOVE_SECONDS,
    Limit,
    SearchInfo,
)
from plyground.core.settings import Setting, resolve_settings

__all__ = ["GRACE_SECONDS", "SERVER_GRACE_SECONDS", "GameObserver", "Referee", "winner_of"]

GRACE_SECONDS = 0.25
"""Extra seconds after a move's time before a late answer is a timeout."""

SERVER_GRACE_SECONDS = 1.0
"""The grace of a shared server (``plyground serve``): its bots think in a worker pool
that every game and analysis of every client keeps busy, so an answer can wait behind a
loaded machine well past :data:`GRACE_SECONDS`, and a person is not hurried by the
difference."""


class GameObserver:
    """Hears a game as it is played; override what you need (all do nothing here)."""

    def game_started(self, state: State, players: Sequence[PlayerInfo]) -> None:
        """The game begins in ``state``."""

    def thinking(self, player: int, state: State) -> None:
        """``player`` is asked for a move in ``state``."""

    def info(self, player: int, info: SearchInfo) -> None:
        """``player`` reported search progress."""

    def rule_broken(self, rule_break: RuleBreak) -> None:
        """A player broke the rules (the penalty follows)."""

    def move_played(self, move: MoveRecord, before: State, after: State) -> None:
        """A move (or a chance outcome, ``move.player == -1``) was played."""

    def undone(self, state: State, plies: int) -> None:
        """A person took back ``plies`` plies (0: there was nothing to take back)."""

    def game_ended(self, record: GameRecord) -> None:
        """The game is over; ``record`` is complete."""


@dataclass
class _Ply:
    before: State
    move: MoveRecord


@dataclass
class _Progress:
    """One game as it is played: the position, the plies, the rule breaks, how it ends."""

    first: State
    rng: random.Random
    """Draws this game's penalty moves and chance outcomes."""
    state: State = field(init=False)
    history: list[_Ply] = field(default_factory=list)
    breaks: list[RuleBreak] = field(default_factory=list)
    termination: Termination = Termination.NORMAL
    forfeited: int | None = None

    def __post_init__(self) -> None:
        self.state = self.first


class Referee:
    """Plays games of one game under one set of rules (time, grace, policy, seed).

    >>> from plyground.arena import BotPlayer, Referee
    >>> from plyground import load_game, make_bot
    >>> referee = Referee(load_game("adjacency(size=4,rounds=2)"), time=1.0, seed=1)
    >>> record = referee.play([BotPlayer(make_bot("greedy", seed=1)),
    ...                        BotPlayer(make_bot("random", seed=2))])
    >>> len(record.moves), record.termination.value
    (4, 'normal')
    """

    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting(
            "time",
            float,
            MOVE_SECONDS,
            "seconds per move",
            minimum=LEAST_MOVE_SECONDS,
            maximum=MOST_MOVE_SECONDS,
        ),
        Setting(
            "grace",
            float,
            GRACE_SECONDS,
            "extra seconds before a late answer is a timeout",
            minimum=0,
            maximum=3600,
        ),
        Setting(
            "policy",
            str,
            Penalty.RANDOM_MOVE.value,
            "what a rule break costs: a random move is played for the player, or the game",
            choices=tuple(p.value for p in Penalty),
        ),
        Setting("seed", int, None, "seed of the random moves played as penalties"),
    )

    def __init__(self, game: Game, observer: GameObserver | None = None, **settings: Any) -> None:
        self.game = game
        self.observer = observer or GameObserver()
        self._settings = resolve_settings(self.SETTINGS, settings, "referee")
        self.time: float = self._settings["time"]
        self.grace: float = self._settings["grace"]
        self.policy = Penalty(self._settings["policy"])
        self.rng = random.Random(self._settings["seed"])

    @property
    def settings(self) -> Mapping[str, Any]:
        """Every setting with its value."""
        return dict(self._settings)

    def play(
        self,
        players: Sequence[Player],
        start: State | str | None = None,
        tags: Mapping[str, str] | None = None,
        seed: int | None = None,
    ) -> GameRecord:
        """Play one game from ``start`` (the initial state by default) and return its record.

        ``players[i]`` plays seat ``i``. Players are started if they are not
        yet (a player that cannot start breaks the rules on its moves), told
        about the new game, and left running: the caller closes them (a
        match reuses them). ``seed`` fixes this game's penalty moves and
        chance outcomes (drawn from the referee's generator when None).
        """
        problem = self.game.seats_problem(len(players))
        if problem is not None:
            raise SettingsError(f"{self.game.name} {problem}")
        first = self._first_state(start)
        if seed is None:
            seed = self.rng.randrange(1 << 32)
        started = datetime.now(UTC).isoformat(timespec="seconds")
        clock = time.perf_counter()
        self._start(players)
        self.observer.game_started(first, tuple(p.info for p in players))
        progress = _Progress(first, random.Random(seed))
        while not progress.state.is_terminal():
            if not self._ply(players, progress):
                break  # a player quit or forfeited
        duration = time.perf_counter() - clock
        game_tags = {"seed": str(seed), **(tags or {})}
        record = self._record(players, progress, started, duration, game_tags)
        self.observer.game_ended(record)
        return record

    def _ply(self, players: Sequence[Player], progress: _Progress) -> bool:
        """Play the next ply (chance, or the mover's reply as ruled); False when the game
        stops before its end (a player quit or forfeited)."""
        state = progress.state
        mover = state.to_move()
        if mover == CHANCE:
            outcome = draw_outcome(state.chance_outcomes(), progress.rng)
            self._advance(progress, outcome, MoveRecord(-1, state.move_text(outcome)))
            return True
        player = players[mover]
        self.observer.thinking(mover, state)
        try:
            reply = self._ask(player, mover, state, Limit(time=self.time))
        except UndoRequest:
            self._undo(mover, progress)
            return True
        except QuitRequest:
            progress.termination = Termination.ABORTED
            return False
        ruling = adjudicate(
            state,
            reply,
            ply=len(progress.history),
            policy=self.policy,
            rng=progress.rng,
            name=player.info.name,
            diagnostics=player.diagnostics,
        )
        if ruling.rule_break is not None:
            progress.breaks.append(ruling.rule_break)
            self.observer.rule_broken(ruling.rule_break)
        if ruling.move is None:
            progress.termination = Termination.FORFEIT
            progress.forfeited = mover
            return False
        self._advance(progress, ruling.move, ruling.move_record(state))
        return True

    def _record(
        self,
        players: Sequence[Player],
        progress: _Progress,
        started: str,
        duration: float,
        tags: Mapping[str, str],
    ) -> GameRecord:
        """The record of a finished game (tags: the referee's time and policy, then ``tags``)."""
        returns = tuple(float(value) for value in progress.state.returns())
        return GameRecord(
            game=self.game.spec,
            start=progress.first.text(),
            players=tuple(p.info for p in players),
            moves=tuple(ply.move for ply in progress.history),
            final=progress.state.text(),
            returns=returns,
            winner=winner_after(progress.termination, returns, progress.forfeited),
            termination=progress.termination,
            rule_breaks=tuple(progress.breaks),
            started=started,
            duration=duration,
            tags={"time": f"{self.time:g}", "policy": self.policy.value, **tags},
        )

    def _first_state(self, start: State | str | None) -> State:
        if start is None:
            return self.game.initial_state()
        return self.game.parse_state(start) if isinstance(start, str) else start

    def _start(self, players: Sequence[Player]) -> None:
        """Start each player (if it is not yet) and tell it a new game begins."""
        for player in players:
            # an engine that cannot start (EngineError) breaks the rules on its moves instead
            with contextlib.suppress(EngineError):
                player.start()
            player.new_game(self.game)

    def _ask(
        self, player: Player, mover: int, state: State, limit: Limit
    ) -> Reply | RuleBreakError:
        """The player's reply, or the rule break its transport saw (undo and quit pass)."""
        try:
            return player.think(state, limit, self.grace, self._info_callback(mover))
        except RuleBreakError as error:
            return error

    def _info_callback(self, player: int) -> Callable[[SearchInfo], None]:
        def report(info: SearchInfo) -> None:
            self.observer.info(player, info)

        return report

    def _advance(self, progress: _Progress, move: Move, entry: MoveRecord) -> None:
        before = progress.state
        progress.state = before.play(move)
        progress.history.append(_Ply(before, entry))
        self.observer.move_played(entry, before, progress.state)

    def _undo(self, mover: int, progress: _Progress) -> None:
        """Take back plies until ``mover`` is to move before one of their own moves."""
        history = progress.history
        own = [i for i, ply in enumerate(history) if ply.move.player == mover]
        count = len(history) - own[-1] if own else 0
        if count:
            progress.state = history[-count].before
            del history[-count:]
            progress.breaks[:] = [b for b in progress.breaks if b.ply < len(history)]
        self.observer.undone(progress.state, count)
