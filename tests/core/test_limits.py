"""The time per move: one bound (plyground.core.limits.MOST_MOVE_SECONDS) for every place a
time enters, and a bot's own time only what its user chose."""

from __future__ import annotations

import pytest

from plyground.arena.play.referee import Referee
from plyground.arena.play.run_options import RunOptions
from plyground.bots import make_bot
from plyground.bots.base import TIME_SETTING
from plyground.core.errors import SettingsError
from plyground.core.limits import MOST_MOVE_SECONDS, MOVE_SECONDS, Limit
from plyground.web.config import WEB_SETTINGS


def test_one_bound_for_the_time_per_move() -> None:
    """The referee's time, a bot's own time and the web server's cap share one bound, and
    a run refuses a time past it where it enters."""
    time_settings = [
        next(s for s in Referee.SETTINGS if s.name == "time"),
        TIME_SETTING,
        next(s for s in WEB_SETTINGS if s.name == "think_cap"),
    ]
    assert {s.maximum for s in time_settings} == {MOST_MOVE_SECONDS}
    assert RunOptions(time=MOST_MOVE_SECONDS).time == MOST_MOVE_SECONDS
    with pytest.raises(SettingsError, match=r"time per move must be 0\.001 to 3600 seconds"):
        RunOptions(time=5000)


def test_a_bot_obeys_the_limit_it_is_given_within_its_own_time() -> None:
    unset, own = make_bot("greedy"), make_bot("greedy:time=2")
    assert unset.settings["time"] is None and unset.spec == "greedy"
    assert unset.time_limit(Limit(time=30)).time == 30  # the referee's time, whole
    assert unset.time_limit(None).time == MOVE_SECONDS
    assert own.time_limit(Limit(time=30)).time == 2  # its user's choice caps it
    assert own.time_limit(Limit(time=1)).time == 1
    assert own.time_limit(None).time == 2
