"""The labelled positions of ``plyground learn adjacency``: one SQLite file, resumable.

Schema (``PRAGMA application_id`` = :data:`APPLICATION_ID`, ``user_version`` =
:data:`STORE_VERSION`; any other SQLite file is refused by name):

``games``
    one row per generated game: ``seed`` (primary key), ``game`` (its spec),
    ``players`` (the two bots), ``split`` (``train`` or ``test``: a game's
    positions are all on one side, so held-out positions never share a game
    with fitted ones), ``seconds`` (what playing it cost).
``positions``
    every position of every game: ``position`` (its text, primary key; a
    position met again keeps its first game), ``seed``, ``plies_left``,
    ``empty`` (empty cells).
``labels``
    a position's value for the side to move (its final margin with best play,
    or a search's value): ``position``, ``kind`` (``exact``, or ``search`` from a
    depth-limited search of the learned evaluation), ``value``, ``depth`` (plies
    searched; the plies left for an exact label), ``nodes``, ``seconds``.
    Primary key (``position``, ``kind``).

Every game, and every label, is committed on its own (WAL, ``synchronous=NORMAL``):
a run stopped at any moment loses only the work in flight, and the same
command continues where it stopped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from plyground.arena.storage.sqlite_file import SqliteFile
from plyground.arena.storage.store_errors import StoreError

__all__ = ["APPLICATION_ID", "STORE_VERSION", "GameRow", "Label", "LabelStore", "Labelled"]

STORE_VERSION = 1
APPLICATION_ID = 0x504C594C  # "PLYL"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    seed INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    split TEXT NOT NULL,
    seconds REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS positions (
    position TEXT PRIMARY KEY,
    seed INTEGER NOT NULL,
    plies_left INTEGER NOT NULL,
    empty INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS positions_by_plies ON positions (plies_left, empty);
CREATE TABLE IF NOT EXISTS labels (
    position TEXT NOT NULL,
    kind TEXT NOT NULL,
    value REAL NOT NULL,
    depth INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (position, kind)
);
"""


@dataclass(frozen=True)
class GameRow:
    """A generated game: its seed, spec, players and split, and the positions it reached."""

    seed: int
    game: str
    players: str
    split: str
    seconds: float
    positions: tuple[tuple[str, int, int], ...]
    """(position text, plies left, empty cells) of every position before the end."""


@dataclass(frozen=True)
class Label:
    """A position's value for the side to move, and what finding it cost."""

    position: str
    kind: str
    value: float
    depth: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class Labelled:
    """A labelled position as the fitting reads it."""

    position: str
    plies_left: int
    split: str
    kind: str
    value: float
    seed: int
    game: str


class LabelStore(SqliteFile):
    """The label file at ``path`` (made when missing); a StoreError names any problem."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False) -> None:
        self.read_only = read_only
        if read_only and not Path(path).is_dir() and not Path(path).exists():
            raise StoreError(f"no label file {str(path)!r}: run 'plyground learn adjacency label'")
        self._open(path, "the label file", self._set_up)

    def _set_up(self) -> None:
        self._identify("label file", APPLICATION_ID, STORE_VERSION)
        if not self.read_only:
            with self._creating(_SCHEMA, APPLICATION_ID, STORE_VERSION, "NORMAL"):
                pass

    # -- games -------------------------------------------------------------------------
    def seeds(self) -> set[int]:
        """The seeds of the games stored."""
        return {row[0] for row in self._db.execute("SELECT seed FROM games")}

    def add_game(self, game: GameRow) -> None:
        """Store a game and its positions in one transaction."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                (game.seed, game.game, game.players, game.split, game.seconds),
            )
            db.executemany(
                "INSERT OR IGNORE INTO positions VALUES (?, ?, ?, ?)",
                [(text, game.seed, plies, empty) for text, plies, empty in game.positions],
            )

    # -- labels ------------------------------------------------------------------------
    def unlabelled(
        self,
        kinds: tuple[str, ...],
        plies: tuple[int, int],
        *,
        split: str | None = None,
        most_empty: int = 64,
        game: str | None = None,
    ) -> list[tuple[str, int, str]]:
        """(position, seed, game spec) of the positions with ``plies`` left (least, most) and
        at most ``most_empty`` empty cells that have no label of any of ``kinds``, game by
        game (most plies left first within a game: a solver keeps its table along a game);
        with ``game`` (a spec), of that game's positions only."""
        query = """
            SELECT p.position, p.seed, g.game FROM positions p JOIN games g ON g.seed = p.seed
            WHERE p.plies_left BETWEEN ? AND ? AND p.empty <= ?
              AND (? IS NULL OR g.split = ?) AND (? IS NULL OR g.game = ?)
              AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.position = p.position
                              AND l.kind IN (SELECT value FROM json_each(?)))
            ORDER BY p.seed, p.plies_left DESC
        """
        wanted = json.dumps(list(kinds))
        rows = self._db.execute(
            query, (plies[0], plies[1], most_empty, split, split, game, game, wanted)
        )
        return [(str(a), int(b), str(c)) for a, b, c in rows]

    def add_label(self, label: Label) -> None:
        """Store (or replace) one label, committed at once."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO labels VALUES (?, ?, ?, ?, ?, ?)",
                (
                    label.position,
                    label.kind,
                    label.value,
                    label.depth,
                    label.nodes,
                    label.seconds,
                ),
            )

    def label_count(self, kind: str, plies: tuple[int, int], game: str | None = None) -> int:
        """Labels of ``kind`` on positions with ``plies`` left (least, most), of ``game``'s
        positions only when given."""
        query = """
            SELECT count(*) FROM labels l JOIN positions p ON p.position = l.position
            JOIN games g ON g.seed = p.seed
            WHERE l.kind = ? AND p.plies_left BETWEEN ? AND ? AND (? IS NULL OR g.game = ?)
        """
        found = self._db.execute(query, (kind, plies[0], plies[1], game, game)).fetchone()
        return int(found[0])

    def labelled(self, kinds: Iterable[str] = ("exact", "search")) -> Iterator[Labelled]:
        """Every labelled position, with the first of ``kinds`` it has (exact over search)."""
        order = list(kinds)
        best: dict[str, Labelled] = {}
        query = """
            SELECT l.position, p.plies_left, g.split, l.kind, l.value, g.seed, g.game
            FROM labels l JOIN positions p ON p.position = l.position
            JOIN games g ON g.seed = p.seed
        """
        for position, plies, split, kind, value, seed, game in self._db.execute(query):
            if kind not in order:
                continue
            known = best.get(position)
            if known is None or order.index(kind) < order.index(known.kind):
                best[position] = Labelled(
                    position, int(plies), str(split), kind, float(value), int(seed), str(game)
                )
        return iter(sorted(best.values(), key=lambda item: (item.plies_left, item.position)))

    def counts(self) -> list[tuple[str, int, int, int, float, int]]:
        """(kind, plies left, labels, nodes, seconds, held-out labels) per kind and plies."""
        query = """
            SELECT l.kind, p.plies_left, count(*), sum(l.nodes), sum(l.seconds),
                   sum(g.split = 'test')
            FROM labels l JOIN positions p ON p.position = l.position
            JOIN games g ON g.seed = p.seed
            GROUP BY l.kind, p.plies_left ORDER BY l.kind, p.plies_left
        """
        return [
            (str(k), int(p), int(n), int(nodes), float(s), int(t))
            for k, p, n, nodes, s, t in self._db.execute(query)
        ]

    def export(
        self,
        path: str | os.PathLike[str],
        kinds: tuple[str, ...] = ("exact",),
        *,
        split: str | None = None,
        plies: tuple[int, int] = (0, 64),
    ) -> int:
        """Copy the labels of ``kinds`` (of ``split`` games only, when given, with ``plies``
        left), their positions and games, to a new label file at ``path`` (compact: no
        unlabelled position); returns the labels copied."""
        target = Path(path)
        if target.exists():
            raise StoreError(f"will not overwrite {str(path)!r}: remove it first")
        with LabelStore(target) as copy:
            wanted = json.dumps(list(kinds))
            labels = self._db.execute(
                "SELECT * FROM labels WHERE kind IN (SELECT value FROM json_each(?))", (wanted,)
            ).fetchall()
            splits = dict(self._db.execute("SELECT seed, split FROM games").fetchall())
            rows = [
                row
                for row in self._db.execute("SELECT * FROM positions")
                if (split is None or splits[row[1]] == split) and plies[0] <= row[2] <= plies[1]
            ]
            labelled = {row[0] for row in labels}
            rows = [row for row in rows if row[0] in labelled]
            kept = {row[0] for row in rows}
            labels = [row for row in labels if row[0] in kept]
            seeds = {row[1] for row in rows}
            games = [row for row in self._db.execute("SELECT * FROM games") if row[0] in seeds]
            with copy._transaction() as db:
                db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?)", games)
                db.executemany("INSERT INTO positions VALUES (?, ?, ?, ?)", rows)
                db.executemany("INSERT INTO labels VALUES (?, ?, ?, ?, ?, ?)", labels)
            copy._db.execute("PRAGMA journal_mode=DELETE")
            copy._db.execute("VACUUM")
        return len(labels)

    def game_summary(self) -> tuple[int, int, float]:
        """(games, positions, seconds spent playing them)."""
        games, seconds = self._db.execute("SELECT count(*), total(seconds) FROM games").fetchone()
        positions = self._db.execute("SELECT count(*) FROM positions").fetchone()[0]
        return int(games), int(positions), float(seconds)
