"""Puzzle tools (N-Queens: solve, count) run in a worker; a solution found is played.

The tool's result joins the game's ``tool_results`` (the record's tags
name the tools that solved it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plyground.core.errors import PlygroundError
from plyground.core.settings import resolve_settings
from plyground.web.pool import BotPool, ToolJob
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.session import GAME_OVER, GameSession

__all__ = ["TOOL_RESULTS_KEPT", "run_tool"]

TOOL_RESULTS_KEPT = 5
"""Most recent puzzle-tool results a game keeps."""


async def run_tool(
    session: GameSession,
    pool: BotPool,
    *,
    seconds: float,
    grace: float,
    token: str,
    name: str,
    options: Mapping[str, object],
    client: str = "",
) -> None:
    """Run tool ``name`` with ``options`` for ``seconds`` (plus ``grace``) and play its solution."""
    seat = session.human_seat(token)
    session.check_stopped_by_error()
    if session.finished and not (session.is_puzzle and session.state.is_terminal()):
        raise ApiError(409, GAME_OVER)  # resigned or ended; a solved puzzle may still count
    if not session.state.is_terminal():  # a hint is the mover's: not the opponent's to read
        session.check_turn(seat, "a tool serves the side to move")
    tool = next((t for t in session.tools if t.name == name), None)
    if tool is None:
        known = ", ".join(t.name for t in session.tools) or "none"
        raise ApiError(404, f"{session.game.name} has no tool {name!r} (tools: {known})")
    if tool.disabled:
        raise ApiError(422, f"{tool.label}: {tool.disabled}")
    try:
        checked = resolve_settings(tool.options, dict(options), f"tool {name!r}")
    except PlygroundError as error:
        raise ApiError(422, str(error)) from None
    if session.cache.running is not None:
        raise ApiError(409, f"the {session.cache.running} tool is already at work")
    ply = len(session.progress.moves)
    job = ToolJob(
        pool.new_job_id(),
        session.game.spec,
        session.progress.states[0].text(),
        session.state.text(),
        name,
        checked,
        seconds,
    )
    session.cache.start(name)
    session.bump()
    try:
        answer = await pool.run_tool(job, grace, client=client)
    except TimeoutError:
        raise ApiError(503, f"the {name} tool found nothing within {seconds:g} s") from None
    finally:
        session.cache.stop()
        session.bump()
    if "error" in answer:
        raise ApiError(422, f"{tool.label}: {answer['error']}")
    if len(session.progress.moves) != ply or session.progress.error is not None:
        raise ApiError(409, "the board changed while the tool worked: run it again")
    result: dict[str, Any] = {**answer["result"], "ply": ply}  # the position it answers
    kept = session.cache.keep(result, TOOL_RESULTS_KEPT)  # before the record is made
    if result["moves"]:
        try:
            _play_tool_moves(session, result)
        except ApiError:
            session.cache.restore(kept)
            raise
    session.bump()


def _play_tool_moves(session: GameSession, result: Mapping[str, Any]) -> None:
    """Play a tool's moves (checked against the rules first; nothing changes if one fails)."""
    state = session.progress.states[0] if result["restart"] else session.state
    moves = []
    for text in result["moves"]:
        try:
            move = state.parse_move(text)
            state = state.play(move)
        except PlygroundError as error:
            raise ApiError(500, f"the tool answered a move that is not legal: {error}") from None
        moves.append(move)
    if result["restart"] and session.progress.moves:
        session.take_back(len(session.progress.moves))
    for move in moves:
        session.progress.play(move, 0.0)
        session.moved()
