"""Analysis on the server: a position's move values as a heat map, a game's moves annotated.

Both run in the worker pool (:meth:`~plyground.web.pool.BotPool.analyse`),
never on the event loop; the work itself is the arena's, the analyser the game's profile
names (:mod:`plyground.arena.analysis.analysers`). The
answers are kept on the session (a position's values by its text, the
game's analysis by its moves), so stepping back and forth in a review
costs nothing the second time. Requests for the same game's analysis, or the
same position's values, while one is under way share its job
(:class:`~plyground.web.sessions.sharing.SharedWork`); it is cancelled once
every client awaiting it has gone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plyground.arena.analysis.analysers import analysed_games, is_analysed
from plyground.core.game import State
from plyground.web.config import WebSettings
from plyground.web.pool import AnalysisJob, BotPool
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.heat import value_heat
from plyground.web.sessions.session import GameSession
from plyground.web.sessions.sharing import SharedWork

__all__ = ["SLACK", "Analyst", "analyse_game", "position_values"]

_KEPT = 64
"""Positions whose values a session keeps."""
SLACK = 5.0
"""Seconds an analysis may take beyond its budget (twice the time per position, for each
position) before it counts as lost: its clocks stop it in time, but a loaded machine is slow."""


@dataclass(frozen=True)
class Analyst:
    """What one client's analysis runs with: the worker pool, the jobs shared between
    clients, the server's settings (time per position, blunder, grace) and the client."""

    pool: BotPool
    shared: SharedWork
    settings: WebSettings
    client: str


def _check_analysable(session: GameSession) -> None:
    if not is_analysed(session.game.name):
        raise ApiError(
            422,
            f"analysis is available for {', '.join(analysed_games())}, not for {session.game.name}",
        )


async def position_values(session: GameSession, ply: int | None, by: Analyst) -> dict[str, Any]:
    """Every move's value in the position after ``ply`` moves (default: now), and its heat map."""
    _check_analysable(session)
    played = len(session.progress.moves)
    ply = played if ply is None else ply
    if not 0 <= ply <= played:
        raise ApiError(422, f"ply must be 0 to {played} (the moves played so far), got {ply}")
    state = session.progress.states[ply]
    text = state.text()
    if state.is_terminal():
        return {"ply": ply, "position": text, "finished": True, "values": {}, "heat": None}
    if state.is_chance():  # no decision to value (a tile spawns next): no job for a worker
        return {"ply": ply, "position": text, "finished": False, "chance": True,
                "values": {}, "heat": None}  # fmt: skip
    if session.cache.position_values(text) is None:

        async def value_position() -> None:
            seconds = by.settings.analysis_time
            job = AnalysisJob(by.pool.new_job_id(), session.game.spec, seconds, 1.0, position=text)
            timeout = 2 * seconds + by.settings.grace + SLACK
            _keep(session, state, _answer(await _run(by, job, timeout)))

        await by.shared.run(("values", session.id, text), value_position)
    values = session.cache.position_values(text)
    assert values is not None  # kept by value_position, here or in a request it shared
    return {**values, "ply": ply}


def _keep(session: GameSession, state: State, values: dict[str, Any]) -> None:
    """Keep a position's values with their heat map (at most :data:`_KEPT` positions)."""
    heat = value_heat(values, session.view.legal(state))
    session.cache.keep_position_values(
        state.text(), {**values, "finished": False, "heat": heat}, _KEPT
    )


async def analyse_game(session: GameSession, by: Analyst) -> dict[str, Any]:
    """Every move of the game so far valued, with losses, blunders, the worst moves and accuracy."""
    _check_analysable(session)
    played = len(session.progress.moves)
    if not played:
        raise ApiError(409, "no move has been played: there is nothing to analyse yet")
    moves = tuple(move.move for move in session.progress.moves)
    kept = session.cache.game_analysis(moves)
    if kept is not None:
        return dict(kept)

    async def analyse() -> dict[str, Any]:
        record = session.record().to_dict()
        seconds, blunder = by.settings.analysis_time, by.settings.blunder
        job = AnalysisJob(by.pool.new_job_id(), session.game.spec, seconds, blunder, record=record)
        states = list(session.progress.states)  # as they are now: a move may come meanwhile
        answer = await _run(by, job, played * 2 * seconds + by.settings.grace + SLACK)
        result = _answer(answer)
        for ply, values in enumerate(answer["positions"][-_KEPT:], start=max(0, played - _KEPT)):
            if values is not None:  # None: no decision there (a chance node's position)
                _keep(session, states[ply], values)  # a review's heat maps need no second one
        session.cache.keep_game_analysis(moves, result)
        return result

    return dict(await by.shared.run(("analysis", session.id, moves), analyse))


async def _run(by: Analyst, job: AnalysisJob, timeout: float) -> dict[str, Any]:
    try:
        return await by.pool.analyse(job, timeout, client=by.client)
    except TimeoutError:
        raise ApiError(503, f"the analysis did not finish within {timeout:g} s") from None


def _answer(answer: dict[str, Any]) -> dict[str, Any]:
    if "error" in answer:  # a fault of the server's is no fault of the request's either
        raise ApiError(422, f"analysis: {answer['error']}")
    result: dict[str, Any] = answer["result"]
    return result
