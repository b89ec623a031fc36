"""Layer 1: the game-agnostic contract shared by every game, algorithm and bot."""

from plyground.core.errors import (
    EngineError,
    IllegalMoveError,
    ParseError,
    PluginError,
    PlygroundError,
    SettingsError,
    UnknownNameError,
)
from plyground.core.evaluation import Evaluator, TunableWeight, declared_weights, weight
from plyground.core.game import CHANCE, TERMINAL, Capabilities, Game, Move, State
from plyground.core.limits import Clock, Limit, SearchInfo
from plyground.core.profile import Compiled, GameProfile
from plyground.core.registry import Registry, load_target
from plyground.core.settings import Setting, format_spec, parse_spec, resolve_settings

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Capabilities",
    "Clock",
    "Compiled",
    "EngineError",
    "Evaluator",
    "Game",
    "GameProfile",
    "IllegalMoveError",
    "Limit",
    "Move",
    "ParseError",
    "PluginError",
    "PlygroundError",
    "Registry",
    "SearchInfo",
    "Setting",
    "SettingsError",
    "State",
    "TunableWeight",
    "UnknownNameError",
    "declared_weights",
    "format_spec",
    "load_target",
    "parse_spec",
    "resolve_settings",
    "weight",
]
