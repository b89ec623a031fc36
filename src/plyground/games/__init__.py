"""Layer 2: the games, loaded by name and settings.

Each game lives in its own package and is imported only when first loaded,
so loading tic-tac-toe never pays for another game's kernels. Installed
packages add games through the ``plyground.games`` entry-point group
(docs/plugins.md).
"""

from __future__ import annotations

from plyground.core.game import Game
from plyground.core.registry import Registry
from plyground.core.settings import parse_spec

__all__ = ["GAMES", "game_class", "game_names", "load_game"]

GAMES: Registry[type[Game]] = Registry("game", group="plyground.games")
"""Every game by name; a new game adds one line here."""
GAMES.add("adjacency", "plyground.games.adjacency:AdjacencyGame")
GAMES.add("queens", "plyground.games.queens:QueensGame")
GAMES.add("2048", "plyground.games.g2048:G2048Game")
GAMES.add("tictactoe", "plyground.games.tictactoe:TicTacToeGame")
GAMES.add("morris", "plyground.games.morris:MorrisGame")


def game_names() -> list[str]:
    """The names of every registered game (built in, then from installed packages)."""
    return GAMES.names()


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; UnknownNameError lists the known names."""
    return GAMES.get(name)


def load_game(spec: str | Game = "adjacency") -> Game:
    """Load a game from its spec, e.g. ``load_game("adjacency(size=6,rounds=10,first=O)")``.

    >>> load_game("adjacency(size=6)").spec
    'adjacency(size=6,rounds=8,first=X)'
    """
    if isinstance(spec, Game):
        return spec
    name, settings = parse_spec(spec)
    return game_class(name)(**settings)
