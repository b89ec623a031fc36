"""plyground: a toolkit and arena for classic game-playing AI.

>>> import plyground
>>> game = plyground.load_game("adjacency(size=8,rounds=8,first=X)")
>>> state = game.initial_state()
>>> str(state)
'6OO/6OO/8/8/8/8/XX6/XX6 X 16'
>>> bot = plyground.make_bot("alphabeta", time=0.2)
>>> state.move_text(bot.choose(state).move) in [state.move_text(m) for m in state.legal_moves()]
True

Each public name is imported from its layer when first asked for
(:mod:`plyground.lazy_face`), so that ``import plyground`` (which every ``plyground``
command does, for its version) loads no bot, game or registry before the command needs one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plyground.lazy_face import lazy_face

if TYPE_CHECKING:
    from plyground.bots import Bot as Bot
    from plyground.bots import Decision as Decision
    from plyground.bots import bot_names as bot_names
    from plyground.bots import make_bot as make_bot
    from plyground.core import CHANCE as CHANCE
    from plyground.core import TERMINAL as TERMINAL
    from plyground.core import Capabilities as Capabilities
    from plyground.core import EngineError as EngineError
    from plyground.core import Game as Game
    from plyground.core import IllegalMoveError as IllegalMoveError
    from plyground.core import Limit as Limit
    from plyground.core import ParseError as ParseError
    from plyground.core import PluginError as PluginError
    from plyground.core import PlygroundError as PlygroundError
    from plyground.core import SearchInfo as SearchInfo
    from plyground.core import Setting as Setting
    from plyground.core import SettingsError as SettingsError
    from plyground.core import State as State
    from plyground.core import UnknownNameError as UnknownNameError
    from plyground.games import game_names as game_names
    from plyground.games import load_game as load_game

__version__ = "0.1.0"

__getattr__, __all__ = lazy_face(__name__, __file__)
__all__ += ["__version__"]
