"""Layer 5: the arena. Players, the referee, matches, game records."""

from plyground.arena.elo import EloEstimate, elo_from_score, elo_from_wdl
from plyground.arena.match import MatchResult, SideSummary, make_openings, play_match
from plyground.arena.players import (
    BotPlayer,
    EnginePlayer,
    HumanPlayer,
    Player,
    QuitRequest,
    Reply,
    RuleBreakError,
    UndoRequest,
    isolated_bot,
    make_player,
)
from plyground.arena.record import (
    GameRecord,
    MoveRecord,
    Penalty,
    PlayerInfo,
    RuleBreak,
    RuleBreakKind,
    Termination,
)
from plyground.arena.referee import GameObserver, Referee, winner_of

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
    "SideSummary",
    "Termination",
    "UndoRequest",
    "elo_from_score",
    "elo_from_wdl",
    "isolated_bot",
    "make_openings",
    "make_player",
    "play_match",
    "winner_of",
]
