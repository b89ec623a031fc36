"""Accuracy: a bot's moves scored against the exact value of every move.

Where win/draw/loss saturates (the adjacency game's 8-round setting, which
the second mover wins whoever plays well), strength is measured against the
truth instead: a suite of positions, each with the exact final margin after
every legal move, and for each bot the share of positions where it chose a
best move and the mean marks it lost per move.

Contract of the values. A :class:`SuitePosition`'s ``values`` map every
legal move's text to the final margin **X's marks minus O's** with best play
after it (the convention of ``plyground solve adjacency --moves``), whoever
moves. The mover wants the largest value as X (player 0) and the smallest as
O; :func:`marks_lost` turns that into marks lost, always ``>= 0`` and ``0``
exactly for a best move.

The suite is a JSON-lines file, one position per line
(:meth:`SuitePosition.to_dict`); ``benchmarks/accuracy.py`` builds it from
games between different bots and prints the table of docs/strength.md.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from plyground.arena.players.make import make_seeded_bot
from plyground.core.collection import collection_paused
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.json_fields import json_fields
from plyground.games import load_game

__all__ = [
    "BotAccuracy",
    "SuitePosition",
    "marks_lost",
    "measure",
    "read_suite",
    "uniform_expectation",
]


@dataclass(frozen=True)
class SuitePosition:
    """One position of the suite with the exact value (X - O) of every legal move."""

    game: str
    """The game's spec, e.g. ``adjacency(size=8,rounds=8)``."""
    position: str
    values: Mapping[str, int]
    """Every legal move's text -> the final margin X - O with best play after it."""
    source: str = ""
    """Where it was taken from, e.g. ``alphabeta vs greedy, ply 9``."""

    def state(self, games: dict[str, Game] | None = None) -> State:
        """The position as a state of its game (``games`` caches loaded games by spec)."""
        games = {} if games is None else games
        game = games.get(self.game)
        if game is None:
            game = games[self.game] = load_game(self.game)
        return game.parse_state(self.position)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of one line of the suite file."""
        return json_fields(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SuitePosition:
        """The position from :meth:`to_dict`'s object."""
        values = data["values"]
        if not isinstance(values, dict) or not values:
            raise ValueError("'values' must be a non-empty object of move -> margin")
        return cls(
            game=str(data["game"]),
            position=str(data["position"]),
            values={str(move): int(value) for move, value in values.items()},
            source=str(data.get("source", "")),
        )


def read_suite(path: Path) -> list[SuitePosition]:
    """The positions of a suite file; a bad line is one error naming the file and line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise PlygroundError(f"cannot read the accuracy suite {path}: {error.strerror}") from None
    positions = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            positions.append(SuitePosition.from_dict(json.loads(line)))
        except (ValueError, KeyError, TypeError) as error:
            raise PlygroundError(f"{path}:{number}: not a suite position ({error})") from None
    return positions


def marks_lost(values: Mapping[str, int], move: str, mover: int) -> int:
    """Marks lost by playing ``move`` against a best move, for ``mover`` (0: X, 1: O).

    >>> marks_lost({"a1": 4, "b2": -2}, "b2", 0), marks_lost({"a1": 4, "b2": -2}, "a1", 1)
    (6, 6)
    """
    sign = 1 if mover == 0 else -1
    best = max(sign * value for value in values.values())
    return best - sign * values[move]


@dataclass
class BotAccuracy:
    """One player's figures over a suite: best moves chosen and marks lost.

    For a bot each position adds the marks it lost and 1 or 0 (a best move or
    not); :func:`uniform_expectation` adds a uniformly random move's expected
    loss and chance of a best move instead.
    """

    bot: str
    losses: list[float] = field(default_factory=list)
    """Marks lost at each position, in suite order."""
    best: list[float] = field(default_factory=list)
    """At each position: 1 if a best move was chosen, else 0 (or the chance of one)."""
    seconds: list[float] = field(default_factory=list)
    """The bot's time to choose at each position (empty for an expectation)."""

    def add(self, lost: float, best: float, seconds: float | None = None) -> None:
        self.losses.append(lost)
        self.best.append(best)
        if seconds is not None:
            self.seconds.append(seconds)

    @property
    def positions(self) -> int:
        return len(self.losses)

    @property
    def best_share(self) -> float:
        """Share of positions where a best move was chosen (nan without positions)."""
        return sum(self.best) / len(self.best) if self.best else float("nan")

    @property
    def mean_lost(self) -> float:
        """Mean marks lost per move (nan without positions)."""
        return sum(self.losses) / len(self.losses) if self.losses else float("nan")

    @property
    def mean_seconds(self) -> float:
        """Mean seconds the bot took to choose (nan without timings)."""
        return sum(self.seconds) / len(self.seconds) if self.seconds else float("nan")

    @property
    def worst(self) -> float:
        """The most marks lost at one position (0 without positions)."""
        return max(self.losses, default=0)


def uniform_expectation(positions: Iterable[SuitePosition]) -> BotAccuracy:
    """What a uniformly random move scores on ``positions``, exactly (not sampled)."""
    games: dict[str, Game] = {}
    result = BotAccuracy("uniform move (expected)")
    for entry in positions:
        mover = entry.state(games).to_move()
        lost = [marks_lost(entry.values, move, mover) for move in entry.values]
        result.add(sum(lost) / len(lost), lost.count(0) / len(lost))
    return result


def measure(spec: str, positions: Iterable[SuitePosition], seed: int | None = 1) -> BotAccuracy:
    """Score the bot ``spec`` (``alphabeta:time=1``) on every position, by its own clock.

    The bot is made once (``seed`` goes to a bot with a seed setting) and starts
    a new game at each position, so no tree or table is carried over.
    """
    bot = make_seeded_bot(spec, seed)
    games: dict[str, Game] = {}
    result = BotAccuracy(spec)
    for entry in positions:
        state = entry.state(games)
        bot.new_game(state.game)
        with collection_paused():  # as in the arena: no collection inside a timed move
            began = time.perf_counter()
            move = state.move_text(bot.choose(state).move)
            seconds = time.perf_counter() - began
        if move not in entry.values:
            raise PlygroundError(f"{spec} chose {move!r}, not a move of {entry.position!r}")
        lost = marks_lost(entry.values, move, state.to_move())
        result.add(lost, 1.0 if lost == 0 else 0.0, seconds)
    return result
