"""The web server's settings: one object, checked like every other setting.

Each setting is declared once, in :data:`WEB_SETTINGS` (its default, bounds
and help); :class:`WebSettings` takes its defaults from there and
``plyground serve`` its options and their defaults.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from plyground.arena.play.referee import SERVER_GRACE_SECONDS
from plyground.arena.records.record import Penalty
from plyground.core.limits import MOST_MOVE_SECONDS
from plyground.core.settings import Setting, resolve_settings

__all__ = ["CLIENT_LIMITS", "WEB_SETTINGS", "WebSettings"]

WEB_SETTINGS: tuple[Setting, ...] = (
    Setting("think_cap", float, 10.0, "most seconds a bot may think per move",
            minimum=0.01, maximum=MOST_MOVE_SECONDS),
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
    Setting("unwatched", float, 10.0, "seconds a game's bots play on without a viewer "
            "(after its last viewer left, or after it began if nobody streams it)",
            minimum=0, maximum=86400),
    Setting("db", str, None, "database file where finished games are stored (none: "
            "games stay in memory only)"),
    Setting("analysis_time", float, 0.5, "seconds per position for the analysis "
            "(an exact solve, then as long for the engine)", minimum=0.01, maximum=60),
    Setting("blunder", float, None, "marks lost that make a blunder in the analysis (none: "
            "the game's analyser's own)", minimum=0.5, maximum=100),
    Setting("grace", float, SERVER_GRACE_SECONDS, "seconds past its limit a bot may take "
            "before it is out of time", minimum=0, maximum=600),
    Setting("client_games", int, 20, "most games one client may keep on the server "
            "(running and finished)", minimum=1, maximum=1_000_000),
    Setting("stale", float, 600.0, "seconds after which a game nobody touched may be "
            "forgotten to make room for a new one", minimum=1, maximum=30 * 86400),
    Setting("client_share", float, 0.5, "the share of the worker pool one client's jobs "
            "may hold at once (at least one worker)", minimum=0.01, maximum=1),
    Setting("client_jobs", int, 4, "most analyses, values and tool runs one client may "
            "have waiting or running at once", minimum=1, maximum=10_000),
    Setting("client_streams", int, 20, "most event streams one client may hold open",
            minimum=1, maximum=100_000),
    Setting("max_streams", int, 500, "most event streams open in all", minimum=1,
            maximum=1_000_000),
    Setting("max_body", int, 32_768, "largest request body accepted (bytes)",
            minimum=1024, maximum=16 * 1024 * 1024),
)  # fmt: skip
"""Every setting of the web server, declared once."""

CLIENT_LIMITS = (
    "client_games",
    "stale",
    "client_share",
    "client_jobs",
    "client_streams",
    "max_streams",
    "max_body",
)
"""The settings that keep one client from starving the others (``plyground serve`` gives
each an option of the same name)."""

_DEFAULTS: dict[str, Any] = {setting.name: setting.default for setting in WEB_SETTINGS}


@dataclass(frozen=True)
class WebSettings:
    """How the web app runs: the bots' time cap, how many games it keeps, for how long, and
    what one client may use. Defaults and bounds come from :data:`WEB_SETTINGS`.

    Values are checked on construction, so a bad value raises
    :class:`~plyground.SettingsError` naming it.
    """

    think_cap: float = _DEFAULTS["think_cap"]
    """Most seconds a bot may think per move, whatever its own ``time`` setting says."""
    max_games: int = _DEFAULTS["max_games"]
    """Most games kept in memory (running and finished)."""
    expiry: float = _DEFAULTS["expiry"]
    """Seconds a game is kept after its last activity."""
    workers: int = _DEFAULTS["workers"]
    """Processes in the pool where bots think."""
    max_delay: float = _DEFAULTS["max_delay"]
    """Longest pause between moves a bot-vs-bot game may ask for (seconds)."""
    policy: str = _DEFAULTS["policy"]
    """What a bot's rule break costs (docs/rules.md): a random move played for it, or the game."""
    unwatched: float = _DEFAULTS["unwatched"]
    """Seconds a game's bots play on without a viewer (after its last viewer left, or after
    it began if nobody streams it); then they stop until one comes back."""
    db: str | None = _DEFAULTS["db"]
    """A SQLite file (the tournaments' database) where finished games are stored; None: none."""
    analysis_time: float = _DEFAULTS["analysis_time"]
    """Seconds per position an analysis may spend on an exact solve, then as much on the engine."""
    blunder: float | None = _DEFAULTS["blunder"]
    """Marks lost against the best move from which the analysis calls a move a blunder (None:
    the game's analyser's own threshold)."""
    grace: float = _DEFAULTS["grace"]
    """Seconds past its limit a bot (or a tool, or an analysis) may take before it counts as
    out of time: a worker's answer can wait behind a busy machine."""
    client_games: int = _DEFAULTS["client_games"]
    """Most games one client (remote address) may keep on the server."""
    stale: float = _DEFAULTS["stale"]
    """Seconds untouched after which a game may be forgotten to make room (finished games go
    first, then stale ones; a game in play is never forgotten for room)."""
    client_share: float = _DEFAULTS["client_share"]
    """Share of the worker pool one client's jobs (its games' bots, its analyses) may hold."""
    client_jobs: int = _DEFAULTS["client_jobs"]
    """Most analyses, values and tool runs one client may have waiting or running (429)."""
    client_streams: int = _DEFAULTS["client_streams"]
    """Most event streams one client may hold open (429)."""
    max_streams: int = _DEFAULTS["max_streams"]
    """Most event streams open in all (429)."""
    max_body: int = _DEFAULTS["max_body"]
    """Largest request body accepted, in bytes (413)."""

    SETTINGS: ClassVar[tuple[Setting, ...]] = WEB_SETTINGS

    def __post_init__(self) -> None:
        checked = resolve_settings(self.SETTINGS, asdict(self), "web settings")
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    @property
    def client_workers(self) -> int:
        """Workers one client's jobs may hold at once: its share of the pool, at least one."""
        return max(1, int(self.workers * self.client_share))
