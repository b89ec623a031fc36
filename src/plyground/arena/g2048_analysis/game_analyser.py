"""2048's analyser as the profile names it, for front ends that name no game (the page's
analysis board, through :func:`~plyground.arena.analysis.analysers.make_analyser`).

:class:`G2048GameAnalyser` keeps the contract of
:class:`~plyground.arena.analysis.analysers.GameAnalyser` over
:class:`~plyground.arena.g2048_analysis.analyser.G2048Analyser`, which does the valuing.

2048 has a chance node after every move (a tile spawns), and only the player's turn is a
decision: that is the position analysed. A move's *value* is what G2048Analyser computes:
the points the move scores plus the expected points still to come after it, by the
compiled expectimax over the spawns with the learned network (:data:`DEFAULT_NETWORK`)
valuing its leaves: the expected points of the rest of the game (the score already made
is not in it), in points, the more the better. A position at the player's turn is valued
at :data:`~plyground.arena.g2048_analysis.analyser.DEFAULT_DEPTH` moves within the budget
(else one move, which is immediate); a game's positions all at that depth, so that their
losses compare. Moves within :data:`TIE_POINTS` of the best are best too (a symmetric
board's equal moves differ by float rounding). The analysis is of the player alone (one
seat, ``to_move`` 0): a chance position, a finished game or a board with a 32768 tile
(which the compiled search cannot hold) is refused with a sentence.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from plyground.arena.g2048_analysis.analyser import (
    DEFAULT_BLUNDER,
    DEFAULT_DEPTH,
    DEFAULT_NETWORK,
    G2048Analyser,
    GameValues,
    MoveValues,
    worst_moves,
)
from plyground.arena.records.record import GameRecord
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.games.g2048.rules import G2048Game, G2048State

__all__ = ["SCALE", "SOURCE", "TIE_POINTS", "G2048GameAnalyser"]

SCALE: dict[str, Any] = {
    "unit": "points",
    "label": "expected points",
    "measure": "the expected points of the rest of the game",
    "signed": False,
    "from_first": False,
    "places": 0,
}
"""What a value is, for the page's words (the ``scale`` of
:class:`~plyground.arena.analysis.analysers.GameAnalyser`)."""
SOURCE = "network"
"""Every value is the network's expectimax estimate (no exact value in 2048)."""
WORST_SHOWN = 3
"""The moves that lost most, named as the game's worst."""
TIE_POINTS = 0.5
"""Moves this close to the best value are best too: the network's float32 sums make equal
moves (a symmetric board's) differ by a fraction of a point, and the page shows whole
points. A loss below it is no loss."""


def _points(value: float) -> float:
    """Points for JSON: one decimal (the page shows whole points)."""
    return round(float(value), 1)


class G2048GameAnalyser:
    """Every legal move's expected points in a 2048 position, and a game's losses, as JSON."""

    def __init__(
        self, seconds: float, blunder: float = DEFAULT_BLUNDER, network: str = DEFAULT_NETWORK
    ) -> None:
        if not (seconds > 0 and math.isfinite(seconds)):
            raise PlygroundError(f"the time per position must be positive, got {seconds!r}")
        self.seconds = seconds
        self.blunder = blunder
        self.network = network
        self.check: Callable[[], None] = lambda: None
        """Called before each position: raises to stop the analysis there."""
        self._analyser: G2048Analyser | None = None

    @classmethod
    def for_budget(cls, seconds: float, blunder: float | None) -> G2048GameAnalyser:
        """An analyser of ``seconds`` per position whose blunders lose ``blunder`` expected
        points (None: :data:`~plyground.arena.g2048_analysis.analyser.DEFAULT_BLUNDER`)."""
        return cls(seconds, DEFAULT_BLUNDER if blunder is None else blunder)

    def analyser(self) -> G2048Analyser:
        """The G2048Analyser, made on first use: the network is read once a process
        (:func:`~plyground.bots.g2048_td.networks.packed_network` keeps it)."""
        if self._analyser is None:
            self._analyser = G2048Analyser(self.network, DEFAULT_DEPTH, self.blunder)
        return self._analyser

    def warm_up(self, game: Game) -> None:
        """Load the search's kernels and the network now, so that no budget pays for them;
        PlygroundError when ``game`` is not 2048."""
        if not isinstance(game, G2048Game):
            raise PlygroundError(f"this analyser values 2048 positions, not {game.spec!r}")
        from plyground.games.g2048 import kernel, search

        kernel.warm_up()
        search.warm_up()
        self.analyser()

    def position_json(self, state: State) -> dict[str, Any]:
        """Every legal move's expected points in ``state``, the player's turn: at
        :data:`~plyground.arena.g2048_analysis.analyser.DEFAULT_DEPTH` moves if that search
        ends within the budget, else one move deep; PlygroundError (a sentence) for a
        position with no decision or one the search cannot hold."""
        self.check()
        board = _decision(state)
        analyser = self.analyser()
        started = time.perf_counter()
        deadline = time.monotonic_ns() + int(self.seconds * 1e9)
        depth = analyser.depth
        values = analyser.move_values(board, depth, deadline)
        if values is None:  # the budget ran out first: one move deep is immediate
            depth = 1
            values = analyser.move_values(board, depth)
            assert values is not None  # no deadline
        best = max(values, key=lambda text: values[text])
        found = MoveValues(0, values, best)
        return self._position(board, found, depth, time.perf_counter() - started)

    def game_json(
        self, record: GameRecord
    ) -> tuple[dict[str, Any], Sequence[dict[str, Any] | None]]:
        """A 2048 game's analysis (the player's moves valued, each with its ply) and each
        position's values (None for a position that is no decision: a tile to spawn, or
        a board with a 32768 tile)."""
        self.check()
        analyser = self.analyser()
        started = time.perf_counter()
        analysis = analyser.game(record, lambda done, total: self.check())
        seconds = time.perf_counter() - started
        states = record.replay()
        plies = [ply for ply, move in enumerate(record.moves) if move.player == 0]
        positions: list[dict[str, Any] | None] = [None] * len(record.moves)
        moves = []
        for valued in analysis.moves:
            ply = plies[valued.number - 1]
            state = states[ply]
            assert isinstance(state, G2048State)
            positions[ply] = self._position(state, valued, analysis.depth, 0.0)
            moves.append(self._move(ply, valued, record, analysis.depth))
        worst = [
            plies[m.number - 1]
            for m in worst_moves(analysis, WORST_SHOWN)
            if (m.loss or 0.0) >= TIE_POINTS
        ]
        result = {
            "game": record.game,
            "start": record.start,
            "players": [player.name for player in record.players],
            "settings": {"time": self.seconds, "blunder": self.blunder},
            "scale": SCALE,
            "how": _how(analysis),
            "network": analysis.network,
            "depth": analysis.depth,
            "score": analysis.score,
            "unvalued": analysis.unvalued,
            "seconds": round(seconds, 6),
            "moves": moves,
            "worst": worst,
            "summary": [_summary(analysis, record)],
            "exact_moves": 0,
        }
        return result, positions

    def _position(
        self, state: G2048State, found: MoveValues, depth: int, seconds: float
    ) -> dict[str, Any]:
        top = found.values[found.best]
        return {
            "position": state.text(),
            "to_move": 0,
            "source": SOURCE,
            "exact": False,
            "values": {move: _points(value) for move, value in found.values.items()},
            "booked": [],
            "best": [move for move, value in found.values.items() if top - value < TIE_POINTS],
            "best_value": _points(top),
            "depth": depth,
            "seconds": round(seconds, 6),
            "network": self.network,
            "valued_by": f"the {self.network} network at depth {depth}",
            "scale": SCALE,
        }

    @staticmethod
    def _move(ply: int, valued: MoveValues, record: GameRecord, depth: int) -> dict[str, Any]:
        played = valued.played
        assert played is not None and valued.loss is not None
        rule_break = record.moves[ply].rule_break
        top = valued.values[valued.best]
        return {
            "ply": ply,
            "player": 0,
            "move": played,
            "value": _points(valued.values[played]),
            "best_value": _points(top),
            "best": [m for m, value in valued.values.items() if top - value < TIE_POINTS],
            "loss": _points(valued.loss) if valued.loss >= TIE_POINTS else 0.0,
            "blunder": valued.blunder,
            "source": SOURCE,
            "depth": depth,
            "rule_break": None if rule_break is None else rule_break.value,
        }


def _decision(state: State) -> G2048State:
    """``state`` if it is a 2048 position at the player's turn that the search can hold;
    PlygroundError saying why not otherwise."""
    from plyground.games.g2048.kernel import fits

    if not isinstance(state, G2048State):
        raise PlygroundError(f"this analyser values 2048 positions, not {state.game.spec!r}")
    if state.is_terminal():
        raise PlygroundError(f"nothing to analyse: the game is over in {state.text()!r}")
    if state.is_chance():
        raise PlygroundError(
            f"no move to value in {state.text()!r}: a tile spawns next, not the player's turn"
        )
    if not fits(state.board):
        raise PlygroundError(
            f"{state.text()!r} holds a 32768 tile, which the analysis's search cannot value"
        )
    return state


def _how(analysis: GameValues) -> str:
    left = f" ({analysis.unvalued} with a 32768 tile left out)" if analysis.unvalued else ""
    return (
        f"Every move ({len(analysis.moves)}) valued by the {analysis.network} network at "
        f"depth {analysis.depth}{left}"
    )


def _summary(analysis: GameValues, record: GameRecord) -> dict[str, Any]:
    best = sum(1 for m in analysis.moves if (m.loss or 0.0) < TIE_POINTS)
    return {
        "player": 0,
        "name": record.players[0].name if record.players else "the player",
        "moves": len(analysis.moves),
        "best_moves": best,
        "accuracy": round(best / len(analysis.moves), 4) if analysis.moves else 0.0,
        "mean_loss": round(analysis.mean_loss, 3),
        "blunders": analysis.blunders,
        "rule_breaks": sum(1 for m in record.moves if m.player == 0 and m.rule_break is not None),
        "games": 1,
    }
