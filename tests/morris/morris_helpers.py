"""Positions for the Morris tests: parsed texts and reproducible random playouts."""

from __future__ import annotations

import random

import numpy as np

from plyground.games import load_game
from plyground.games.morris import WHITE, MorrisState
from plyground.games.morris.evaluation import PHASES, RELATIONS, MorrisWeights

GAME = load_game("morris")


def position(text: str) -> MorrisState:
    """The position of a text (see docs/morris.md)."""
    state = GAME.parse_state(text)
    assert isinstance(state, MorrisState)
    return state


def blocking_move(state: MorrisState, rng: random.Random) -> int:
    """The move that leaves the opponent fewest legal moves (a win first; ties at random)."""

    def replies(move: int) -> tuple[int, float]:
        child = state.play(move)
        return (-1 if child.is_terminal() else len(child.legal_moves())), rng.random()

    return min(state.legal_moves(), key=replies)


def random_states(
    count: int, seed: int, *, blocking: bool = False, finished: bool = True
) -> list[MorrisState]:
    """``count`` positions after 0-160 random turns from the start (fixed by ``seed``).

    With ``blocking``, half the moves crowd the opponent instead (blocked men
    and games ended by blocking are rare in random play); without
    ``finished``, only positions where the game goes on.
    """
    rng = random.Random(seed)
    states: list[MorrisState] = []
    while len(states) < count:
        state: MorrisState = GAME.initial_state()
        for _ in range(rng.randrange(0, 160)):
            if state.is_terminal():
                break
            if blocking and rng.random() < 0.5:
                state = state.play(blocking_move(state, rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        if finished or not state.is_terminal():
            states.append(state)
    return states


def relative(state: MorrisState) -> tuple[int, int, int, int]:
    """(own, theirs, own hand, their hand) for the player to move."""
    if state.side == WHITE:
        return state.white, state.black, state.white_hand, state.black_hand
    return state.black, state.white, state.black_hand, state.white_hand


def weight_buffer(weights: MorrisWeights) -> np.ndarray:
    return np.array(
        [getattr(getattr(weights, phase), name) for phase in PHASES for name in RELATIONS],
        dtype=np.float64,
    )
