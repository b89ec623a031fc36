"""plyground: a toolkit and arena for classic game-playing AI.

>>> import plyground
>>> game = plyground.load_game("adjacency(size=8,rounds=8,first=X)")
>>> state = game.initial_state()
>>> str(state)
'6OO/6OO/8/8/8/8/XX6/XX6 X 16'
>>> bot = plyground.make_bot("alphabeta", time=0.2)
>>> state.move_text(bot.choose(state).move) in [state.move_text(m) for m in state.legal_moves()]
True

Each public name is imported from its layer when first asked for, so that
``import plyground`` (which every ``plyground`` command does, for its
version) loads no bot, game or registry before the command needs one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {
    "bots": ("Bot", "Decision", "bot_names", "make_bot"),
    "core": (
        "CHANCE",
        "TERMINAL",
        "Capabilities",
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
    ),
    "games": ("game_names", "load_game"),
}
"""The layer (package under ``plyground``) each public name lives in."""

_HOME_OF = {name: layer for layer, names in _HOMES.items() for name in names}

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


def __getattr__(name: str) -> Any:
    """Load a public name from its layer the first time it is asked for."""
    layer = _HOME_OF.get(name)
    if layer is None:
        raise AttributeError(f"module 'plyground' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"plyground.{layer}"), name)
    globals()[name] = value
    return value
