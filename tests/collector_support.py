"""A spy on whether Python's cyclic garbage collector runs while a bot chooses."""

from __future__ import annotations

import gc

import pytest

from plyground.bots.base import Bot, Decision
from plyground.core.game import State


def spy_on_the_collector(monkeypatch: pytest.MonkeyPatch, bot: Bot) -> list[bool]:
    """Make ``bot.choose`` record, at each call, whether the collector was on; the list
    it appends to is returned (a front end that pauses it records False)."""
    seen: list[bool] = []
    choose = bot.choose

    def spying(state: State, *args: object, **kwargs: object) -> Decision:
        seen.append(gc.isenabled())
        return choose(state)

    monkeypatch.setattr(bot, "choose", spying)
    return seen
