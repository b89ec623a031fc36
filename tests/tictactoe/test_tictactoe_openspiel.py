"""Tic-tac-toe against OpenSpiel's ``tic_tac_toe`` over every reachable position.

A walk over all 5,478 positions (each once) carries OpenSpiel's state along:
at every one the legal moves, the player to move, the end and the result
must agree. OpenSpiel numbers cells ``3 * row + column`` from the top left;
our ``a1`` is the bottom left, so its action ``3 * r + c`` is our cell
``3 * (2 - r) + c``.
"""

from __future__ import annotations

from typing import Any

import pytest

from plyground.core import State
from plyground.games import load_game

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open-spiel) is needed for the cross-check"
)


def to_theirs(cell: int) -> int:
    row, col = divmod(cell, 3)
    return 3 * (2 - row) + col


def test_every_position_matches_openspiel() -> None:
    game = load_game("tictactoe")
    seen: set[State] = set()
    stack: list[tuple[State, Any]] = [
        (game.initial_state(), pyspiel.load_game("tic_tac_toe").new_initial_state())
    ]
    while stack:
        ours, theirs = stack.pop()
        if ours in seen:
            continue
        seen.add(ours)
        assert ours.is_terminal() == theirs.is_terminal(), ours.text()
        if ours.is_terminal():
            assert tuple(theirs.returns()) == ours.returns(), ours.text()
            continue
        assert theirs.current_player() == ours.to_move()
        moves = ours.legal_moves()
        assert sorted(to_theirs(m) for m in moves) == sorted(theirs.legal_actions())
        for move in moves:
            child = theirs.clone()
            child.apply_action(to_theirs(move))
            stack.append((ours.play(move), child))
    assert len(seen) == 5478
