"""Starting a game: the request checked field by field, the session built.

Every problem is an :class:`~plyground.web.sessions.errors.ApiError` (422)
naming the field (in its message, and as its ``field`` where the problem is one
field's), raised before anything exists.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence

from plyground.arena.analysis.analysers import analysed_games, is_analysed
from plyground.arena.records.record import Penalty
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.games import game_class
from plyground.web.config import WebSettings
from plyground.web.sessions.errors import ApiError, settings_field
from plyground.web.sessions.names import check_distinct
from plyground.web.sessions.seats import Seat, SeatRequest, make_seat
from plyground.web.sessions.session import GameSession
from plyground.web.views import view_for

__all__ = ["check_delay", "check_pausable", "new_session"]


def check_delay(delay: float, max_delay: float) -> None:
    """ApiError 422 unless the pause between bot moves is within 0 and ``max_delay``."""
    if not 0 <= delay <= max_delay:
        raise ApiError(
            422,
            f"delay between bot moves must be 0 to {max_delay:g} s, got {delay:g}",
            field="delay",
        )


def check_pausable(game: Game, seats: Sequence[Seat], status: int) -> None:
    """ApiError ``status`` if a human plays a seat: only games between bots pause (a game
    with a human waits for the human's move anyway, and the page offers no Resume there)."""
    humans = [game.player_name(i) for i, seat in enumerate(seats) if seat.bot is None]
    if humans:
        raise ApiError(
            status,
            f"pausing is for games between bots: {', '.join(humans)} is played by a human "
            "(end the game instead)",
        )


def new_session(
    settings: WebSettings,
    game_name: str,
    game_settings: Mapping[str, object],
    seats: Sequence[SeatRequest],
    *,
    start: str | None,
    delay: float,
    paused: bool,
    seed: int | None,
    rng: random.Random,
    mode: str = "play",
    owner: str = "",
    on_finish: Callable[[GameSession], None] | None = None,
) -> GameSession:
    """A new game, checked: the game and its size, the seed, the seats, the delay, the start.

    ``seed`` fixes the chance outcomes of a game with chance (default: one
    drawn from ``rng``). ``mode="analysis"`` makes an analysis board: a game
    of the analysed games (:mod:`plyground.arena.analysis.analysers`) with a human on every
    side. ``owner`` is the client that starts it, ``on_finish`` hears its end.
    """
    try:
        view = view_for(game_name)
    except PlygroundError as error:
        raise ApiError(422, str(error), field="game") from None
    try:
        game = game_class(game_name)(**game_settings)
    except PlygroundError as error:
        raise ApiError(422, str(error), field=settings_field("settings", error)) from None
    for name, maximum in view.web_maximum(type(game)).items():
        if game.settings[name] > maximum:
            raise ApiError(
                422,
                f"{name} {game.settings[name]} is too large for the browser: "
                f"at most {maximum} here",
                field=f"settings.{name}",
            )
    if seed is not None and not game.capabilities.chance:
        raise ApiError(422, f"{game.spec} has no chance: it takes no seed", field="seed")
    if seed is not None and not 0 <= seed < 2**63:
        raise ApiError(422, f"seed must be 0 to 2**63 - 1, got {seed}", field="seed")
    if seed is None and game.capabilities.chance:
        seed = rng.randrange(2**32)
    problem = game.seats_problem(len(seats))
    if problem is not None:
        raise ApiError(422, f"{game.spec} {problem}", field="players")
    built = [
        make_seat(game, index, request, settings.think_cap) for index, request in enumerate(seats)
    ]
    check_distinct([seat.name for seat in built], [game.player_name(i) for i in range(len(built))])
    check_delay(delay, settings.max_delay)
    _check_mode(mode, game, built)
    if paused:
        check_pausable(game, built, 422)
    return GameSession(
        secrets.token_urlsafe(16),
        game,
        view,
        built,
        start=_start_state(game, start),
        control_token=secrets.token_urlsafe(24),
        delay=delay,
        paused=paused,
        policy=Penalty(settings.policy),
        seed=seed,
        mode=mode,
        owner=owner,
        on_finish=on_finish,
    )


def _check_mode(mode: str, game: Game, seats: Sequence[Seat]) -> None:
    if mode == "play":
        return
    if mode != "analysis":
        raise ApiError(422, f"mode must be 'play' or 'analysis', got {mode!r}", field="mode")
    if not is_analysed(game.name):
        raise ApiError(
            422, f"an analysis board is for {', '.join(analysed_games())}, not for {game.name}"
        )
    if any(seat.kind != "human" for seat in seats):
        raise ApiError(422, "an analysis board has a human on every side (moves are yours)")


def _start_state(game: Game, start: str | None) -> State:
    if start is None or not start.strip():
        return game.initial_state()
    try:
        state = game.parse_state(start)
    except PlygroundError as error:
        raise ApiError(422, f"start position: {error}", field="start") from None
    if state.is_terminal():
        raise ApiError(
            422, f"start position {start!r} is already the end of the game", field="start"
        )
    return state
