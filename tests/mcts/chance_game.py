"""A tiny one-player game with chance, whose expectimax value the tests know.

"Dice to twelve": for three turns the player picks one of three dice and
throws it, adding the throw to a total; a total above 12 busts (the game
ends with 0). The return is the final total. The dice::

    steady  always 3
    bold    0 or 6, each 1/2
    wild    1 (0.9) or 10 (0.1)

Which die is best depends on the total so far, so the values are not trivial.
"""

from __future__ import annotations

from collections.abc import Sequence

from plyground.core.errors import IllegalMoveError, ParseError
from plyground.core.game import CHANCE, TERMINAL, Capabilities, Game, Move, State

DICE: dict[str, tuple[tuple[int, float], ...]] = {
    "steady": ((3, 1.0),),
    "bold": ((0, 0.5), (6, 0.5)),
    "wild": ((1, 0.9), (10, 0.1)),
}
NAMES = tuple(DICE)
TURNS = 3
LIMIT = 12


class DiceGame(Game):
    NAME = "dice"
    DESCRIPTION = "dice to twelve (a test game with chance)"
    CAPABILITIES = Capabilities(players=1, chance=True, zero_sum=False)

    def initial_state(self) -> DiceState:
        return DiceState(self, 0, 0, None)

    def parse_state(self, text: str) -> DiceState:
        total, turn, die = text.split()
        return DiceState(self, int(total), int(turn), None if die == "-" else int(die))


class DiceState(State):
    __slots__ = ("_game", "die", "total", "turn")

    def __init__(self, game: DiceGame, total: int, turn: int, die: int | None) -> None:
        self._game = game
        self.total = total
        self.turn = turn
        self.die = die
        """The die thrown now (a chance node), or None at the player's turn."""

    @property
    def game(self) -> DiceGame:
        return self._game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple[int, int, int | None]:
        return self.total, self.turn, self.die

    def is_terminal(self) -> bool:
        return self.die is None and (self.total > LIMIT or self.turn == TURNS)

    def to_move(self) -> int:
        if self.die is not None:
            return CHANCE
        return TERMINAL if self.is_terminal() else 0

    def legal_moves(self) -> Sequence[Move]:
        return () if self.to_move() != 0 else tuple(range(len(NAMES)))

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        return () if self.die is None else DICE[NAMES[self.die]]

    def play(self, move: Move) -> DiceState:
        if self.die is not None:
            if move not in dict(DICE[NAMES[self.die]]):
                raise IllegalMoveError(f"{move!r} is not a throw of {NAMES[self.die]}")
            assert isinstance(move, int)
            return DiceState(self._game, self.total + move, self.turn + 1, None)
        self.check_legal(move)
        assert isinstance(move, int)
        return DiceState(self._game, self.total, self.turn, move)

    def returns(self) -> tuple[float]:
        return (0.0 if self.total > LIMIT else float(self.total),)

    def move_text(self, move: Move) -> str:
        assert isinstance(move, int)
        return str(move) if self.die is not None else NAMES[move]

    def parse_move(self, text: str) -> Move:
        if text not in NAMES:
            raise ParseError(f"{text!r} is not a die")
        return NAMES.index(text)

    def text(self) -> str:
        return f"{self.total} {self.turn} {'-' if self.die is None else self.die}"
