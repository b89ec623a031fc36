"""Layer 4: bots, made by name with settings: ``make_bot("alphabeta", time=1.0)``.

Installed packages add bots through the ``plyground.bots`` entry-point group
(docs/plugins.md); a user's own bot class in a file or module is named by
its target, ``make_bot("./mybot.py:MyBot:depth=3")`` (docs/your-first-bot.md).
"""

from __future__ import annotations

from plyground.bots.base import TIME_SETTING, Bot, Decision
from plyground.bots.user import is_user_bot, make_user_bot, user_bot_class
from plyground.core.registry import Registry
from plyground.core.settings import parse_spec
from plyground.games import game_profile

__all__ = [
    "BOTS",
    "TIME_SETTING",
    "Bot",
    "Decision",
    "bot_class",
    "bot_names",
    "make_bot",
    "strongest_bot",
]

BOTS: Registry[type[Bot]] = Registry("bot", group="plyground.bots")
"""Every bot by name; a new bot adds one line here."""
BOTS.add("random", "plyground.bots.simple:RandomBot")
BOTS.add("greedy", "plyground.bots.simple:GreedyBot")
BOTS.add("alphabeta", "plyground.bots.alphabeta:AlphaBetaBot")
BOTS.add("hillclimb", "plyground.bots.local:HillClimbBot")
BOTS.add("annealing", "plyground.bots.local:AnnealingBot")
BOTS.add("genetic", "plyground.bots.local:GeneticBot")
BOTS.add("2048", "plyground.bots.g2048:G2048Bot")
BOTS.add("perfect", "plyground.bots.perfect:PerfectBot")
BOTS.add("morris", "plyground.bots.morris:MorrisBot")
BOTS.add("mcts", "plyground.bots.mcts:MCTSBot")


def strongest_bot(game_name: str) -> str:
    """The strongest bot for a game, which front ends offer by default (its profile's
    ``strongest_bot``; ``alphabeta`` for a game whose profile names none)."""
    return game_profile(game_name).strongest_bot


def bot_names() -> list[str]:
    """The names of every registered bot (built in, then from installed packages)."""
    return BOTS.names()


def bot_class(name: str) -> type[Bot]:
    """The class registered as ``name``, or the class a ``FILE.py:CLASS`` or
    ``module:CLASS`` target names; UnknownNameError lists the known names,
    PluginError says what is wrong with a user's file."""
    return user_bot_class(name) if is_user_bot(name) else BOTS.get(name)


def make_bot(spec: str, **settings: object) -> Bot:
    """Make a bot from a name or spec, e.g. ``make_bot("alphabeta", time=1.0)``,
    ``make_bot("alphabeta(time=1,depth=6)")`` or ``make_bot("./mybot.py:MyBot:depth=3")``;
    keyword settings win."""
    name, given = parse_spec(spec)
    merged: dict[str, object] = {**given, **settings}
    if is_user_bot(name):
        return make_user_bot(user_bot_class(name), name, merged)
    return bot_class(name)(**merged)
