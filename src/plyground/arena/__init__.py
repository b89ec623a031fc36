"""Layer 5: the arena. Players, the referee, matches, tournaments, records.

The arena is a house of rooms (docs/architecture.md), each a sub-package:
``records`` < ``stats``, ``storage`` < ``players`` < ``play`` < ``runs`` <
``tournaments`` < ``tuning``, and the leaves ``analysis``, ``solving`` and
``reports``. This face hands on the names a script needs most
(``from plyground.arena import RunOptions, make_player, play_match``), each
imported when first asked for, so a room never loads the whole arena.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plyground.arena.play.openings import make_openings
    from plyground.arena.play.referee import GameObserver, Referee
    from plyground.arena.play.run_options import RunOptions
    from plyground.arena.players.bot_player import BotPlayer
    from plyground.arena.players.engine_player import EnginePlayer
    from plyground.arena.players.make import HumanPlayer, isolated_bot, make_player
    from plyground.arena.players.player import (
        Player,
        QuitRequest,
        Reply,
        RuleBreakError,
        UndoRequest,
    )
    from plyground.arena.records.record import (
        GameRecord,
        MoveRecord,
        Penalty,
        PlayerInfo,
        RuleBreak,
        RuleBreakKind,
        Termination,
        result_text,
        winner_of,
    )
    from plyground.arena.stats.elo import EloEstimate, elo_from_score, elo_from_wdl
    from plyground.arena.tournaments.match import MatchResult, SideSummary, play_match

_HOMES = {
    "records.record": (
        "GameRecord",
        "MoveRecord",
        "Penalty",
        "PlayerInfo",
        "RuleBreak",
        "RuleBreakKind",
        "Termination",
        "result_text",
        "winner_of",
    ),
    "stats.elo": ("EloEstimate", "elo_from_score", "elo_from_wdl"),
    "players.player": ("Player", "QuitRequest", "Reply", "RuleBreakError", "UndoRequest"),
    "players.bot_player": ("BotPlayer",),
    "players.engine_player": ("EnginePlayer",),
    "players.make": ("HumanPlayer", "isolated_bot", "make_player"),
    "play.referee": ("GameObserver", "Referee"),
    "play.openings": ("make_openings",),
    "play.run_options": ("RunOptions",),
    "tournaments.match": ("MatchResult", "SideSummary", "play_match"),
}
"""The room (module under ``plyground.arena``) each public name lives in."""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "BotPlayer",
    "EloEstimate",
    "EnginePlayer",
    "GameObserver",
    "GameRecord",
    "HumanPlayer",
    "MatchResult",
    "MoveRecord",
    "Penalty",
    "Player",
    "PlayerInfo",
    "QuitRequest",
    "Referee",
    "Reply",
    "RuleBreak",
    "RuleBreakError",
    "RuleBreakKind",
    "RunOptions",
    "SideSummary",
    "Termination",
    "UndoRequest",
    "elo_from_score",
    "elo_from_wdl",
    "isolated_bot",
    "make_openings",
    "make_player",
    "play_match",
    "result_text",
    "winner_of",
]


def __getattr__(name: str) -> Any:
    """Load a public name from its room the first time it is asked for."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'plyground.arena' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"plyground.arena.{module}"), name)
    globals()[name] = value
    return value
