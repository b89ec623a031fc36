"""Layer 5: the arena. Players, the referee, matches, game records."""

from plyground.arena import record
from plyground.arena.bot_player import BotPlayer
from plyground.arena.elo import EloEstimate, elo_from_score, elo_from_wdl
from plyground.arena.engine_player import EnginePlayer
from plyground.arena.match import MatchResult, SideSummary, play_match
from plyground.arena.openings import make_openings
from plyground.arena.player import Player, QuitRequest, Reply, RuleBreakError, UndoRequest
from plyground.arena.players import HumanPlayer, isolated_bot, make_player
from plyground.arena.record import *  # noqa: F403 - a game record's API is the arena's
from plyground.arena.referee import GameObserver, Referee, winner_of

__all__ = [
    "BotPlayer",
    "EloEstimate",
    "EnginePlayer",
    "GameObserver",
    "HumanPlayer",
    "MatchResult",
    "Player",
    "QuitRequest",
    "Referee",
    "Reply",
    "RuleBreakError",
    "SideSummary",
    "UndoRequest",
    "elo_from_score",
    "elo_from_wdl",
    "isolated_bot",
    "make_openings",
    "make_player",
    "play_match",
    "winner_of",
]
__all__ += record.__all__
