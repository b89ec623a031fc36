"""Adjudication: one ruling for every referee (the arena's and the web app's)."""

from __future__ import annotations

import random

import pytest

from plyground.arena.play.adjudication import Ruling, adjudicate, check_move, winner_after
from plyground.arena.players.player import Reply, RuleBreakError
from plyground.arena.records.record import Penalty, RuleBreakKind, Termination
from plyground.core.limits import SearchInfo
from plyground.games import load_game

GAME = load_game("tictactoe")
STATE = GAME.parse_state("3/1X1/3 O")  # X took b2; O to move


def rule(reply: Reply | RuleBreakError, policy: Penalty = Penalty.RANDOM_MOVE) -> Ruling:
    return adjudicate(
        STATE,
        reply,
        ply=1,
        policy=policy,
        rng=random.Random(1),
        name="bob",
        diagnostics=lambda: " (stderr: oops)",
    )


def test_a_legal_reply_is_played_as_it_is() -> None:
    info = SearchInfo(depth=2)
    ruling = rule(Reply(None, "a1", 0.5, info))
    assert (ruling.move, ruling.rule_break, ruling.elapsed, ruling.info) == (0, None, 0.5, info)
    assert not ruling.forfeit
    record = ruling.move_record(STATE)
    assert (record.player, record.move, record.rule_break) == (1, "a1", None)
    assert rule(Reply(2, "c1", 0.1)).move == 2  # a bot's move value is checked as it is


@pytest.mark.parametrize("text", ["b2", "z9", "hello"])
def test_an_illegal_reply_is_a_rule_break_and_a_random_move_is_played(text: str) -> None:
    ruling = rule(Reply(None, text, 0.2))
    assert ruling.rule_break is not None
    assert ruling.rule_break.kind is RuleBreakKind.ILLEGAL
    assert (ruling.rule_break.ply, ruling.rule_break.player) == (1, 1)
    assert ruling.rule_break.detail.startswith(f"bob answered {text!r}: ")
    assert ruling.rule_break.detail.endswith(" (stderr: oops)")
    assert ruling.move in STATE.legal_moves()
    assert ruling.move == random.Random(1).choice(STATE.legal_moves())  # the referee's generator
    assert ruling.move_record(STATE).rule_break is RuleBreakKind.ILLEGAL


def test_a_break_the_transport_saw_keeps_its_kind_detail_and_time() -> None:
    ruling = rule(RuleBreakError(RuleBreakKind.TIMEOUT, "no answer within 1 s", 1.3))
    assert ruling.rule_break is not None
    assert (ruling.rule_break.kind, ruling.rule_break.detail) == (
        RuleBreakKind.TIMEOUT,
        "no answer within 1 s",
    )
    assert ruling.rule_break.penalty is Penalty.RANDOM_MOVE
    assert ruling.elapsed == 1.3 and ruling.info is None and ruling.move in STATE.legal_moves()


def test_under_the_forfeit_policy_a_break_plays_no_move() -> None:
    ruling = rule(RuleBreakError(RuleBreakKind.CRASH, "boom"), Penalty.FORFEIT)
    assert ruling.forfeit and ruling.move is None
    assert ruling.rule_break is not None and ruling.rule_break.penalty is Penalty.FORFEIT
    with pytest.raises(AssertionError):
        ruling.move_record(STATE)


def test_check_move_says_why_a_reply_is_not_legal() -> None:
    assert check_move(STATE, None, "a1") == (0, "")
    # a move value gets the game's own reason, as the text of the same move does
    assert check_move(STATE, 4, "b2") == (None, "cell b2 is occupied by X")
    assert check_move(STATE, None, "b2") == (None, "cell b2 is occupied by X")
    assert check_move(STATE, [4], "?") == (  # unhashable
        None,
        "[4] is not a cell index of the 3x3 board (0-8)",
    )


def test_the_winner_follows_the_termination() -> None:
    assert winner_after(Termination.NORMAL, (1.0, -1.0), None) == 0
    assert winner_after(Termination.NORMAL, (0.0, 0.0), None) is None
    assert winner_after(Termination.FORFEIT, (1.0, -1.0), 0) == 1  # the other side wins
    assert winner_after(Termination.FORFEIT, (5.0,), 0) is None  # one player: nobody
    assert winner_after(Termination.ABORTED, (1.0, -1.0), None) is None
