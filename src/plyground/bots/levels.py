"""Levels of play: the few simple choices a front end offers instead of a bot and its settings.

One place maps each level to a bot and its settings (chiefly its time a
move), so every front end offers the same levels and none keeps a copy.
The top levels play the game's strongest bot (:func:`strongest_bot`);
``DEFAULT_LEVEL`` is the strongest bot at about one second a move, a good
first opponent that answers quickly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from plyground.bots import make_bot, strongest_bot
from plyground.core.game import Game
from plyground.core.json_fields import json_fields
from plyground.core.limits import MOVE_SECONDS

__all__ = ["DEFAULT_LEVEL", "Level", "levels_for"]

DEFAULT_LEVEL = "hard"
"""The level a front end offers first."""


@dataclass(frozen=True)
class Level:
    """A level: its name, the bot that plays it and that bot's settings, in a sentence."""

    name: str
    bot: str
    settings: Mapping[str, object] = field(default_factory=dict)
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Every field, as JSON (the settings a plain dict)."""
        return json_fields(self)


def _two_player_levels(strongest: str) -> tuple[Level, ...]:
    return (
        Level("easy", "greedy", {"time": 0.5}, "looks one move ahead"),
        Level("medium", "alphabeta", {"time": 0.5, "depth": 2}, "looks two moves ahead"),
        Level(DEFAULT_LEVEL, strongest, {"time": 1.0}, "the strongest bot, quickly"),
        Level("strongest", strongest, {"time": MOVE_SECONDS}, "the strongest bot, taking its time"),
    )


def _one_player_levels(strongest: str) -> tuple[Level, ...]:
    return (
        Level("quick", strongest, {"time": 0.2}, "the strongest bot, at a glance"),
        Level(DEFAULT_LEVEL, strongest, {"time": 1.0}, "the strongest bot, quickly"),
        Level("strongest", strongest, {"time": MOVE_SECONDS}, "the strongest bot, taking its time"),
    )


def levels_for(game: Game) -> tuple[Level, ...]:
    """The levels offered for ``game``: those whose bot plays it (none for a pure puzzle)."""
    strongest = strongest_bot(game.name)
    if game.capabilities.players == 2:
        offered = _two_player_levels(strongest)
    else:
        offered = _one_player_levels(strongest)
    return tuple(level for level in offered if make_bot(level.bot, **level.settings).supports(game))
