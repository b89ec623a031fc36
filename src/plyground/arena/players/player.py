"""The player interface: what the referee drives, one small contract for every kind.

A :class:`Player` is started once, told about each new game, asked for a
move in a state (:meth:`Player.think`) and closed. :meth:`Player.think`
either returns a :class:`Reply` (a move, possibly not legal: the referee
checks) or raises :class:`RuleBreakError` saying what went wrong (timeout,
crash, garbage). People may raise :class:`UndoRequest` or
:class:`QuitRequest` instead. The kinds of player are in
:mod:`plyground.arena.players.make`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from plyground.arena.records.record import PlayerInfo, RuleBreakKind
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit, SearchInfo

__all__ = [
    "HUMAN",
    "AskMove",
    "InfoCallback",
    "Player",
    "QuitRequest",
    "Reply",
    "RuleBreakError",
    "UndoRequest",
]

HUMAN = "human"
"""The player spec of a person (``--x human``), who is asked for moves through an
:data:`AskMove`."""

InfoCallback = Callable[[SearchInfo], None]
AskMove = Callable[[State], Move]
"""A front end's way to ask a person for a move: returns a legal move, or
raises :class:`UndoRequest` / :class:`QuitRequest`."""


@dataclass(frozen=True)
class Reply:
    """A player's answer: a move (``move``) or its text (``text``, from an engine).

    The referee checks it is legal. ``info`` is the last search report,
    ``elapsed`` the seconds from the request to the answer.
    """

    move: Move | None
    text: str
    elapsed: float
    info: SearchInfo | None = None


class RuleBreakError(Exception):
    """A player broke the rules on this move (no answer in time, crash, garbage)."""

    def __init__(self, kind: RuleBreakKind, detail: str, elapsed: float = 0.0) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.elapsed = elapsed


class UndoRequest(Exception):  # noqa: N818 - a request, not an error
    """A person asked to take back their last move (and the replies to it)."""


class QuitRequest(Exception):  # noqa: N818 - a request, not an error
    """A person asked to stop the game."""


class Player(ABC):
    """One seat's player, driven by the referee.

    Contract: :meth:`think` returns within ``limit.time + grace`` seconds
    (players that are timed) or raises :class:`RuleBreakError`; it never
    blocks forever. :meth:`close` ends everything the player started and
    may be called more than once.
    """

    timed: bool = True
    """False for people: the referee does not hold them to the clock."""

    @property
    @abstractmethod
    def info(self) -> PlayerInfo:
        """Who this is (name, kind, spec, version), for the record."""

    def start(self) -> None:  # noqa: B027 - optional hook
        """Get ready (start a process, handshake). Idempotent; raises EngineError."""

    def new_game(self, game: Game) -> None:  # noqa: B027 - optional hook
        """A new game of ``game`` begins."""

    @abstractmethod
    def think(self, state: State, limit: Limit, grace: float, on_info: InfoCallback) -> Reply:
        """The player's move in ``state`` (see the class contract)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """End whatever the player started (processes, threads)."""

    def diagnostics(self) -> str:
        """Recent hints about a bad answer (an engine's last stderr line), or ''."""
        return ""

    def __enter__(self) -> Player:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
