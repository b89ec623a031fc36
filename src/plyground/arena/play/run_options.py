"""How games are played: the clock, the rule-break policy and how players run.

One :class:`RunOptions` holds what a match, a tournament and a tuning run
share about playing each game (the CLI reads it with one helper,
:func:`plyground.cli.options.add_run_options`): the time per move and its
grace, what a rule break costs, whether Python bots run in their own process,
and how engine processes are started and capped. It makes the referee and
the players of a game, so every caller plays by the same options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from plyground.arena.play.referee import GRACE_SECONDS, GameObserver, Referee
from plyground.arena.players.engine_player import ENGINE_PREFIX, STARTUP_SECONDS
from plyground.arena.players.player import Player
from plyground.arena.records.record import Penalty
from plyground.core.errors import SettingsError
from plyground.core.game import Game
from plyground.core.limits import check_move_seconds

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from plyground.arena.players.make import PlayerContext

__all__ = ["DEFAULT_MEMORY_MB", "RunOptions"]

DEFAULT_MEMORY_MB = 4096
"""The address-space cap of an engine process, in MB (Python with numba maps a lot)."""

QUICK_MOVE_SECONDS = 1.0
"""A tournament's time per move unless told: many games, each quicker than the course's
:data:`~plyground.core.limits.MOVE_SECONDS`."""


@dataclass(frozen=True)
class RunOptions:
    """How each game is played (stored with a tournament, except ``engine_log``).

    ``time`` is the thinking time per move and ``grace`` the extra time
    before a late answer is a timeout; ``policy`` is what a rule break costs
    (docs/arena.md). ``isolate`` runs each Python bot in its own process, as
    an engine; ``memory_mb`` caps every engine process's address space (None:
    no cap) and ``startup`` is the time an engine may take to answer
    ``hello``. ``engine_log`` is where what engines write on stderr goes
    (:mod:`~plyground.arena.play.engine_log`: ``"-"`` shows it, else a file
    keeps it; None drops it).
    """

    time: float = QUICK_MOVE_SECONDS
    grace: float = GRACE_SECONDS
    policy: Penalty = Penalty.RANDOM_MOVE
    isolate: bool = False
    memory_mb: int | None = DEFAULT_MEMORY_MB
    startup: float = STARTUP_SECONDS
    engine_log: str | None = None

    STORED: ClassVar[tuple[str, ...]] = (
        "time",
        "grace",
        "policy",
        "isolate",
        "memory_mb",
        "startup",
    )
    """The keys of :meth:`to_dict`: everything but ``engine_log``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "policy", Penalty(self.policy))
        check_move_seconds(self.time)
        if self.memory_mb is not None and self.memory_mb < 64:
            raise SettingsError(f"a memory cap below 64 MB leaves no room, got {self.memory_mb}")

    def referee(
        self, game: Game, observer: GameObserver | None = None, seed: int | None = None
    ) -> Referee:
        """The referee of a game under these options."""
        return Referee(
            game, observer, time=self.time, grace=self.grace, policy=self.policy, seed=seed
        )

    def player(self, spec: str, **context: Unpack[PlayerContext]) -> Player:
        """The player ``spec`` names (see :func:`~plyground.arena.players.make.make_player`,
        which takes ``context``: its seed, the log that hears an engine's stderr lines, the
        folder an engine runs in, the name its rule breaks call it), run as these options
        say. The time per move is the referee's (:meth:`referee`), in each move's limit."""
        # imported here: the players' factory loads the bots, which reading these options
        # (a command's defaults, a stored tournament's) never needs
        from plyground.arena.players.make import make_player

        runs_apart = self.isolate or spec.strip().startswith(ENGINE_PREFIX)
        return make_player(
            spec,
            isolate=self.isolate,
            startup=self.startup,
            memory_mb=self.memory_mb if runs_apart else None,
            **context,
        )

    def to_dict(self) -> dict[str, Any]:
        """The stored options (``engine_log`` is not stored: it is a choice of one run)."""
        stored = {key: getattr(self, key) for key in self.STORED}
        stored["policy"] = self.policy.value
        return stored

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunOptions:
        """Read what :meth:`to_dict` wrote (older records lack ``startup``).

        Raises KeyError, TypeError or ValueError on data it cannot read.
        """
        memory = data.get("memory_mb")
        return cls(
            time=float(data["time"]),
            grace=float(data["grace"]),
            policy=Penalty(data["policy"]),
            isolate=bool(data["isolate"]),
            memory_mb=None if memory is None else int(memory),
            startup=float(data.get("startup", STARTUP_SECONDS)),
        )
