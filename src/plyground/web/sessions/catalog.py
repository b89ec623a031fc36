"""What can be played here: the games the page shows, the bots, the settings a browser may set."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from plyground.arena.analysis.analysers import is_analysed
from plyground.bots import bot_class, bot_names, make_bot, strongest_bot
from plyground.bots.levels import DEFAULT_LEVEL, Level, levels_for
from plyground.core.limits import MOVE_SECONDS
from plyground.core.settings import Setting
from plyground.games import game_class
from plyground.web.config import WebSettings
from plyground.web.own_bots import is_own
from plyground.web.sessions.names import NAME_LENGTH
from plyground.web.views import view_for, viewable_games

__all__ = ["build_catalog", "web_settings_of"]


def _public_setting(setting: Setting, think_cap: float) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": setting.name,
        "kind": setting.kind.__name__,
        "default": setting.default,
        "help": setting.help,
        "minimum": setting.minimum,
        "maximum": setting.maximum,
        "choices": None if setting.choices is None else list(setting.choices),
    }
    if setting.offered is not None:  # a free text offered as choices; "" for none
        data["choices"] = list(setting.offered)
        data["default"] = "" if setting.default is None else setting.default
    if setting.name == "time":  # what a seat gets unless its client sets it
        data["maximum"] = min(setting.maximum or think_cap, think_cap)
        data["default"] = min(MOVE_SECONDS, think_cap)
    return data


def _capped_level(level: Level, think_cap: float) -> dict[str, Any]:
    """A level as the page offers it, its think time within this server's cap."""
    data = level.to_dict()
    think = data["settings"].get("time")
    if isinstance(think, float) and think > think_cap:
        data["settings"]["time"] = think_cap
    return data


def web_settings_of(declared: Sequence[Setting], contained: bool = False) -> list[Setting]:
    """The bot settings a web client may set: bounded numbers, flags and choices.

    Left out: free texts (a file path such as ``weights`` must never reach
    the server's disk from a browser) unless the setting names the values it
    ``offered`` (the 2048 bot's ``network``: the shipped networks by name, which
    :func:`~plyground.web.sessions.seats.make_seat` holds a browser to), and
    unbounded numbers (a huge
    ``table`` would exhaust memory), except for a ``contained`` bot (a
    student's own, run as its own process that the server can kill, capped
    in memory when ``--memory`` says so): its every number is offered.
    """
    return [
        setting
        for setting in declared
        if setting.choices is not None
        or setting.offered is not None
        or setting.kind is bool
        or (setting.kind in (int, float) and (contained or setting.maximum is not None))
    ]


def build_catalog(settings: WebSettings) -> dict[str, Any]:
    """The games the page can show, the bots (with their web settings), the limits."""
    cap = settings.think_cap
    games = []
    for name in viewable_games():
        cls = game_class(name)
        view = view_for(name)
        game_settings = [_public_setting(s, cap) for s in cls.SETTINGS]
        for setting in game_settings:
            cut = view.web_maximum(cls).get(setting["name"])
            if cut is not None:
                setting["maximum"] = min(setting["maximum"] or cut, cut)
        game = cls()
        games.append(
            {
                "name": name,
                "description": cls.DESCRIPTION,
                "players": list(cls.PLAYER_NAMES),
                "chance": game.capabilities.chance,
                "settings": game_settings,
                "hints": view.form_hints(cls),
                "example": game.initial_state().text(),
                "pieces": view.layout(game).pieces,
                "analysis": is_analysed(name),
                "bots": [b for b in bot_names() if make_bot(b).supports(game)],
                "strongest": strongest_bot(name),
                "levels": [_capped_level(level, cap) for level in levels_for(game)],
                "default_level": DEFAULT_LEVEL,
            }
        )
    bots = []
    for name in bot_names():
        bot = bot_class(name)
        bots.append(
            {
                "name": name,
                "description": bot.DESCRIPTION,
                "settings": [
                    _public_setting(s, cap) for s in web_settings_of(bot.SETTINGS, is_own(bot))
                ],
                "own": is_own(bot),
            }
        )
    return {
        "games": games,
        "bots": bots,
        "think_cap": cap,
        "max_delay": settings.max_delay,
        "name_length": NAME_LENGTH,
        "stored": bool(settings.db),
    }
