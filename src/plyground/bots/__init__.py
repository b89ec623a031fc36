"""Layer 4: bots, made by name with settings: ``make_bot("alphabeta", time=1.0)``."""

from __future__ import annotations

import importlib

from plyground.bots.base import Bot, Decision
from plyground.core.errors import UnknownNameError
from plyground.core.settings import parse_spec

__all__ = ["Bot", "Decision", "bot_class", "bot_names", "make_bot", "strongest_bot"]

# name -> "module:ClassName"; a new bot adds one line here.
_BOTS: dict[str, str] = {
    "random": "plyground.bots.simple:RandomBot",
    "greedy": "plyground.bots.simple:GreedyBot",
    "alphabeta": "plyground.bots.alphabeta:AlphaBetaBot",
    "hillclimb": "plyground.bots.local:HillClimbBot",
    "annealing": "plyground.bots.local:AnnealingBot",
    "genetic": "plyground.bots.local:GeneticBot",
    "2048": "plyground.bots.g2048:G2048Bot",
    "perfect": "plyground.bots.perfect:PerfectBot",
    "morris": "plyground.bots.morris:MorrisBot",
    "mcts": "plyground.bots.mcts:MCTSBot",
}


# game name -> the strongest bot for it, which front ends offer by default.
_STRONGEST: dict[str, str] = {
    "adjacency": "alphabeta",
    "tictactoe": "perfect",
    "morris": "morris",
    "2048": "2048",
}


def strongest_bot(game_name: str) -> str:
    """The name of the strongest bot for a game (``alphabeta`` for a game not listed)."""
    return _STRONGEST.get(game_name, "alphabeta")


def bot_names() -> list[str]:
    """The names of every registered bot."""
    return list(_BOTS)


def bot_class(name: str) -> type[Bot]:
    """The class registered as ``name``; UnknownNameError lists the known names."""
    try:
        target = _BOTS[name]
    except KeyError:
        raise UnknownNameError(f"unknown bot {name!r} (known: {', '.join(_BOTS)})") from None
    module_name, _, class_name = target.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module_name), class_name)
    return cls


def make_bot(spec: str, **settings: object) -> Bot:
    """Make a bot from a name or spec, e.g. ``make_bot("alphabeta", time=1.0)``
    or ``make_bot("alphabeta(time=1,depth=6)")``; keyword settings win."""
    name, given = parse_spec(spec)
    merged: dict[str, object] = {**given, **settings}
    return bot_class(name)(**merged)
