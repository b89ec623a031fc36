"""Layer 2: the games, loaded by name and settings.

Each game lives in its own package and is imported only when first loaded,
so loading tic-tac-toe never pays for another game's kernels. A game class's
``PROFILE`` (:mod:`plyground.core.profile`, declared in the game package's
``profile.py``) tells the layers above what they look up for it. Installed
packages add games through the ``plyground.games`` entry-point group
(docs/plugins.md, which lists every step of adding a game).
"""

from __future__ import annotations

from plyground.core.game import Game
from plyground.core.profile import GameProfile
from plyground.core.registry import Registry
from plyground.core.settings import parse_spec

__all__ = ["GAMES", "game_class", "game_names", "game_profile", "load_game"]

GAMES: Registry[type[Game]] = Registry("game", group="plyground.games")
"""Every built-in game by name (its class, imported when first looked up)."""
GAMES.add("adjacency", "plyground.games.adjacency:AdjacencyGame")
GAMES.add("tictactoe", "plyground.games.tictactoe:TicTacToeGame")
GAMES.add("morris", "plyground.games.morris:MorrisGame")
GAMES.add("2048", "plyground.games.g2048:G2048Game")
GAMES.add("queens", "plyground.games.queens:QueensGame")


def game_names() -> list[str]:
    """The names of every registered game (built in, then from installed packages)."""
    return GAMES.names()


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; UnknownNameError lists the known names."""
    return GAMES.get(name)


def game_profile(name: str) -> GameProfile:
    """What the layers above look up for game ``name`` (its class's ``PROFILE``)."""
    return game_class(name).PROFILE


def load_game(spec: str | Game = "adjacency") -> Game:
    """Load a game from its spec, e.g. ``load_game("adjacency(size=6,rounds=10,first=O)")``.

    >>> load_game("adjacency(size=6)").spec
    'adjacency(size=6,rounds=8,first=X)'
    """
    if isinstance(spec, Game):
        return spec
    name, settings = parse_spec(spec)
    return game_class(name)(**settings)
