"""The web server's settings: one object, checked like every other setting."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import ClassVar

from plyground.arena.records.record import Penalty
from plyground.core.settings import Setting, resolve_settings

__all__ = ["WebSettings"]


@dataclass(frozen=True)
class WebSettings:
    """How the web app runs: the bots' time cap, how many games it keeps, for how long.

    Values are checked against :attr:`SETTINGS` on construction, so a bad
    value raises :class:`~plyground.SettingsError` naming it.
    """

    think_cap: float = 10.0
    """Most seconds a bot may think per move, whatever its own ``time`` setting says."""
    max_games: int = 500
    """Most games kept in memory (running and finished); the oldest finished go first."""
    expiry: float = 3600.0
    """Seconds a game is kept after its last activity."""
    workers: int = 2
    """Processes in the pool where bots think."""
    max_delay: float = 10.0
    """Longest pause between moves a bot-vs-bot game may ask for (seconds)."""
    policy: str = Penalty.RANDOM_MOVE.value
    """What a bot's rule break costs (docs/rules.md): a random move played for it, or the game."""
    unwatched: float = 10.0
    """Seconds a game's bots play on after its last viewer left (then they stop until one
    comes back)."""
    db: str | None = None
    """A SQLite file (the tournaments' database) where finished games are stored; None: none."""
    analysis_time: float = 0.5
    """Seconds per position an analysis may spend on an exact solve, then as much on the engine."""
    blunder: float = 4.0
    """Marks lost against the best move from which the analysis calls a move a blunder."""
    grace: float = 1.0
    """Seconds past its limit a bot (or a tool, or an analysis) may take before it counts as
    out of time: a worker's answer can wait behind a busy machine."""

    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting("think_cap", float, 10.0, "most seconds a bot may think per move",
                minimum=0.01, maximum=600),
        Setting("max_games", int, 500, "most games kept in memory", minimum=1,
                maximum=1_000_000),
        Setting("expiry", float, 3600.0, "seconds a game is kept after its last activity",
                minimum=1, maximum=30 * 86400),
        Setting("workers", int, 2, "processes in which bots think", minimum=1, maximum=256),
        Setting("max_delay", float, 10.0, "longest pause between bot moves (seconds)",
                minimum=0, maximum=600),
        Setting("policy", str, Penalty.RANDOM_MOVE.value,
                "what a bot's rule break costs: a random move, or the game",
                choices=tuple(p.value for p in Penalty)),
        Setting("unwatched", float, 10.0, "seconds a game's bots play on after its last "
                "viewer left", minimum=0, maximum=86400),
        Setting("db", str, None, "database file where finished games are stored (none: "
                "games stay in memory only)"),
        Setting("analysis_time", float, 0.5, "seconds per position for the analysis "
                "(an exact solve, then as long for the engine)", minimum=0.01, maximum=60),
        Setting("blunder", float, 4.0, "marks lost that make a blunder in the analysis",
                minimum=0.5, maximum=100),
        Setting("grace", float, 1.0, "seconds past its limit a bot may take before it is "
                "out of time", minimum=0, maximum=600),
    )  # fmt: skip

    def __post_init__(self) -> None:
        checked = resolve_settings(self.SETTINGS, asdict(self), "web settings")
        for name, value in checked.items():
            object.__setattr__(self, name, value)
