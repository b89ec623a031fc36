"""2048 games analysed with a learned network: every move's expected points, and what the
played move gave away (``plyground analyse`` on a 2048 record).

A learned n-tuple network values an afterstate by the points still to come
(docs/learning.md), so the compiled expectimax with the network at its leaves
(:class:`~plyground.games.g2048.search.G2048Search`, no probability cut) gives each move
of a position its expected points to the game's end: the points it scores plus the
value after it. A move's *loss* is the best move's value less its own, in points; a
*blunder* loses at least ``blunder`` points. The heuristic's values are no points, so
an analysis always uses a network (a file or a shipped name). Boards with a 32768 tile,
which the compiled board cannot hold, are left unvalued.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from plyground.arena.records.record import GameRecord
from plyground.core.errors import SettingsError
from plyground.core.json_fields import json_fields
from plyground.games.g2048.rules import G2048State

__all__ = [
    "DEFAULT_BLUNDER",
    "DEFAULT_DEPTH",
    "DEFAULT_NETWORK",
    "G2048Analyser",
    "GameValues",
    "MoveValues",
    "worst_moves",
]

DEFAULT_NETWORK = "4x6-tc"
"""The shipped network an analysis values moves with, unless told (docs/learning.md)."""
DEFAULT_DEPTH = 2
"""Moves searched (TDL2048+'s 2-ply: one chance layer and one more move)."""
DEFAULT_BLUNDER = 1000.0
"""Expected points lost that make a blunder."""


@dataclass(frozen=True)
class MoveValues:
    """One position: its move number, each legal move's expected points (None: not valued),
    the best move and the move played with what it lost."""

    number: int
    values: dict[str, float]
    best: str
    played: str | None = None
    loss: float | None = None
    blunder: bool = False

    def to_dict(self) -> dict[str, Any]:
        return json_fields(self)


@dataclass(frozen=True)
class GameValues:
    """A game's analysis: each valued position, and the summary over the moves played."""

    network: str
    depth: int
    blunder: float
    moves: tuple[MoveValues, ...]
    unvalued: int = 0
    """Positions left out: a 32768 tile on the board."""
    score: int = 0

    @property
    def accuracy(self) -> float:
        """The share of valued moves that were a best move."""
        return sum(1 for m in self.moves if m.loss == 0.0) / len(self.moves) if self.moves else 0.0

    @property
    def mean_loss(self) -> float:
        return sum(m.loss or 0.0 for m in self.moves) / len(self.moves) if self.moves else 0.0

    @property
    def blunders(self) -> int:
        return sum(1 for m in self.moves if m.blunder)

    def to_dict(self) -> dict[str, Any]:
        return {
            "network": self.network, "depth": self.depth, "blunder_points": self.blunder,
            "score": self.score, "valued": len(self.moves), "unvalued": self.unvalued,
            "accuracy": self.accuracy, "mean_loss": self.mean_loss, "blunders": self.blunders,
            "moves": [m.to_dict() for m in self.moves],
        }  # fmt: skip


class G2048Analyser:
    """Values 2048 positions with ``network`` (a file or a shipped name) at ``depth``."""

    def __init__(
        self,
        network: str,
        depth: int = DEFAULT_DEPTH,
        blunder: float = DEFAULT_BLUNDER,
        table_entries: int = 1 << 20,
    ) -> None:
        from plyground.bots.g2048_td.networks import packed_network
        from plyground.games.g2048.search import G2048Search

        if not 1 <= depth <= 6:
            raise SettingsError(f"the analysis depth must be 1 to 6 moves, got {depth}")
        if not blunder > 0:
            raise SettingsError(f"a blunder must lose a positive number of points, got {blunder}")
        self.network = network
        self.depth = depth
        self.blunder = blunder
        self._search = G2048Search(
            cut=0.0, table_entries=table_entries, network=packed_network(network)
        )

    def position(self, state: G2048State, number: int = 0) -> MoveValues | None:
        """Every legal move's expected points in ``state`` (a player's turn), or None for a
        board the compiled search cannot hold (a 32768 tile)."""
        from plyground.games.g2048.kernel import fits

        if not fits(state.board):
            return None
        values = self.move_values(state, self.depth)
        assert values is not None  # no deadline: the search completes
        best = max(values, key=lambda text: values[text])
        return MoveValues(number, values, best)

    def move_values(
        self, state: G2048State, depth: int, deadline_ns: int = 0
    ) -> dict[str, float] | None:
        """Move text -> expected points for every legal move of ``state`` (a player's turn on
        a board the compiled search holds: :func:`~plyground.games.g2048.kernel.fits`),
        searched ``depth`` moves deep; None when the search stopped at ``deadline_ns``
        (monotonic nanoseconds; 0: no deadline)."""
        from plyground.games.g2048.kernel import board_to_int

        self._search.new_move()
        found = self._search.values(board_to_int(state.board), depth, deadline_ns)
        if found is None:
            return None
        return {state.move_text(m): float(found[m]) for m in state.legal_moves()}

    def game(
        self, record: GameRecord, progress: Callable[[int, int], None] | None = None
    ) -> GameValues:
        """The analysis of a recorded 2048 game: each of the player's moves valued."""
        states = record.replay()
        if not isinstance(states[0], G2048State):
            raise SettingsError(f"a 2048 analysis needs a 2048 game, not {record.game!r}")
        self._search.new_game()
        plays = [(i, m) for i, m in enumerate(record.moves) if m.player == 0]
        valued: list[MoveValues] = []
        unvalued = 0
        for number, (index, move) in enumerate(plays, start=1):
            state = states[index]
            assert isinstance(state, G2048State)
            found = self.position(state, number)
            if found is None:
                unvalued += 1
            else:
                loss = found.values[found.best] - found.values[move.move]
                valued.append(
                    replace(found, played=move.move, loss=loss, blunder=loss >= self.blunder)
                )
            if progress is not None:
                progress(number, len(plays))
        final = states[-1]
        score = final.score if isinstance(final, G2048State) else 0
        return GameValues(self.network, self.depth, self.blunder, tuple(valued), unvalued, score)


def worst_moves(analysis: GameValues, count: int = 10) -> Sequence[MoveValues]:
    """The ``count`` moves that lost most, worst first."""
    return sorted(analysis.moves, key=lambda m: -(m.loss or 0.0))[:count]
