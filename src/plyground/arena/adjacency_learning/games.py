"""Positions for learning: games between the project's bots after random openings.

Game ``seed`` is on 8x8 with ``ROUNDS[seed % len(ROUNDS)]`` rounds (the course's
lengths), opens with 2 to 6 random plies, then two bots drawn from
:data:`PLAYERS` play it out, each move replaced by a random one with
probability :data:`RANDOM_MOVES` (so the positions are not only the bots'
favourite lines). Everything follows from the seed: the same seed plays the
same game. Every eighth game of each length (by ``seed // len(ROUNDS)``) is
held out (``test``): its positions are never fitted.
"""

from __future__ import annotations

import random
import time

from plyground.arena.adjacency_learning.store import GameRow
from plyground.arena.players.make import make_seeded_bot
from plyground.bots.base import Bot
from plyground.core.game import Move
from plyground.core.limits import Limit
from plyground.games import load_game
from plyground.games.adjacency.rules import AdjacencyState

__all__ = ["PLAYERS", "RANDOM_MOVES", "ROUNDS", "play_game", "split_of"]

ROUNDS = (8, 10, 12, 20, 28)
"""The course's game lengths on 8x8."""
PLAYERS = (
    "alphabeta:depth=1,book=false,table=65536",
    "alphabeta:depth=2,book=false,table=65536",
    "alphabeta:depth=3,book=false,table=65536",
    "alphabeta:depth=4,book=false,table=65536",
    "greedy",
)
"""The bots that play the games (depth-limited, so a game costs well under a second)."""
RANDOM_MOVES = 0.1
HELD_OUT = 8
"""One game in this many of each length is held out."""


def split_of(seed: int) -> str:
    """``test`` for the held-out games, else ``train``."""
    return "test" if (seed // len(ROUNDS)) % HELD_OUT == 0 else "train"


def play_game(seed: int) -> GameRow:
    """Play game ``seed`` and return it with every position before its end."""
    started = time.perf_counter()
    rng = random.Random(seed)
    rounds = ROUNDS[seed % len(ROUNDS)]
    game = load_game(f"adjacency(size=8,rounds={rounds})")
    specs = (rng.choice(PLAYERS), rng.choice(PLAYERS))
    players: list[Bot] = []
    for number, spec in enumerate(specs):
        players.append(make_seeded_bot(spec, seed * 2 + number))
        players[-1].new_game(game)
    state = game.initial_state()
    assert isinstance(state, AdjacencyState)
    opening = rng.randint(2, 6)
    positions: list[tuple[str, int, int]] = []
    played = 0
    while not state.is_terminal():
        positions.append((state.text(), state.plies_left, state.empty().bit_count()))
        if played < opening or rng.random() < RANDOM_MOVES:
            cell: Move = rng.choice(list(state.legal_moves()))
        else:
            cell = players[played % 2].choose(state, Limit(time=60.0)).move
        state = state.play(cell)
        played += 1
    return GameRow(
        seed=seed,
        game=game.spec,
        players=" vs ".join(specs),
        split=split_of(seed),
        seconds=time.perf_counter() - started,
        positions=tuple(positions),
    )
