"""The ``morris`` bot: tactics it must see, its depth per phase, and short games."""

from __future__ import annotations

import pytest
from morris_helpers import position

from cli_support import RunCli
from plyground.bots import make_bot
from plyground.core import Limit, SearchInfo, SettingsError
from plyground.games import load_game
from plyground.games.morris.evaluation import MorrisWeights

GAME = load_game("morris")


@pytest.mark.parametrize("depth", [1, 2])
def test_closes_a_mill_when_it_can(depth: int) -> None:
    state = position("WW./BBB/.../....../W.W/.B./... W 5 5 8")
    move = make_bot("morris", placing=depth, time=10).choose(state).move
    assert "x" in state.move_text(move)


def test_takes_the_man_that_leaves_the_opponent_three() -> None:
    # The seed's evaluation weighs every leaf with the root's phase: taking Black down to
    # three men (the flying phase, whose seed weights have no material term) still counts
    # as winning a man.
    state = position("WWW/.../B.W/WWW.../.B./BW./WB. W 0 0 152")
    decision = make_bot("morris", moving=3, time=10, evaluation="seed").choose(state)
    # Open a mill, let Black reply, close it again taking a man.
    opened, _, closed = decision.info.pv
    assert closed == f"{opened[3:]}-{opened[:2]}x" + closed.partition("x")[2]
    # The default evaluation counts men in the flying phase too; deeper, the win is forced.
    # (a win in 7 plies: found at depth 8, one more for the reduced late moves)
    decision = make_bot("morris", moving=8, time=30).choose(state)
    assert decision.info.score is not None and decision.info.score > 50_000


def test_stops_the_opponents_mill() -> None:
    # Black threatens b6 d6 f6 by placing f6; White has no mill of its own to close.
    state = position("W../BB./.../....../.W./.../... W 7 7 4")
    assert state.move_text(make_bot("morris", placing=4, time=10).choose(state).move) == "f6"


def test_finds_the_win_by_taking_a_third_man() -> None:
    state = position("WW./.../B../....BW/.../BW./... W 0 0 60")
    decision = make_bot("morris", time=10).choose(state)
    assert state.move_text(decision.move) == "g4-g7xc5"
    assert decision.info.score is not None and decision.info.score > 50_000


def test_depth_follows_the_phase_caps() -> None:
    bot = make_bot("morris", placing=2, moving=3, flying=1, time=30)
    assert bot.choose(GAME.initial_state()).info.depth == 2
    moving = position("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")
    assert bot.choose(moving).info.depth == 3
    flying = position("W.B/.../B.B/W.B..B/.../..W/B.. W 0 0 40")
    assert bot.choose(flying).info.depth == 1
    assert bot.choose(moving, Limit(depth=2)).info.depth == 2  # a smaller limit wins


def test_each_live_report_names_the_unit_as_the_answer_does() -> None:
    """A thinking panel words the score as the move list will: every report the search
    streams names men and their worth in the root's phase, as the answer's does."""
    moving = position("W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 30")
    reports: list[SearchInfo] = []
    answer = make_bot("morris", moving=3, time=30).choose(moving, on_info=reports.append).info
    assert [report.depth for report in reports] == [1, 2, 3]
    for info in [*reports, answer]:
        assert (info.extra["unit"], info.extra["unit_score"]) == ("men", MorrisWeights().moving.men)


def test_refuses_other_games_and_bad_settings() -> None:
    bot = make_bot("morris")
    with pytest.raises(SettingsError, match="cannot play"):
        bot.choose(load_game("tictactoe").initial_state())
    with pytest.raises(SettingsError, match="placing"):
        make_bot("morris", placing=0)


@pytest.mark.parametrize("morris_side", [0, 1])
def test_beats_random_at_shallow_depth(morris_side: int) -> None:
    bot = make_bot("morris", placing=2, moving=3, flying=2, time=10)
    rival = make_bot("random", seed=11 + morris_side)
    state = GAME.initial_state()
    while not state.is_terminal():
        player = bot if state.to_move() == morris_side else rival
        state = state.play(player.choose(state).move)
    assert state.winner() == morris_side


def test_the_generic_bots_play_morris() -> None:
    state = GAME.initial_state()
    bots = [make_bot("alphabeta", depth=2, time=10), make_bot("random", seed=3)]
    while not state.is_terminal():
        state = state.play(bots[state.to_move()].choose(state).move)
    assert state.winner() == 0


def test_cli_lists_the_new_games_and_bots(run_cli: RunCli) -> None:
    games = run_cli(["games"])
    assert games.returncode == 0 and "tictactoe" in games.stdout and "morris" in games.stdout
    bots = run_cli(["bots", "--settings"])
    assert bots.returncode == 0
    assert (
        "perfect" in bots.stdout and "morris" in bots.stdout and "evaluation=phase" in bots.stdout
    )
