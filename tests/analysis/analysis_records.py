"""Game records for the analysis tests, made by playing moves through the rules."""

from __future__ import annotations

from collections.abc import Sequence

from plyground.arena.records.record import GameRecord, MoveRecord, PlayerInfo
from plyground.core.game import State
from plyground.games import load_game


def record_of(
    spec: str, moves: Sequence[str], names: tuple[str, str] = ("ann", "bob")
) -> GameRecord:
    """The record of ``moves`` (texts) played from the start of ``spec``."""
    game = load_game(spec)
    state: State = game.initial_state()
    start = state.text()
    played = []
    for text in moves:
        played.append(MoveRecord(state.to_move(), text))
        state = state.play(state.parse_move(text))
    margin = state.returns()[0]
    winner = None if margin == 0 or not state.is_terminal() else (0 if margin > 0 else 1)
    return GameRecord(
        game=game.spec,
        start=start,
        players=tuple(PlayerInfo(name, "test") for name in names),
        moves=tuple(played),
        final=state.text(),
        returns=tuple(state.returns()),
        winner=winner,
    )


def playout(spec: str, choose: int = 0) -> list[str]:
    """A whole game's move texts, always playing the ``choose``-th legal move (modulo)."""
    state: State = load_game(spec).initial_state()
    moves = []
    while not state.is_terminal():
        legal = state.legal_moves()
        move = legal[choose % len(legal)]
        moves.append(state.move_text(move))
        state = state.play(move)
    return moves
