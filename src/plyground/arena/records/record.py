"""Game records: everything that happened in one game, as plain data.

A :class:`GameRecord` is what the referee returns and what storage, reports,
exports and the web app read. It holds texts and numbers only (the game's
spec, position texts, move texts), so it serialises to JSON losslessly
(:meth:`GameRecord.to_dict` / :meth:`GameRecord.from_dict`) and can be
replayed through the rules (:meth:`GameRecord.replay`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from plyground.core.errors import ParseError
from plyground.core.game import CHANCE, TERMINAL, Game, State
from plyground.core.json_fields import json_fields
from plyground.core.limits import SearchInfo
from plyground.games import load_game

__all__ = [
    "GameRecord",
    "MoveRecord",
    "Penalty",
    "PlayerInfo",
    "RuleBreak",
    "RuleBreakKind",
    "Termination",
    "result_text",
    "winner_of",
]


class RuleBreakKind(StrEnum):
    """How a player broke the rules on a move."""

    TIMEOUT = "timeout"
    """No answer within the time limit."""
    ILLEGAL = "illegal"
    """An answer that is not a legal move (occupied or off-board cell, bad notation)."""
    CRASH = "crash"
    """The player raised an error or its process died."""
    GARBAGE = "garbage"
    """A protocol engine wrote a line that is not part of the protocol where an answer was due."""


class Penalty(StrEnum):
    """What the referee did about a rule break (docs/rules.md, "Time and rule breaks")."""

    RANDOM_MOVE = "random-move"
    """A random legal move was played for the player (the course's policy, the default)."""
    FORFEIT = "forfeit"
    """The player lost the game."""


class Termination(StrEnum):
    """How a game ended."""

    NORMAL = "normal"
    FORFEIT = "forfeit"
    ABORTED = "aborted"


def winner_of(returns: Sequence[float]) -> int | None:
    """The player with the strictly highest return; None for a tie or one player."""
    if len(returns) < 2:
        return None
    best = max(returns)
    leaders = [player for player, value in enumerate(returns) if value == best]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class PlayerInfo:
    """Who played a seat: display name, kind (bot, engine, human), spec and version."""

    name: str
    kind: str = "bot"
    spec: str = ""
    version: str = ""

    def to_dict(self) -> dict[str, Any]:
        return json_fields(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerInfo:
        data = _json_object(data, "a player")
        return cls(
            name=str(data["name"]),
            kind=str(data.get("kind", "bot")),
            spec=str(data.get("spec", "")),
            version=str(data.get("version", "")),
        )


@dataclass(frozen=True)
class RuleBreak:
    """One rule break: on which ply, by whom, what kind, what the referee did."""

    ply: int
    """The index of the move it cost in the record's ``moves`` (0 for the first); shown
    to people as the ply number ``ply + 1``, as move lists count."""
    player: int
    kind: RuleBreakKind
    detail: str
    penalty: Penalty

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "kind": self.kind.value,
            "detail": self.detail,
            "penalty": self.penalty.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleBreak:
        data = _json_object(data, "a rule break")
        return cls(
            ply=int(data["ply"]),
            player=int(data["player"]),
            kind=RuleBreakKind(data["kind"]),
            detail=str(data.get("detail", "")),
            penalty=Penalty(data["penalty"]),
        )


@dataclass(frozen=True)
class MoveRecord:
    """One move: who, what (in the game's notation), the time used and the search info.

    ``rule_break`` is set when the referee chose this move as a penalty.
    Chance outcomes (2048 spawns) are recorded as moves of player -1.
    """

    player: int
    move: str
    elapsed: float = 0.0
    info: SearchInfo | None = None
    rule_break: RuleBreakKind | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "player": self.player,
            "move": self.move,
            "elapsed": round(self.elapsed, 6),
        }
        if self.info is not None:
            data["info"] = self.info.to_dict()
        if self.rule_break is not None:
            data["rule_break"] = self.rule_break.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MoveRecord:
        data = _json_object(data, "a move")
        info = data.get("info")
        rule_break = data.get("rule_break")
        return cls(
            player=int(data["player"]),
            move=str(data["move"]),
            elapsed=float(data.get("elapsed", 0.0)),
            info=None if info is None else SearchInfo.from_dict(dict(info)),
            rule_break=None if rule_break is None else RuleBreakKind(rule_break),
        )


def _json_object(data: object, what: str) -> Mapping[str, Any]:
    """``data`` if it is a JSON object (a mapping); else TypeError naming ``what`` it is."""
    if not isinstance(data, Mapping):
        raise TypeError(f"{what} must be a JSON object, got {data!r:.40}")
    return data


def result_text(returns: tuple[float, ...], winner: int | None) -> str:
    """``1-0``, ``0-1`` or ``1/2-1/2`` for two players; the score for one player."""
    if len(returns) == 1:
        return f"{returns[0]:g}"
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner == 0 else "0-1"


@dataclass(frozen=True)
class GameRecord:
    """A whole game. ``returns`` and ``winner`` are final; ``tags`` hold context
    (tournament id, round, pairing, opening, seed...), as strings."""

    game: str
    start: str
    players: tuple[PlayerInfo, ...]
    moves: tuple[MoveRecord, ...]
    final: str
    returns: tuple[float, ...]
    winner: int | None
    termination: Termination = Termination.NORMAL
    rule_breaks: tuple[RuleBreak, ...] = ()
    started: str = ""
    duration: float = 0.0
    tags: Mapping[str, str] = field(default_factory=dict)

    @property
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2`` (or a one-player score)."""
        return result_text(self.returns, self.winner)

    def score(self, player: int) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss, for ``player`` (two-player games)."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == player else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; :meth:`from_dict` reads it back exactly."""
        return {
            "game": self.game,
            "start": self.start,
            "players": [p.to_dict() for p in self.players],
            "moves": [m.to_dict() for m in self.moves],
            "final": self.final,
            "returns": list(self.returns),
            "winner": self.winner,
            "result": self.result,
            "termination": self.termination.value,
            "rule_breaks": [r.to_dict() for r in self.rule_breaks],
            "started": self.started,
            "duration": round(self.duration, 6),
            "tags": dict(self.tags),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a dict written by :meth:`to_dict`; ParseError names a missing or bad field,
        or fields that disagree (a winner who is not a player, returns not one a player)."""
        if not isinstance(data, Mapping):
            raise ParseError(f"bad game record: expected a JSON object, got {type(data).__name__}")
        try:
            winner = data.get("winner")
            record = cls(
                game=str(data["game"]),
                start=str(data["start"]),
                players=tuple(PlayerInfo.from_dict(p) for p in data["players"]),
                moves=tuple(MoveRecord.from_dict(m) for m in data["moves"]),
                final=str(data["final"]),
                returns=tuple(float(r) for r in data["returns"]),
                winner=None if winner is None else int(winner),
                termination=Termination(data.get("termination", "normal")),
                rule_breaks=tuple(RuleBreak.from_dict(r) for r in data.get("rule_breaks", ())),
                started=str(data.get("started", "")),
                duration=float(data.get("duration", 0.0)),
                tags={str(k): str(v) for k, v in dict(data.get("tags", {})).items()},
            )
        except KeyError as error:
            raise ParseError(f"bad game record: no field {error}") from None
        except (AttributeError, TypeError, ValueError) as error:
            raise ParseError(f"bad game record: {error}") from None
        problem = record.disagreement()
        if problem:
            raise ParseError(f"bad game record: {problem}")
        return record

    def disagreement(self) -> str | None:
        """What makes this record's fields disagree, or None: returns not one a player or
        not finite, a winner who is not a player or (a normal ending) not the one the
        returns name, a duration that is not a time. A referee's record never does; an
        imported one might, and would break exports and reports later."""
        seats = len(self.players)
        if len(self.returns) != seats:
            return f"{seats} players but returns {self.returns}"
        if not all(math.isfinite(value) for value in self.returns):
            return f"returns {self.returns} are not all finite"
        if self.winner is not None and not 0 <= self.winner < seats:
            return f"winner {self.winner} is not one of its players"
        named = winner_of(self.returns)
        if self.termination is Termination.NORMAL and self.winner != named:
            return f"winner {self.winner} but returns {self.returns} name {named}"
        if not (math.isfinite(self.duration) and self.duration >= 0):
            return f"duration {self.duration} is not a time"
        return None

    def replay(self) -> list[State]:
        """Every state of the game, start to end, checked against the rules.

        Raises ParseError if a move is not legal where it was played (or is
        recorded for the wrong player), naming it as the text record writes it
        (``move 5. X z9``), or if the final position differs from the
        recorded one.
        """
        game = load_game(self.game)
        seats = game.capabilities.players
        if len(self.players) != seats:
            raise ParseError(
                f"the record has {len(self.players)} players; {game.spec!r} has {seats}"
            )
        state = game.parse_state(self.start)
        states = [state]
        for number, move in enumerate(self.moves, 1):
            who = "chance" if move.player < 0 else _seat_name(game, move.player)
            where = f"move {number}. {who} {move.move}"
            if move.player != state.to_move():
                raise ParseError(f"{where} of the record is out of turn: {_turn(game, state)}")
            try:
                state = state.play(state.parse_move(move.move))
            except ValueError as error:
                raise ParseError(f"{where} of the record is not legal: {error}") from None
            states.append(state)
        if state.text() != self.final:
            raise ParseError(
                f"the record's moves lead to {state.text()!r}, not its final {self.final!r}"
            )
        return states


def _seat_name(game: Game, player: int) -> str:
    """The game's name of seat ``player``, or the number when the game has no such seat."""
    names = game.PLAYER_NAMES
    return names[player] if 0 <= player < len(names) else f"player {player}"


def _turn(game: Game, state: State) -> str:
    """Whose turn it is in ``state``, in words."""
    mover = state.to_move()
    if mover == TERMINAL:
        return "the game is over"
    if mover == CHANCE:
        return "a chance outcome is due"
    return f"it is {game.player_name(mover)}'s turn"
