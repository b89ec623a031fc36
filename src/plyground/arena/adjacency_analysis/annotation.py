"""A game annotated move by move: each move's value, the marks it lost, blunders, accuracy.

:func:`annotate` replays a :class:`~plyground.arena.records.record.GameRecord`
through the rules and asks an :class:`~plyground.arena.adjacency_analysis.analyser.Analyser`
for the value of every move in each position before a move. A move's
*loss* is what it gives away against the best move there, in marks, from
the mover's side; a move losing at least the blunder threshold is a
*blunder*. The summary gives each player's accuracy: the share of best
moves (loss 0) and the mean marks lost per move.

A move the referee chose after a rule break (a *penalty move*: the player
timed out, crashed, answered nonsense) is valued like the others and marked
with the rule break's kind, but it is not the player's choice: it counts
towards neither accuracy, marks lost nor blunders, only towards the
player's rule breaks.

Positions are analysed from the end of the game back to its start, so the
exact solver is tried where it can finish (late positions, few plies left);
once one position does not solve within the budget, earlier positions (more
plies left) go straight to the engine rather than spend the budget twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from plyground.arena.adjacency_analysis.analyser import (
    Analyser,
    AnalysisSettings,
    PositionValues,
    adjacency_state,
    json_number,
)
from plyground.arena.records.record import GameRecord

__all__ = [
    "GameAnalysis",
    "MoveAnalysis",
    "PlayerSummary",
    "annotate",
    "summarise_moves",
    "summarise_players",
]


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of the game and what the analysis says of it (values are X - O margins)."""

    ply: int
    """Moves played before it (0 for the first)."""
    player: int
    move: str
    value: float
    """The margin after this move with best play (or the engine's estimate)."""
    best_value: float
    best: tuple[str, ...]
    loss: float
    blunder: bool
    exact: bool
    """True when the move's value (and so its loss) is proved: solved, or in the book."""
    depth: int
    booked: bool = False
    """True when the opening book proves the move's value."""
    rule_break: str | None = None
    """The kind of rule break (``timeout``, ``crash``...) when the referee chose this
    move as a penalty; None for the player's own move."""

    @property
    def source(self) -> str:
        """``book``, ``exact`` (solved) or ``engine``."""
        return "book" if self.booked else "exact" if self.exact else "engine"

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "move": self.move,
            "value": json_number(self.value),
            "best_value": json_number(self.best_value),
            "best": list(self.best),
            "loss": json_number(self.loss),
            "blunder": self.blunder,
            "source": self.source,
            "depth": self.depth,
            "rule_break": self.rule_break,
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's accuracy over the game."""

    player: int
    name: str
    moves: int
    best_moves: int
    blunders: int
    total_loss: float
    rule_breaks: int = 0
    """Penalty moves: played for the player after a rule break, not counted in ``moves``."""
    games: int = 1

    @property
    def accuracy(self) -> float:
        """Share of moves that were best moves (0 to 1; 0 without moves)."""
        return self.best_moves / self.moves if self.moves else 0.0

    @property
    def mean_loss(self) -> float:
        """Mean marks lost per move."""
        return self.total_loss / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "moves": self.moves,
            "best_moves": self.best_moves,
            "accuracy": round(self.accuracy, 4),
            "mean_loss": round(self.mean_loss, 3),
            "blunders": self.blunders,
            "rule_breaks": self.rule_breaks,
            "games": self.games,
        }


@dataclass(frozen=True)
class GameAnalysis:
    """A whole game's analysis: every move, each player's summary, the settings used."""

    game: str
    start: str
    players: tuple[str, ...]
    moves: tuple[MoveAnalysis, ...]
    summary: tuple[PlayerSummary, ...]
    settings: AnalysisSettings = field(default_factory=AnalysisSettings)
    positions: tuple[PositionValues, ...] = ()
    """Every move's value in each position before a move (``positions[ply]``)."""

    @property
    def exact_moves(self) -> int:
        """How many moves were valued by proof (a solve or the book) rather than by the engine."""
        return sum(move.exact for move in self.moves)

    def worst(self, count: int = 3) -> list[MoveAnalysis]:
        """The moves that lost most (only those that lost something), worst first."""
        losing = [move for move in self.moves if move.loss > 0 and move.rule_break is None]
        return sorted(losing, key=lambda move: (-move.loss, move.ply))[:count]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``plyground analyse --json`` and of the web API."""
        return {
            "game": self.game,
            "start": self.start,
            "players": list(self.players),
            "settings": {"time": self.settings.time, "blunder": self.settings.blunder},
            "moves": [move.to_dict() for move in self.moves],
            "worst": [move.ply for move in self.worst()],
            "summary": [player.to_dict() for player in self.summary],
            "exact_moves": self.exact_moves,
        }


def summarise_moves(moves: list[MoveAnalysis], names: tuple[str, ...]) -> tuple[PlayerSummary, ...]:
    """Each player's accuracy over ``moves`` (its own moves; penalty moves apart)."""
    summaries = []
    for player, name in enumerate(names):
        seat = [move for move in moves if move.player == player]
        own = [move for move in seat if move.rule_break is None]
        summaries.append(
            PlayerSummary(
                player=player,
                name=name,
                moves=len(own),
                best_moves=sum(move.loss == 0 for move in own),
                blunders=sum(move.blunder for move in own),
                total_loss=sum(move.loss for move in own),
                rule_breaks=len(seat) - len(own),
            )
        )
    return tuple(summaries)


def summarise_players(analyses: Iterable[GameAnalysis]) -> tuple[PlayerSummary, ...]:
    """Each player's figures over many games, players known by name (in the order first
    seen; ``player`` is that order): games, own moves, best moves, blunders, marks lost
    and rule breaks added up, so accuracy and mean loss are per move over every game."""
    totals: dict[str, PlayerSummary] = {}
    for analysis in analyses:
        for summary in analysis.summary:
            before = totals.get(summary.name)
            if before is None:
                totals[summary.name] = replace(summary, player=len(totals), games=1)
                continue
            totals[summary.name] = replace(
                before,
                moves=before.moves + summary.moves,
                best_moves=before.best_moves + summary.best_moves,
                blunders=before.blunders + summary.blunders,
                total_loss=before.total_loss + summary.total_loss,
                rule_breaks=before.rule_breaks + summary.rule_breaks,
                games=before.games + 1,
            )
    return tuple(totals.values())


def _move_analysis(
    ply: int, values: PositionValues, move: str, blunder: float, rule_break: str | None
) -> MoveAnalysis:
    loss = values.loss(move)
    return MoveAnalysis(
        ply=ply,
        player=values.to_move,
        move=move,
        value=values.values[move],
        best_value=values.best_value,
        best=values.best,
        loss=loss,
        blunder=rule_break is None and loss >= blunder,
        exact=values.is_exact(move),
        depth=values.depth,
        booked=move in values.booked,
        rule_break=rule_break,
    )


def annotate(
    record: GameRecord,
    analyser: Analyser | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Analyse every move of ``record`` (replayed through the rules first).

    ``on_progress(done, total)`` hears each analysed position. Raises
    ParseError for a record that breaks the rules, PlygroundError for
    another game than adjacency.
    """
    analyser = analyser or Analyser()
    states = record.replay()
    adjacency_state(states[0])
    total = len(record.moves)
    found: dict[int, PositionValues] = {}
    exact = analyser.settings.exact
    for done, ply in enumerate(reversed(range(total)), start=1):
        found[ply] = analyser.position(states[ply], exact=exact)
        exact = exact and found[ply].exact  # unsolved here: earlier positions go to the engine
        if on_progress is not None:
            on_progress(done, total)
    blunder = analyser.settings.blunder
    moves = []
    for ply, played in enumerate(record.moves):
        kind = None if played.rule_break is None else played.rule_break.value
        moves.append(_move_analysis(ply, found[ply], played.move, blunder, kind))
    names = tuple(player.name for player in record.players)
    return GameAnalysis(
        game=record.game,
        start=record.start,
        players=names,
        moves=tuple(moves),
        summary=summarise_moves(moves, names),
        settings=analyser.settings,
        positions=tuple(found[ply] for ply in range(total)),
    )
