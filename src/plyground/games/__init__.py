"""Layer 2: the games, loaded by name and settings.

Each game lives in its own package and is imported only when first loaded,
so loading tic-tac-toe never pays for another game's kernels.
"""

from __future__ import annotations

import importlib

from plyground.core.errors import UnknownNameError
from plyground.core.game import Game
from plyground.core.settings import parse_spec

__all__ = ["game_class", "game_names", "load_game"]

# name -> "module:ClassName"; a new game adds one line here.
_GAMES: dict[str, str] = {
    "adjacency": "plyground.games.adjacency:AdjacencyGame",
    "queens": "plyground.games.queens:QueensGame",
    "2048": "plyground.games.g2048:G2048Game",
    "tictactoe": "plyground.games.tictactoe:TicTacToeGame",
    "morris": "plyground.games.morris:MorrisGame",
}


def game_names() -> list[str]:
    """The names of every registered game."""
    return list(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; UnknownNameError lists the known names."""
    try:
        target = _GAMES[name]
    except KeyError:
        raise UnknownNameError(f"unknown game {name!r} (known: {', '.join(_GAMES)})") from None
    module_name, _, class_name = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load_game(spec: str | Game = "adjacency") -> Game:
    """Load a game from its spec, e.g. ``load_game("adjacency(size=6,rounds=10,first=O)")``.

    >>> load_game("adjacency(size=6)").spec
    'adjacency(size=6,rounds=8,first=X)'
    """
    if isinstance(spec, Game):
        return spec
    name, settings = parse_spec(spec)
    return game_class(name)(**settings)
