"""The compiled Morris search against the readable reference, and its clock."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from morris_helpers import position, random_states, relative, weight_buffer

from plyground.algorithms.search import AlphaBeta
from plyground.arena.players.bot_player import BotPlayer
from plyground.bots import make_bot
from plyground.core import Limit
from plyground.games import load_game
from plyground.games.morris import MorrisState
from plyground.games.morris.engine import MorrisEngine
from plyground.games.morris.evaluation import (
    PHASES,
    MorrisEvaluator,
    MorrisWeights,
    phase_of,
)
from plyground.games.morris.kernels import WON, child_status, evaluate, generate

STATES = random_states(150, seed=21, finished=False) + random_states(
    50, seed=22, blocking=True, finished=False
)


def test_move_generation_is_the_rules() -> None:
    buffer = np.zeros(640, dtype=np.int64)
    for state in STATES:
        own, theirs, own_hand, _ = relative(state)
        count = generate(buffer.ctypes.data, own, theirs, own_hand)
        assert buffer[:count].tolist() == state.legal_moves(), state.text()


def test_the_end_of_a_game_is_the_rules() -> None:
    ends = 0
    for state in STATES:
        for move in state.legal_moves():
            child = state.play(move)
            mover, other, hand, _ = relative(child)
            won = child_status(mover, hand, other) == WON
            assert won == (child.winner() is not None), child.text()
            ends += won
    assert ends > 20


@pytest.mark.parametrize("kind", ["default", "seed", "random"])
def test_evaluation_is_the_reference(kind: str) -> None:
    rng = random.Random(5)
    weights = {
        "default": MorrisWeights(),
        "seed": MorrisWeights.seed(),
        "random": MorrisWeights.from_dict(
            {name: rng.uniform(-40, 40) for name in MorrisWeights().as_dict()}
        ),
    }[kind]
    buffer = weight_buffer(weights)
    for fixed in (None, "moving"):
        evaluator = MorrisEvaluator(weights, fixed)
        row = -1 if fixed is None else PHASES.index(fixed)
        for state in STATES:
            own, theirs, own_hand, their_hand = relative(state)
            value = evaluate(buffer.ctypes.data, row, own, theirs, own_hand, their_hand, state.took)
            assert value == evaluator.evaluate(state), state.text()


def same_values(state: MorrisState, evaluator: MorrisEvaluator, depth: int) -> None:
    """The compiled search and the reference give the same score at ``depth``."""
    engine = MorrisEngine(evaluator, 1 << 12, exact=True)
    compiled = engine.search(state, Limit(depth=depth)).info
    reference = AlphaBeta(evaluator).search(state, Limit(depth=depth)).info
    assert compiled.score == pytest.approx(reference.score, abs=1e-9), (state.text(), depth)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_values_at_fixed_depth_are_the_reference_search(depth: int) -> None:
    for state in STATES[:: 2 * depth]:
        same_values(state, MorrisEvaluator(), depth)
        same_values(state, MorrisEvaluator(MorrisWeights.seed(), phase_of(state)), depth)


def test_values_deeper_and_near_the_draw_cap() -> None:
    for state in STATES[:12]:
        same_values(state, MorrisEvaluator(), 4)
    late = [
        "WWW/.../B.W/WWW.../.B./BW./WB. W 0 0 196",
        "W.B/.WB/W.B/BW..WB/WB./.BW/B.W B 0 0 197",
        "W.B/.../B.B/W.B..B/.../..W/B.. W 0 0 194",
    ]
    for text in late:
        for depth in (3, 5):
            same_values(position(text), MorrisEvaluator(), depth)


def shuffle(state: MorrisState) -> list[int]:
    """Four moves that bring ``state`` back: a man of each side out and back again."""
    from plyground.games.morris import NONE, decode, encode

    def quiet(position: MorrisState) -> list[int]:
        return [m for m in position.legal_moves() if decode(m)[0] != NONE and decode(m)[2] == NONE]

    for first in quiet(state):
        after = state.play(first)
        for second in quiet(after):
            o1, d1, _ = decode(first)
            o2, d2, _ = decode(second)
            line = [first, second, encode(d1, o1), encode(d2, o2)]
            current = after.play(second)
            if all(m in current.legal_moves() for m in line[2:3]):
                current = current.play(line[2])
                if line[3] in current.legal_moves():
                    return line
    raise AssertionError(f"no shuffle in {state.text()}")


def test_values_with_threefold_repetition() -> None:
    game = load_game("morris(repetition=true)")
    state = game.parse_state("W.B/.WB/W.B/BW..WB/WB./.BW/B.W W 0 0 40 -")
    line = shuffle(state)
    for move in line * 2:
        for depth in (2, 4):
            same_values(state, MorrisEvaluator(), depth)
        state = state.play(move)
    assert state.is_terminal() and state.ending() == "repetition"


def test_the_bot_plays_the_same_moves_with_either_engine() -> None:
    # Two plies: no move is reduced yet (the compiled bot reduces late moves from three).
    compiled = make_bot("morris", placing=2, moving=2, flying=2, time=30)
    reference = make_bot("morris", placing=2, moving=2, flying=2, time=30, engine="reference")
    for state in STATES[:30]:
        fast, slow = compiled.choose(state).info, reference.choose(state).info
        assert fast.score == pytest.approx(slow.score, abs=1e-9), state.text()


NARROW_LATE = [
    "WB./.BW/BWB/W.B.WB/WBW/.../... W 0 0 60",  # five moves: the search runs deep quickly
    "W.B/.W./B.B/W.B..W/.../..W/B.W W 0 0 150",  # ten moves, 50 turns before the cap
    "W.B/.../B.B/W.B..B/.../..W/B.. W 0 0 120",  # White flies
]


@pytest.mark.parametrize("seconds", [0.05, pytest.param(1.0, marks=pytest.mark.slow)])
def test_the_clock_is_kept_in_narrow_late_positions(seconds: float) -> None:
    """In narrow late positions (few moves, so the search goes deep and fast) the search
    runs into its deadline and stops there, having used no more than its time by its own
    report, and so does the bot (its report counts the whole move). The report's processor
    time is what is checked: the wall time of a process on a busy machine holds its waits to
    be scheduled, which no search can help (the engine keeps 10% back for them)."""
    engine = MorrisEngine()
    bot = make_bot("morris", time=seconds)
    bot.new_game(load_game("morris"))  # compiled before the clock runs, as a referee does
    for text in NARROW_LATE:
        result = engine.search(position(text), Limit(time=seconds))
        assert engine.stopped, text  # the clock ended the search, not a depth or a decision
        info = result.info
        assert info.depth >= 1 and info.extra["cpu"] <= min(info.elapsed, seconds), (text, info)
        decision = bot.choose(position(text)).info
        assert decision.depth >= 1 and decision.extra["cpu"] <= seconds, (text, decision)


@pytest.fixture
def descheduled() -> Iterator[None]:
    """This process stopped 60 ms in every 80 (SIGSTOP, then SIGCONT), as a busy machine
    leaves a niced process waiting to be scheduled, without burning processor time."""
    stopper = subprocess.Popen(
        [sys.executable, "-c", _STOPPER, str(os.getpid())], stdin=subprocess.DEVNULL
    )
    try:
        yield
    finally:
        stopper.kill()
        stopper.wait()
        os.kill(os.getpid(), signal.SIGCONT)


_STOPPER = """
import os, signal, sys, time
pid = int(sys.argv[1])
while True:
    time.sleep(0.02)
    os.kill(pid, signal.SIGSTOP)
    time.sleep(0.06)
    os.kill(pid, signal.SIGCONT)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP (POSIX)")
@pytest.mark.parametrize("seconds", [0.3, 1.0])
def test_the_bot_answers_within_its_limit_while_the_process_waits_to_run(
    seconds: float, descheduled: None
) -> None:
    """With the process running a quarter of the time in stretches of 20 ms, the bot still
    answers a referee (its move as a player in this process) within the time limit: its
    search measures how long the process goes without running and keeps that time back,
    several times over, instead of a fixed 10%. What it measures is its own: its first move
    under the load, before it has seen a wait, may overrun by one (by 5 and 14 ms at 0.3 s
    in 2 of 8 runs as this test was written), so the moves after it are held to the limit."""
    player = BotPlayer(make_bot("morris", time=seconds))
    player.start()
    player.new_game(load_game("morris"))
    try:
        player.think(position(NARROW_LATE[0]), Limit(time=seconds), 5.0, lambda _: None)
        for text in NARROW_LATE * 2:
            reply = player.think(position(text), Limit(time=seconds), 5.0, lambda _: None)
            assert reply.elapsed <= seconds, (text, reply.elapsed, reply.info)
            assert reply.info is not None and reply.info.depth >= 1
    finally:
        player.close()
