"""One-pile Nim for plyground: take 1 to ``most`` stones; who takes the last one wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from plyground.bots import Bot, Decision
from plyground.bots.base import TIME_SETTING, InfoCallback
from plyground.core import (
    TERMINAL,
    Capabilities,
    Game,
    GameProfile,
    Limit,
    Move,
    ParseError,
    SearchInfo,
    Setting,
    State,
)

__all__ = ["NimBot", "NimGame", "NimState"]


class NimGame(Game):
    """A pile of ``stones``; each turn takes 1 to ``most``; taking the last stone wins."""

    NAME = "nim"
    DESCRIPTION = "one-pile Nim: take 1 to most stones, the last to take wins"
    CAPABILITIES = Capabilities(players=2)
    PROFILE = GameProfile(strongest_bot="nimsum")
    """What plyground looks up for Nim: its strongest bot (the rest: the defaults; the
    web page draws it with its generic view, the moves as buttons)."""
    SETTINGS: ClassVar[tuple[Setting, ...]] = (
        Setting("stones", int, 10, "stones in the pile", minimum=1, maximum=1000),
        Setting("most", int, 3, "most stones taken in one turn", minimum=1, maximum=100),
    )

    def initial_state(self) -> NimState:
        return NimState(self, self.settings["stones"], 0)

    def parse_state(self, text: str) -> NimState:
        """``"<stones> <player>"``, e.g. ``"7 1"``."""
        try:
            stones, player = (int(part) for part in text.split())
        except ValueError:
            raise ParseError(f"not a Nim position (stones player): {text!r}") from None
        if stones < 0 or player not in (0, 1):
            raise ParseError(f"not a Nim position (stones player): {text!r}")
        return NimState(self, stones, player)


class NimState(State):
    __slots__ = ("_game", "_player", "stones")

    def __init__(self, game: NimGame, stones: int, player: int) -> None:
        self._game, self.stones, self._player = game, stones, player

    @property
    def game(self) -> NimGame:
        return self._game

    def to_move(self) -> int:
        return TERMINAL if self.stones == 0 else self._player

    def legal_moves(self) -> Sequence[Move]:
        return list(range(1, min(self.stones, self._game.settings["most"]) + 1))

    def play(self, move: Move) -> NimState:
        self.check_legal(move)
        assert isinstance(move, int)
        return NimState(self._game, self.stones - move, 1 - self._player)

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self) -> tuple[float, ...]:
        if self.stones:
            return (0.0, 0.0)
        winner = 1 - self._player  # who took the last stone
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        if not text.strip().isdigit():
            raise ParseError(f"not a number of stones: {text!r}")
        move = int(text)
        self.check_legal(move)
        return move

    def text(self) -> str:
        return f"{self.stones} {self._player}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NimState) and (other.text(), other.game) == (
            self.text(),
            self.game,
        )

    def __hash__(self) -> int:
        return hash(self.text())


class NimBot(Bot):
    """Leaves a multiple of ``most + 1`` stones when it can (the winning strategy)."""

    NAME = "nimsum"
    DESCRIPTION = "perfect one-pile Nim: leave a multiple of most+1 stones"
    SETTINGS: ClassVar[tuple[Setting, ...]] = (TIME_SETTING,)
    GAMES = ("nim",)

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        assert isinstance(state, NimState)
        moves = state.legal_moves()
        best = state.stones % (state.game.settings["most"] + 1)
        move = best if best in moves else moves[0]
        info = SearchInfo(depth=1, nodes=len(moves), pv=(state.move_text(move),))
        if on_info:
            on_info(info)
        return Decision(move, info)
