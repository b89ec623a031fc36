"""Acting in a game: a human's move, a take-back, the legal clicks, pausing and stepping bots.

Each function checks the request against the session (whose turn, which
secret, what the rules allow) and raises
:class:`~plyground.web.sessions.errors.ApiError` before anything changes.
Driving the bots afterwards is the service's part.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from plyground.core.errors import IllegalMoveError, PlygroundError
from plyground.web.sessions.creation import check_delay, check_pausable
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.session import GameSession

__all__ = [
    "control",
    "end_game",
    "legal_clicks",
    "play_human_move",
    "request_step",
    "resign",
    "undo",
]


def legal_clicks(session: GameSession, clicks: Sequence[str] = ()) -> dict[str, Any]:
    """The legal moves (text and click path), or those whose path starts with ``clicks``,
    and the cells that may be clicked next."""
    moves = [] if session.finished else session.view.legal(session.state)
    depth = len(clicks)
    matching = [m for m in moves if [c["cell"] for c in m["clicks"][:depth]] == list(clicks)]
    if clicks and not matching:
        raise ApiError(
            409, f"no legal move starts with the clicks {','.join(clicks)!r} in this position"
        )
    following = {m["clicks"][depth]["cell"]: None for m in matching if len(m["clicks"]) > depth}
    return {
        "ply": len(session.progress.moves),
        "to_move": None if session.finished else session.state.to_move(),
        "clicks": list(clicks),
        "moves": matching,
        "next": list(following),
        "complete": [m["move"] for m in matching if len(m["clicks"]) == depth and depth],
    }


def play_human_move(session: GameSession, token: str, move_text: str, ply: int | None) -> None:
    """Play the move of the human holding ``token``, if it is theirs to play and legal."""
    session.check_running()
    seat = session.human_seat(token)
    session.check_turn(seat, "wait for your turn")
    state = session.state
    played = len(session.progress.moves)
    if ply is not None and ply != played:
        raise ApiError(
            409,
            f"the game moved on to move {played} while your move for move {ply} "
            "was on its way: it was not played",
        )
    try:
        move = session.view.move_for_click(state, move_text)
        if move not in state.legal_moves():
            raise IllegalMoveError(f"not a legal move in {state.text()!r}")
    except PlygroundError as error:
        status = 409 if isinstance(error, IllegalMoveError) else 422  # now vs never legal
        raise ApiError(status, f"move {move_text!r}: {error}") from None
    session.progress.play(move, time.monotonic() - session.turn_since)
    session.moved()


def undo(session: GameSession, token: str, ply: int | None) -> None:
    """Take back a human's last move against a bot (and the bot's reply, if any).

    In a puzzle or on an analysis board, take back the last move, or every
    move from ``ply`` on, even after the end (a dead end is where a puzzle
    backtracks from).
    """
    if session.undo_kind in ("puzzle", "board"):
        session.human_seat(token)
        _take_back_puzzle(session, ply)
        return
    session.check_running()
    seat = session.human_seat(token)
    if ply is not None:
        raise ApiError(422, "ply is for puzzles: against a bot, undo takes back your last move")
    if session.undo_kind != "bot":
        raise ApiError(409, "undo is for games against a bot and for puzzles")
    mine = [ply for ply, move in enumerate(session.progress.moves) if move.player == seat]
    if not mine:
        raise ApiError(409, f"{session.label(seat)} has no move to take back")
    stop_bots(session)
    session.take_back(len(session.progress.moves) - mine[-1])


def stop_bots(session: GameSession) -> None:
    """Stop the game's driver: the bot at work is no longer awaited (its search is abandoned)."""
    if session.driver is not None and not session.driver.done():
        session.driver.cancel()
    session.think(None)


def _take_back_puzzle(session: GameSession, ply: int | None) -> None:
    session.check_stopped_by_error()
    played = len(session.progress.moves)
    if session.cache.running is not None:
        raise ApiError(409, f"the {session.cache.running} tool is at work: wait for it")
    if not played:
        raise ApiError(409, "there is no move to take back")
    target = played - 1 if ply is None else ply
    if not 0 <= target < played:
        raise ApiError(422, f"ply must be 0 to {played - 1} (the moves played so far), got {ply}")
    session.take_back(played - target)


def control(
    session: GameSession, token: str, paused: bool | None, delay: float | None, max_delay: float
) -> None:
    """Pause or resume the bots, or change the pause between their moves."""
    session.check_control(token)
    if paused:
        check_pausable(session.game, session.seats, 409)
    if delay is not None:
        check_delay(delay, max_delay)
    session.control.change(paused, delay)
    session.bump()


def request_step(session: GameSession, token: str) -> None:
    """Let a paused bot make one move."""
    session.check_control(token)
    session.check_running()
    to_move = session.state.to_move()
    if session.seats[to_move].kind != "bot":
        raise ApiError(409, f"it is {session.label(to_move)}'s turn, and a human plays it")
    if session.thinking is not None:
        raise ApiError(409, "a bot is already thinking")
    session.control.request_step()


def end_game(session: GameSession, token: str) -> None:
    """End the game before its finish (End Game): its bots stop, nobody wins, it is not stored."""
    session.check_control(token)
    session.check_running()
    stop_bots(session)
    session.progress.end()
    session.progress.finish()
    session.bump()


def resign(session: GameSession, token: str) -> None:
    """The human holding ``token`` resigns: the other side wins (recorded as a forfeit)."""
    seat = session.human_seat(token)
    session.check_running()
    if len(session.seats) != 2:
        raise ApiError(409, "resigning is for two-player games: end the game instead")
    stop_bots(session)
    session.progress.forfeit(seat, resigned=True)
    session.finish()
    session.bump()
