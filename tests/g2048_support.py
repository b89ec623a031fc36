"""2048 records for the analysis tests: a game by random moves with its spawns drawn."""

from __future__ import annotations

import random

from plyground.arena.records.record import GameRecord, MoveRecord, PlayerInfo
from plyground.core.chance import draw_outcome
from plyground.games import load_game

__all__ = ["random_record"]


def random_record(start: str, seed: int) -> GameRecord:
    """A 2048 game from ``start`` to its end by random moves (a player, ``Ann``), the spawns
    between them drawn with the same seeded generator."""
    rng = random.Random(seed)
    state = load_game("2048").parse_state(start)
    moves = []
    while not state.is_terminal():
        if state.is_chance():
            outcome = draw_outcome(state.chance_outcomes(), rng)
            moves.append(MoveRecord(-1, state.move_text(outcome)))
            state = state.play(outcome)
        else:
            move = rng.choice(state.legal_moves())
            moves.append(MoveRecord(0, state.move_text(move)))
            state = state.play(move)
    return GameRecord(game="2048", start=start, players=(PlayerInfo("Ann", "human"),),
                      moves=tuple(moves), final=state.text(), returns=tuple(state.returns()),
                      winner=None)  # fmt: skip
