"""The referee with in-process players: complete records, policies, people."""

from __future__ import annotations

import threading
import time

import pytest

from plyground import load_game, make_bot
from plyground.arena import (
    BotPlayer,
    GameObserver,
    GameRecord,
    HumanPlayer,
    MoveRecord,
    QuitRequest,
    Referee,
    RuleBreak,
    RuleBreakKind,
    Termination,
    UndoRequest,
)
from plyground.bots import Bot, Decision
from plyground.bots.base import InfoCallback
from plyground.core import Limit, SearchInfo, SettingsError, State

GAME = "adjacency(size=5,rounds=3)"


class OccupiedBot(Bot):
    """Always answers a1 (X's corner from the start): an illegal move for O, and for X later."""

    NAME = "occupied"
    DESCRIPTION = "answers an occupied cell"

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        return Decision(0, SearchInfo(depth=1))


class CrashBot(Bot):
    NAME = "crash"
    DESCRIPTION = "raises"

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        raise ZeroDivisionError("thinking too hard")


class SleepyBot(Bot):
    NAME = "sleepy"
    DESCRIPTION = "sleeps past any limit"

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        time.sleep(0.4)
        return Decision(state.legal_moves()[0], SearchInfo())


class Recorder(GameObserver):
    def __init__(self) -> None:
        self.events: list[str] = []

    def game_started(self, state: State, players: object) -> None:
        self.events.append("start")

    def info(self, player: int, info: SearchInfo) -> None:
        self.events.append(f"info{player}")

    def move_played(self, move: MoveRecord, before: State, after: State) -> None:
        self.events.append(f"move{move.player}")

    def rule_broken(self, rule_break: RuleBreak) -> None:
        self.events.append(f"break{rule_break.player}")

    def game_ended(self, record: GameRecord) -> None:
        self.events.append("end")


def referee(**settings: object) -> Referee:
    settings.setdefault("time", 0.2)
    settings.setdefault("seed", 3)
    return Referee(load_game(GAME), **settings)  # type: ignore[arg-type]


def test_a_record_is_complete_and_replays() -> None:
    observer = Recorder()
    players = [BotPlayer(make_bot("alphabeta:time=0.05")), BotPlayer(make_bot("greedy", seed=2))]
    record = Referee(load_game(GAME), observer, time=0.2, seed=3).play(players, tags={"x": "y"})
    states = record.replay()
    assert len(states) == len(record.moves) + 1 == 7
    assert record.game == "adjacency(size=5,rounds=3,first=X)"
    assert record.start == "3OO/3OO/5/XX3/XX3 X 6"
    assert record.final == states[-1].text()
    assert record.returns == tuple(states[-1].returns())
    assert record.termination is Termination.NORMAL
    assert record.players[0].spec.startswith("alphabeta(time=0.05")
    assert record.players[1].name == "greedy"
    assert record.tags["x"] == "y" and record.tags["policy"] == "random-move"
    assert record.tags["time"] == "0.2" and record.tags["seed"]
    assert record.started and record.duration > 0
    assert all(m.info is not None and m.elapsed > 0 for m in record.moves)
    assert [m.player for m in record.moves] == [0, 1] * 3
    margin = record.returns[0]
    assert record.winner == (None if margin == 0 else 0 if margin > 0 else 1)
    assert observer.events[0] == "start" and observer.events[-1] == "end"
    assert observer.events.count("move0") == 3 and "info0" in observer.events
    assert GameRecord.from_dict(record.to_dict()).to_dict() == record.to_dict()


def test_start_from_a_position_text() -> None:
    players = [BotPlayer(make_bot("greedy")), BotPlayer(make_bot("greedy"))]
    record = referee().play(players, start="5/5/2O2/XX3/XX3 O 3")
    assert record.start == "5/5/2O2/XX3/XX3 O 3"
    assert [m.player for m in record.moves] == [1, 0, 1]


def test_random_move_policy_records_each_illegal_answer_and_plays_on() -> None:
    observer = Recorder()
    players = [BotPlayer(make_bot("greedy")), BotPlayer(OccupiedBot())]
    record = Referee(load_game(GAME), observer, time=0.2, seed=5).play(players)
    assert record.termination is Termination.NORMAL
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.ILLEGAL] * 3
    assert [b.ply for b in record.rule_breaks] == [1, 3, 5]
    assert "occupied" not in record.rule_breaks[0].detail or "a1" in record.rule_breaks[0].detail
    assert all(m.rule_break is RuleBreakKind.ILLEGAL for m in record.moves if m.player == 1)
    assert observer.events.count("break1") == 3
    record.replay()


def test_penalty_moves_are_seeded() -> None:
    def run(seed: int) -> list[str]:
        players = [BotPlayer(OccupiedBot()), BotPlayer(OccupiedBot())]
        return [m.move for m in referee(seed=seed).play(players).moves]

    assert run(11) == run(11)
    assert len({tuple(run(s)) for s in range(5)}) > 1


def test_forfeit_policy_loses_the_game() -> None:
    players = [BotPlayer(make_bot("greedy")), BotPlayer(OccupiedBot())]
    record = referee(policy="forfeit").play(players)
    assert record.termination is Termination.FORFEIT
    assert record.winner == 0 and record.score(1) == 0.0
    assert len(record.moves) == 1
    assert record.rule_breaks[0].penalty.value == "forfeit"
    record.replay()


def test_a_crashing_bot_is_a_crash() -> None:
    players = [BotPlayer(CrashBot()), BotPlayer(make_bot("greedy"))]
    record = referee().play(players)
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.CRASH] * 3
    assert "ZeroDivisionError: thinking too hard" in record.rule_breaks[0].detail


def test_a_bot_that_overruns_times_out_without_stopping_the_referee() -> None:
    players = [BotPlayer(make_bot("greedy")), BotPlayer(SleepyBot())]
    begin = time.perf_counter()
    record = referee(time=0.05, grace=0.05).play(players)
    assert time.perf_counter() - begin < 1.0
    assert [b.kind for b in record.rule_breaks] == [RuleBreakKind.TIMEOUT] * 3
    players[1].close()


def test_an_abandoned_worker_ends_quietly_wherever_the_stop_reaches_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The stop can reach the worker outside the bot's choose: here it waits for its next
    # request, is woken by the end marker and stopped in the queue's code. It ends without
    # an "Exception in thread bot-..." on stderr.
    uncaught: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", uncaught.append)
    for _ in range(20):
        player = BotPlayer(make_bot("greedy"))
        player.start()
        worker = player._thread
        assert worker is not None
        player._abandon_worker()
        worker.join(timeout=5)
        assert not worker.is_alive()
    assert uncaught == []


def test_bad_settings_are_named() -> None:
    with pytest.raises(SettingsError, match="policy"):
        referee(policy="lenient")
    with pytest.raises(SettingsError, match="needs 2 players"):
        referee().play([BotPlayer(make_bot("greedy"))])


def test_a_person_can_take_back_and_quit() -> None:
    answers = iter(["c3", "undo", "d2", "quit"])
    undone: list[int] = []

    class Watch(GameObserver):
        def undone(self, state: State, plies: int) -> None:
            undone.append(plies)

    def ask(state: State) -> object:
        answer = next(answers)
        if answer == "undo":
            raise UndoRequest
        if answer == "quit":
            raise QuitRequest
        return state.parse_move(answer)

    players = [HumanPlayer(ask), BotPlayer(make_bot("greedy", seed=1))]
    record = Referee(load_game(GAME), Watch(), time=0.2).play(players)
    assert undone == [2]
    assert record.termination is Termination.ABORTED
    assert record.winner is None
    assert record.moves[0].move == "d2"
    assert len(record.moves) == 2
    assert record.players[0].kind == "human"
    record.replay()
