"""Stored games in the page: ``plyground serve --db FILE`` lists them and opens one for review.

A class's tournament is stored in a database (docs/classroom.md); served
with ``--db``, the page lists each tournament's games, numbered from 1 as
``plyground records export`` numbers them, and the class report links to
them (``#review=TOURNAMENT/NUMBER``). Opening one makes a new game of this
server from the record: a board with a person on each side, named as the
record names the players, with every move of the record played (the
moves the referee played after a rule break marked so, and the rule
breaks with their reasons), over and never stored again, so the page's
review (the heat map, every move's value) works on it as on any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from plyground.arena.analysis.analysers import is_analysed
from plyground.arena.records.record import GameRecord
from plyground.arena.storage.store import RecordStore, StoreError
from plyground.core.errors import PlygroundError
from plyground.core.settings import parse_spec
from plyground.web.sessions.errors import ApiError
from plyground.web.sessions.seats import SeatRequest
from plyground.web.sessions.service import GameService
from plyground.web.sessions.session import GameSession

__all__ = ["open_stored", "stored_games"]


def _store(service: GameService) -> RecordStore:
    db = service.settings.db
    if not db:
        raise ApiError(404, "this server keeps no games: start it with --db FILE to list them")
    if not Path(db).is_file():
        raise ApiError(404, f"no database {db!r} yet: no game has been stored")
    try:
        return RecordStore(db, read_only=True)
    except (StoreError, OSError) as error:
        raise ApiError(404, f"the database cannot be read: {error}") from None


def stored_games(service: GameService) -> dict[str, Any]:
    """Every stored tournament with its games: number, players, result, rule breaks."""
    with _store(service) as store:
        tournaments = []
        for row in store.tournaments():
            games = [
                {
                    "number": number,
                    "players": [player.name for player in stored.record.players],
                    "result": stored.record.result,
                    "rule_breaks": len(stored.record.rule_breaks),
                    "game": stored.record.game,
                }
                for number, stored in enumerate(store.games(row.id), 1)
            ]
            tournaments.append({"id": row.id, "created": row.created, "games": games})
    return {"tournaments": tournaments}


def _record(service: GameService, tournament: str, number: int) -> GameRecord:
    with _store(service) as store:
        try:
            store.tournament(tournament)
        except (StoreError, PlygroundError):
            raise ApiError(404, f"no tournament {tournament!r} in {service.settings.db}") from None
        games = store.games(tournament)
    if not 1 <= number <= len(games):
        raise ApiError(404, f"tournament {tournament!r} has games 1 to {len(games)}, not {number}")
    return games[number - 1].record


def open_stored(
    service: GameService, tournament: str, number: int, client: str
) -> tuple[GameSession, dict[str, Any]]:
    """A new game of this server holding stored game ``number`` of ``tournament``, for
    review; its secrets as :meth:`GameService.create` gives them."""
    record = _record(service, tournament, number)
    name, settings = parse_spec(record.game)
    names = [player.name for player in record.players]
    if len(set(names)) != len(names):
        names = [f"{n} ({side})" for n, side in zip(names, ("first", "second"), strict=False)]
    session, secrets = service.create(
        name,
        settings,
        [SeatRequest(player, "human") for player in names],
        start=record.start,
        mode="analysis" if is_analysed(name) else "play",
        client=client,
        store=False,  # a stored game is not stored again
    )
    try:
        for played in record.moves:
            move = session.state.parse_move(played.move)
            session.progress.play(move, played.elapsed, played.info, played.rule_break)
            session.moved()
    except PlygroundError as error:
        raise ApiError(422, f"game {number} of {tournament!r} does not replay: {error}") from None
    for rule_break in record.rule_breaks:
        session.progress.note_rule_break(rule_break)
    session.bump()
    return session, secrets
