"""The public names of ``plyground.arena``, for type checkers and for the lazy face.

``lazy_loader.attach_stub`` reads these imports at run time (``__init__.py``): each name
is imported from its room when first asked for.
"""

from .play.openings import make_openings as make_openings
from .play.referee import GameObserver as GameObserver
from .play.referee import Referee as Referee
from .play.run_options import RunOptions as RunOptions
from .players.bot_player import BotPlayer as BotPlayer
from .players.engine_player import EnginePlayer as EnginePlayer
from .players.make import HumanPlayer as HumanPlayer
from .players.make import isolated_bot as isolated_bot
from .players.make import make_player as make_player
from .players.player import Player as Player
from .players.player import QuitRequest as QuitRequest
from .players.player import Reply as Reply
from .players.player import RuleBreakError as RuleBreakError
from .players.player import UndoRequest as UndoRequest
from .records.record import GameRecord as GameRecord
from .records.record import MoveRecord as MoveRecord
from .records.record import Penalty as Penalty
from .records.record import PlayerInfo as PlayerInfo
from .records.record import RuleBreak as RuleBreak
from .records.record import RuleBreakKind as RuleBreakKind
from .records.record import Termination as Termination
from .records.record import result_text as result_text
from .records.record import winner_of as winner_of
from .stats.elo import EloEstimate as EloEstimate
from .stats.elo import elo_from_score as elo_from_score
from .stats.elo import elo_from_wdl as elo_from_wdl
from .tournaments.match import MatchResult as MatchResult
from .tournaments.match import SideSummary as SideSummary
from .tournaments.match import play_match as play_match
