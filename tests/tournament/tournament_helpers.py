"""Helpers of the tournament tests: records of real games, misbehaving engines, processes."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from plyground.arena.records.record import (
    GameRecord,
    MoveRecord,
    Penalty,
    PlayerInfo,
    RuleBreak,
    RuleBreakKind,
    Termination,
)
from plyground.bots import make_bot
from plyground.core.limits import Limit
from plyground.games import load_game


def played_record(
    first: str = "greedy",
    second: str = "random",
    *,
    seed: int = 0,
    game: str = "adjacency(size=6,rounds=4)",
    names: tuple[str, str] | None = None,
    timeout_at: int | None = None,
    tags: dict[str, str] | None = None,
) -> GameRecord:
    """A real game between two seeded bots; ``timeout_at`` marks that ply as a
    timeout of its mover, with a random move played for it."""
    loaded = load_game(game)
    bots = [make_bot(first, seed=seed), make_bot(second, seed=seed + 1)]
    rng = random.Random(seed)
    state = loaded.initial_state()
    start = state.text()
    moves = []
    breaks = []
    while not state.is_terminal():
        player = state.to_move()
        ply = len(moves) + 1
        if ply == timeout_at:
            move = rng.choice(list(state.legal_moves()))
            moves.append(
                MoveRecord(player, state.move_text(move), 0.25, None, RuleBreakKind.TIMEOUT)
            )
            breaks.append(
                RuleBreak(
                    ply - 1,  # the index of the move in the record
                    player,
                    RuleBreakKind.TIMEOUT,
                    'no "move" after 0.25 s',
                    Penalty.RANDOM_MOVE,
                )
            )
        else:
            decision = bots[player].choose(state, Limit(time=1.0))
            moves.append(
                MoveRecord(player, state.move_text(decision.move), 0.001 * ply, decision.info)
            )
            move = decision.move
        state = state.play(move)
    returns = state.returns()
    winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
    labels = names or (first, second)
    return GameRecord(
        game=loaded.spec,
        start=start,
        players=(
            PlayerInfo(labels[0], "bot", bots[0].spec, "1"),
            PlayerInfo(labels[1], "bot", bots[1].spec, "1"),
        ),
        moves=tuple(moves),
        final=state.text(),
        returns=returns,
        winner=winner,
        termination=Termination.NORMAL,
        rule_breaks=tuple(breaks),
        started="2024-01-01T00:00:00+00:00",
        duration=0.5,
        tags=tags or {},
    )


RecordFactory = Callable[..., GameRecord]
RunCli = Callable[..., subprocess.CompletedProcess[str]]


ENGINE_SCRIPT = Path(__file__).resolve().parent / "engines" / "misbehaving.py"


def engine_spec(mode: str, token: str = "") -> str:
    """``engine:...`` running the misbehaving test engine in ``mode``."""
    return f"engine:{sys.executable} {ENGINE_SCRIPT} {mode} {token}".rstrip()
