"""The referee against real subprocess engines, well-behaved and not."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from plyground import load_game, make_bot
from plyground.arena import (
    BotPlayer,
    EnginePlayer,
    Referee,
    RuleBreakKind,
    Termination,
    isolated_bot,
)
from plyground.core.errors import EngineError
from process_support import alive

FAKE = str(Path(__file__).with_name("fake_engine.py"))
GAME = "adjacency(size=4,rounds=2)"


def fake(mode: str, *extra: str, **options: object) -> EnginePlayer:
    return EnginePlayer([sys.executable, FAKE, mode, *extra], **options)  # type: ignore[arg-type]


def group_gone(pgid: int, wait: float = 3.0) -> bool:
    """True once no live process is left in the group.

    SIGKILL is delivered asynchronously: a grandchild the referee cannot reap
    may take a moment to die after the group is killed, so this polls briefly.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        members = [int(p) for p in os.listdir("/proc") if p.isdigit() and _pgid(int(p)) == pgid]
        if all(not alive(pid) for pid in members) or time.monotonic() > deadline:
            return all(not alive(pid) for pid in members)
        time.sleep(0.05)


def _pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except (ProcessLookupError, PermissionError):
        return None


def play(engine: EnginePlayer, policy: str = "random-move", time: float = 0.5):  # type: ignore[no-untyped-def]
    referee = Referee(load_game(GAME), time=time, grace=0.2, policy=policy, seed=7)
    opponent = BotPlayer(make_bot("greedy", seed=1))
    try:
        record = referee.play([engine, opponent])
    finally:
        engine.close()
        opponent.close()
    record.replay()
    assert engine.pids, "the engine was never started"
    for pid in engine.pids:
        assert not alive(pid), f"engine process {pid} left behind"
        assert group_gone(pid), f"a process of engine group {pid} left behind"
    return record


def test_a_good_engine_plays_without_rule_breaks() -> None:
    engine = fake("good")
    record = play(engine)
    assert record.termination is Termination.NORMAL
    assert record.rule_breaks == ()
    assert record.players[0].name == "fake-good"
    assert record.players[0].kind == "engine"
    assert record.players[0].version == "0.4"
    mine = [m for m in record.moves if m.player == 0]
    assert mine and all(m.info is not None and m.info.depth == 1 for m in mine)
    assert mine[0].info is not None and mine[0].info.score == 2.0


def test_a_hanging_engine_is_killed_with_its_children_and_the_game_completes() -> None:
    children: list[int] = []
    engine = fake("hang", log=lambda line: children.extend(int(w) for w in line.split()[1:2]))
    record = play(engine, time=0.2)
    assert record.termination is Termination.NORMAL
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.TIMEOUT] * 2
    assert all(b.player == 0 and b.penalty.value == "random-move" for b in record.rule_breaks)
    assert len(engine.pids) == 2, "the engine is restarted after a timeout"
    assert children and all(not alive(pid) for pid in children)
    penalty_moves = [m for m in record.moves if m.rule_break is not None]
    assert len(penalty_moves) == 2
    assert all(m.elapsed >= 0.2 for m in penalty_moves)


def test_out_of_restarts_keeps_the_kind_and_names_the_player() -> None:
    engine = fake("hang", restarts=0, name="Ada")
    record = play(engine, time=0.2)
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.TIMEOUT] * 2
    first, second = (b.detail for b in record.rule_breaks)
    assert first.startswith("engine 'Ada' no bestmove within")
    assert second == "engine 'Ada' is down after a timeout and out of restarts for this game"
    assert len(engine.pids) == 1, "no restart is left"


def test_an_engine_that_dies_is_recorded_as_a_crash() -> None:
    record = play(fake("die"))
    kinds = [b.kind for b in record.rule_breaks]
    assert kinds == [RuleBreakKind.CRASH]
    detail = record.rule_breaks[0].detail
    assert "status 3" in detail and "out of luck" in detail


def test_garbage_is_recorded_and_the_game_completes() -> None:
    record = play(fake("garbage"))
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.GARBAGE] * 2
    assert "I think c1" in record.rule_breaks[0].detail


def test_illegal_answers_are_recorded_with_the_reason() -> None:
    record = play(fake("illegal"))
    breaks = record.rule_breaks
    assert [b.kind for b in breaks] == [RuleBreakKind.ILLEGAL] * 2
    assert "occupied" in breaks[0].detail
    assert "off the 4x4 board" in breaks[1].detail


def test_forfeit_policy_ends_the_game_at_the_first_break() -> None:
    record = play(fake("garbage"), policy="forfeit")
    assert record.termination is Termination.FORFEIT
    assert record.winner == 1
    assert len(record.moves) == 0
    assert record.rule_breaks[0].penalty.value == "forfeit"


def test_a_slow_hello_is_allowed_within_the_start_up_time() -> None:
    record = play(fake("slowhello", "0.6", startup=10.0))
    assert record.rule_breaks == ()


def test_too_slow_a_hello_makes_every_move_a_crash() -> None:
    engine = fake("slowhello", "5", startup=0.3, restarts=1)
    with pytest.raises(EngineError, match=r"did not answer 'hello' within 0\.3 s"):
        engine.start()
    record = play(engine)
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.CRASH] * 2
    assert "did not answer 'hello'" in record.rule_breaks[0].detail
    assert "out of restarts" in record.rule_breaks[1].detail


def test_a_command_that_does_not_exist_is_a_clear_error() -> None:
    engine = EnginePlayer("/no/such/engine --fast")
    with pytest.raises(EngineError, match="cannot start engine '/no/such/engine --fast'"):
        engine.start()
    engine.close()


def test_plyground_engine_greedy_as_a_real_subprocess() -> None:
    engine = EnginePlayer([sys.executable, "-m", "plyground", "engine", "greedy"], startup=30)
    record = play(engine)
    assert record.rule_breaks == ()
    assert record.players[0].name == "greedy"
    assert record.players[0].version == "1"
    assert all(m.info is not None for m in record.moves if m.player == 0)


def test_an_isolated_bot_keeps_its_identity() -> None:
    record = play(isolated_bot("greedy:seed=3", startup=30))
    assert record.players[0].kind == "bot"
    assert record.players[0].spec == "greedy(seed=3)"
    assert record.tags["time"] == "0.5"  # the referee's time per move, not the bot's
    assert record.rule_breaks == ()


def test_a_memory_cap_stops_a_greedy_allocation() -> None:
    script = "import sys; x = bytearray(400 * 1024 * 1024); print('hello 1 name=fat')"
    engine = EnginePlayer([sys.executable, "-c", script], memory_mb=200, startup=10)
    with pytest.raises(EngineError, match="MemoryError"):
        engine.start()
    engine.close()
