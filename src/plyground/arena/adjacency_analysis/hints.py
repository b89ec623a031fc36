"""The adjacency game's hints: the analysis's best moves, by the book, a solve or the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plyground.bots.hints import HINT_SECONDS, GameHint, HintSource
from plyground.core.game import Game, State

if TYPE_CHECKING:  # the analysis loads numba: imported when first used
    from plyground.arena.adjacency_analysis.analyser import Analyser

__all__ = ["AnalysisHints"]


class AnalysisHints(HintSource):
    """The adjacency game's hints: the analysis's best moves, by the book, a solve or the
    engine, in two stages of half the time each."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self._analyser: Analyser | None = None

    def analyser(self) -> Analyser:
        """The analysis answering the hints, made at its first use."""
        from plyground.arena.adjacency_analysis.analyser import Analyser, AnalysisSettings

        if self._analyser is None:
            stage = min(self.seconds / 2, HINT_SECONDS)  # a solve, then the engine: both fit
            self._analyser = Analyser(AnalysisSettings(time=stage))
        return self._analyser

    def prepare(self, game: Game) -> None:
        self.analyser().warm_up(game)

    def hint(self, state: State) -> GameHint:
        hint = self.analyser().best_moves(state)
        facts = (("Best moves", hint.best_text()), ("Value (X − O)", hint.value_text),
                 ("By", hint.known_by), ("Time", f"{hint.seconds:.2f} s"))  # fmt: skip
        return GameHint(hint.best, facts)
