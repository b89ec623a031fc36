"""Openings: start positions a few random plies from the initial state.

A match plays each opening twice with the seats swapped, and a tournament's
schedule draws its openings here too, seeded, so a schedule is the same on
every run.
"""

from __future__ import annotations

import random

from plyground.core.chance import draw_outcome
from plyground.core.errors import SettingsError
from plyground.core.game import CHANCE, Game, State

__all__ = ["make_openings"]

_OPENING_TRIES = 20


def make_openings(game: Game, count: int, plies: int, rng: random.Random) -> list[State]:
    """``count`` start positions, each ``plies`` random plies from the initial state.

    Openings that end the game are drawn again; duplicates are avoided
    while a few draws allow. ``plies=0`` gives the initial state each time.
    """
    if plies < 0:
        raise SettingsError(f"opening plies must not be negative, got {plies}")
    initial = game.initial_state()
    openings: list[State] = []
    seen: set[State] = set()
    for _ in range(count):
        choice = initial
        for _ in range(_OPENING_TRIES):
            state = initial
            for _ in range(plies):
                if state.is_terminal():
                    break
                if state.to_move() == CHANCE:
                    move = draw_outcome(state.chance_outcomes(), rng)
                else:
                    move = rng.choice(list(state.legal_moves()))
                state = state.play(move)
            if state.is_terminal():
                continue
            choice = state
            if state not in seen:
                break
        seen.add(choice)
        openings.append(choice)
    return openings
