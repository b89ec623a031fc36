"""A spy on whether Python's cyclic garbage collector runs while a bot chooses."""

from __future__ import annotations

import gc

import pytest

from plyground.bots.base import Bot, Decision, InfoCallback
from plyground.core.game import State
from plyground.core.limits import Limit


def spy_on_the_collector(monkeypatch: pytest.MonkeyPatch, bot: Bot) -> list[bool]:
    """Make ``bot.choose`` record, at each call, whether the collector was on; the list
    it appends to is returned (a front end that pauses it records False)."""
    seen: list[bool] = []
    choose = bot.choose

    def spying(
        state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        seen.append(gc.isenabled())
        return choose(state, limit, on_info)

    monkeypatch.setattr(bot, "choose", spying)
    return seen
