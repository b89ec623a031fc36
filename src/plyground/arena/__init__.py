"""Layer 5: the arena. Players, the referee, matches, tournaments, records.

The arena is a house of rooms (docs/architecture.md), each a sub-package:
``records`` < ``stats``, ``storage`` < ``players`` < ``play`` < ``runs`` <
``tournaments`` < ``tuning``, and the leaves ``analysis``, ``solving`` and
``reports``. This face hands on the names a script needs most
(``from plyground.arena import RunOptions, make_player, play_match``), each
imported when first asked for (:mod:`plyground.lazy_face`), so a room never loads the
whole arena.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plyground.lazy_face import lazy_face

if TYPE_CHECKING:
    from plyground.arena.play.openings import make_openings as make_openings
    from plyground.arena.play.referee import GameObserver as GameObserver
    from plyground.arena.play.referee import Referee as Referee
    from plyground.arena.play.run_options import RunOptions as RunOptions
    from plyground.arena.players.bot_player import BotPlayer as BotPlayer
    from plyground.arena.players.engine_player import EnginePlayer as EnginePlayer
    from plyground.arena.players.make import HumanPlayer as HumanPlayer
    from plyground.arena.players.make import isolated_bot as isolated_bot
    from plyground.arena.players.make import make_player as make_player
    from plyground.arena.players.player import Player as Player
    from plyground.arena.players.player import QuitRequest as QuitRequest
    from plyground.arena.players.player import Reply as Reply
    from plyground.arena.players.player import RuleBreakError as RuleBreakError
    from plyground.arena.players.player import UndoRequest as UndoRequest
    from plyground.arena.records.record import GameRecord as GameRecord
    from plyground.arena.records.record import MoveRecord as MoveRecord
    from plyground.arena.records.record import Penalty as Penalty
    from plyground.arena.records.record import PlayerInfo as PlayerInfo
    from plyground.arena.records.record import RuleBreak as RuleBreak
    from plyground.arena.records.record import RuleBreakKind as RuleBreakKind
    from plyground.arena.records.record import Termination as Termination
    from plyground.arena.records.record import result_text as result_text
    from plyground.arena.records.record import winner_of as winner_of
    from plyground.arena.stats.elo import EloEstimate as EloEstimate
    from plyground.arena.stats.elo import elo_from_score as elo_from_score
    from plyground.arena.stats.elo import elo_from_wdl as elo_from_wdl
    from plyground.arena.tournaments.match import MatchResult as MatchResult
    from plyground.arena.tournaments.match import SideSummary as SideSummary
    from plyground.arena.tournaments.match import play_match as play_match

__getattr__, __all__ = lazy_face(__name__, __file__)
