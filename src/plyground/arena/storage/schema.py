"""The record database's tables (:class:`~plyground.arena.storage.store.RecordStore`'s file).

Version :data:`SCHEMA_VERSION`, kept in ``PRAGMA user_version``.

``tournaments``
    ``id`` (text, primary key), ``created``, ``kind`` (``round-robin``,
    ``gauntlet`` or ``sprt`` for a tournament, ``tune`` for a tuning run,
    ``solo-confirmation`` for its one-player final check, ``imported`` for
    ``plyground records import``, ``web`` for the web app's games), ``settings``
    (JSON: everything needed to rebuild the schedule), ``planned`` (games in
    the schedule), ``finished`` (when it completed, else NULL).
``games``
    ``id``, ``tournament_id``, ``key``, a few columns for filtering
    (``game``, ``player0``, ``player1``, ``result``, ``winner``,
    ``termination``, ``plies``, ``rule_breaks``, ``started``, ``duration``)
    and ``record``: the whole :class:`~plyground.arena.records.record.GameRecord`
    as JSON, which is the truth the other columns are derived from. SQLite's
    JSON functions reach inside it (``json_each(record, '$.moves')``).
``generations`` (since version 2)
    one row per generation of a tuning run (``plyground tune``, a tournament
    of kind ``tune``): ``tournament_id``, ``number`` (0, 1, ...),
    ``created``, ``population`` (JSON: the members, each with its id,
    weights, origin and parents), ``fitness`` (JSON: each member's fitness,
    NULL until the generation's games are all stored) and ``finished``.
    A generation's games are the tournament's games whose key starts with
    ``g{number:03d}/``.
``solo_games`` (since version 3)
    the games of one-player tuning runs (2048), one row each: ``tournament_id``,
    ``key`` (unique within the run, as in ``games``), ``player``, ``game``,
    ``seed`` (of the chance outcomes), ``score`` (the final return),
    ``moves``, ``finished`` (1 when the game ended by the rules, 0 when the
    move cap stopped it), ``duration`` and ``final`` (the final state's
    text). Only the outcome is kept: a 2048 game at a good level is tens of
    thousands of moves and spawns, and the seed with a fixed-depth player replays it.

Upgrades are additive: opening an older file adds the tables it lacks in one
transaction and sets the version; nothing else changes.
"""

from __future__ import annotations

__all__ = ["SCHEMA", "SCHEMA_VERSION"]

SCHEMA_VERSION = 3
"""The schema this code writes; older files are upgraded, newer ones refused."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    planned INTEGER NOT NULL DEFAULT 0,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    tournament_id TEXT REFERENCES tournaments(id),
    key TEXT,
    game TEXT NOT NULL,
    player0 TEXT NOT NULL,
    player1 TEXT,
    result TEXT NOT NULL,
    winner INTEGER,
    termination TEXT NOT NULL,
    plies INTEGER NOT NULL,
    rule_breaks INTEGER NOT NULL,
    started TEXT NOT NULL,
    duration REAL NOT NULL,
    record TEXT NOT NULL,
    UNIQUE (tournament_id, key)
);
CREATE INDEX IF NOT EXISTS games_by_tournament ON games (tournament_id);
CREATE INDEX IF NOT EXISTS games_by_players ON games (player0, player1);
CREATE TABLE IF NOT EXISTS generations (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL,
    created TEXT NOT NULL,
    population TEXT NOT NULL,
    fitness TEXT,
    finished TEXT,
    PRIMARY KEY (tournament_id, number)
);
CREATE TABLE IF NOT EXISTS solo_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    key TEXT NOT NULL,
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    score REAL NOT NULL,
    moves INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    duration REAL NOT NULL,
    final TEXT NOT NULL,
    PRIMARY KEY (tournament_id, key)
);
"""
