"""plyground: a toolkit and arena for classic game-playing AI.

>>> import plyground
>>> game = plyground.load_game("adjacency(size=8,rounds=8,first=X)")
>>> state = game.initial_state()
>>> str(state)
'6OO/6OO/8/8/8/8/XX6/XX6 X 16'
>>> bot = plyground.make_bot("alphabeta", time=0.2)
>>> state.move_text(bot.choose(state).move) in [state.move_text(m) for m in state.legal_moves()]
True
"""

from plyground.bots import Bot, Decision, bot_names, make_bot
from plyground.core import (
    CHANCE,
    TERMINAL,
    Capabilities,
    EngineError,
    Game,
    IllegalMoveError,
    Limit,
    ParseError,
    PluginError,
    PlygroundError,
    SearchInfo,
    Setting,
    SettingsError,
    State,
    UnknownNameError,
)
from plyground.games import game_names, load_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "Capabilities",
    "Decision",
    "EngineError",
    "Game",
    "IllegalMoveError",
    "Limit",
    "ParseError",
    "PluginError",
    "PlygroundError",
    "SearchInfo",
    "Setting",
    "SettingsError",
    "State",
    "UnknownNameError",
    "__version__",
    "bot_names",
    "game_names",
    "load_game",
    "make_bot",
]
