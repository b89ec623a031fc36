"""The public names of ``plyground``, for type checkers and for the lazy face.

``lazy_loader.attach_stub`` reads these imports at run time (``__init__.py``): each name
is imported from its layer when first asked for.
"""

from .bots import Bot as Bot
from .bots import Decision as Decision
from .bots import bot_names as bot_names
from .bots import make_bot as make_bot
from .core import CHANCE as CHANCE
from .core import TERMINAL as TERMINAL
from .core import Capabilities as Capabilities
from .core import EngineError as EngineError
from .core import Game as Game
from .core import IllegalMoveError as IllegalMoveError
from .core import Limit as Limit
from .core import ParseError as ParseError
from .core import PluginError as PluginError
from .core import PlygroundError as PlygroundError
from .core import SearchInfo as SearchInfo
from .core import Setting as Setting
from .core import SettingsError as SettingsError
from .core import State as State
from .core import UnknownNameError as UnknownNameError
from .games import game_names as game_names
from .games import load_game as load_game

__version__: str
