"""The adjacency game's analyser as the profile names it, for front ends that name no game.

:class:`AdjacencyAnalyser` is the :class:`~plyground.arena.adjacency_analysis.analyser.Analyser`
with the contract of :class:`~plyground.arena.analysis.analysers.GameAnalyser`: made from a
budget, its answers as JSON, a game's through
:func:`~plyground.arena.adjacency_analysis.annotation.annotate`, each with its ``scale``
(a value is the final margin X - O, in marks: :data:`SCALE`) and a game's with ``how``,
the sentence on how its moves were valued.
"""

from __future__ import annotations

from typing import Any

from plyground.arena.adjacency_analysis.analyser import Analyser, AnalysisSettings
from plyground.arena.adjacency_analysis.annotation import annotate
from plyground.arena.records.record import GameRecord
from plyground.core.game import State

__all__ = ["SCALE", "AdjacencyAnalyser"]

SCALE: dict[str, Any] = {
    "unit": "marks",
    "label": "X \u2212 O",
    "measure": "the final margin X \u2212 O",
    "signed": True,
    "from_first": True,
    "places": 2,
}
"""What a value is, for the page's words (the ``scale`` of
:class:`~plyground.arena.analysis.analysers.GameAnalyser`)."""


class AdjacencyAnalyser(Analyser):
    """An :class:`Analyser` that keeps the game-neutral analyser contract."""

    @classmethod
    def for_budget(cls, seconds: float, blunder: float | None) -> AdjacencyAnalyser:
        """An analyser of ``seconds`` per position whose blunders lose ``blunder`` marks (None:
        :data:`~plyground.arena.adjacency_analysis.analyser.BLUNDER_MARKS`)."""
        if blunder is None:
            return cls(AnalysisSettings(time=seconds))
        return cls(AnalysisSettings(time=seconds, blunder=blunder))

    def position_json(self, state: State) -> dict[str, Any]:
        """:meth:`position` as JSON."""
        return {**self.position(state).to_dict(), "scale": SCALE}

    def game_json(self, record: GameRecord) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The game's analysis and each of its positions' values, as JSON."""
        analysis = annotate(record, self)
        exact, total = analysis.exact_moves, len(analysis.moves)
        how = (
            f"Every move ({total}) valued exactly"
            if exact == total
            else f"{exact} of {total} moves valued exactly, the others by the engine"
        )
        positions = [{**values.to_dict(), "scale": SCALE} for values in analysis.positions]
        return {**analysis.to_dict(), "scale": SCALE, "how": how}, positions
