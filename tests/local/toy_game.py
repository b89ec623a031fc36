"""A tiny two-player game, to show the planners need only the core contract.

Race to ``target``: players add 1 or 2 to a shared counter in turn; whoever
makes it exactly ``target`` wins. Moves are the strings ``"+1"`` and ``"+2"``
(not cell indices), and there is no evaluation beyond the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from plyground.core import TERMINAL, Capabilities, Game, IllegalMoveError, Move, ParseError, State
from plyground.core.settings import Setting


class RaceGame(Game):
    NAME = "race"
    DESCRIPTION = "add 1 or 2; reach the target exactly to win"
    CAPABILITIES = Capabilities(players=2)
    SETTINGS: ClassVar[tuple[Setting, ...]] = (Setting("target", int, 10, "the goal", minimum=1),)

    def initial_state(self) -> RaceState:
        return RaceState(self, 0, 0)

    def parse_state(self, text: str) -> RaceState:
        count, _, side = text.partition(" ")
        if not count.isdigit() or side not in ("0", "1"):
            raise ParseError(f"bad race position {text!r}")
        return RaceState(self, int(count), int(side))


class RaceState(State):
    __slots__ = ("_game", "count", "side")

    def __init__(self, game: RaceGame, count: int, side: int) -> None:
        self._game = game
        self.count = count
        self.side = side

    @property
    def game(self) -> RaceGame:
        return self._game

    @property
    def target(self) -> int:
        return int(self._game.settings["target"])

    def to_move(self) -> int:
        return TERMINAL if self.is_terminal() else self.side

    def legal_moves(self) -> Sequence[Move]:
        if self.is_terminal():
            return []
        return [m for m in ("+1", "+2") if self.count + int(m) <= self.target]

    def play(self, move: Move) -> RaceState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {move!r} at {self.text()!r}")
        assert isinstance(move, str)
        return RaceState(self._game, self.count + int(move), 1 - self.side)

    def is_terminal(self) -> bool:
        return self.count >= self.target

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal():
            return (0.0, 0.0)
        winner = 1 - self.side  # the player who just moved
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        if text not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {text!r}")
        return text

    def text(self) -> str:
        return f"{self.count} {self.side}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaceState) and (self.count, self.side) == (other.count, other.side)

    def __hash__(self) -> int:
        return hash((self.count, self.side))
