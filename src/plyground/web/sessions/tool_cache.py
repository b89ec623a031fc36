"""What a game's tools and analysis keep: the tool at work, the tools' last results, and
the analysis's answers (a position's values by its text, the game's by its moves).

Changed only through :class:`ToolCache`'s methods (:mod:`plyground.web.sessions.tools`,
:mod:`plyground.web.sessions.analysis`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ToolCache"]


class ToolCache:
    """A game's tool at work, its tools' last results and its analysis's answers."""

    def __init__(self) -> None:
        self.running: str | None = None
        """The tool at work (one at a time), or None."""
        self.results: list[dict[str, Any]] = []
        """The tools' last results, oldest first."""
        self._positions: dict[str, dict[str, Any]] = {}
        self._game: tuple[tuple[str, ...], dict[str, Any]] | None = None

    def start(self, name: str) -> None:
        """Tool ``name`` is at work."""
        self.running = name

    def stop(self) -> None:
        """No tool is at work."""
        self.running = None

    def keep(self, result: dict[str, Any], most: int) -> list[dict[str, Any]]:
        """Keep ``result`` among the last ``most``; returns the results before it, for
        :meth:`restore` when its moves cannot be played."""
        before = self.results
        self.results = [*before, result][-most:]
        return before

    def restore(self, results: list[dict[str, Any]]) -> None:
        """Put back the results :meth:`keep` returned."""
        self.results = results

    def position_values(self, text: str) -> dict[str, Any] | None:
        """The analysis's values of the position ``text``, if kept."""
        return self._positions.get(text)

    def keep_position_values(self, text: str, values: dict[str, Any], most: int) -> None:
        """Keep a position's values, forgetting the oldest past ``most`` positions."""
        self._positions[text] = values
        while len(self._positions) > most:
            self._positions.pop(next(iter(self._positions)))

    def game_analysis(self, moves: tuple[str, ...]) -> dict[str, Any] | None:
        """The analysis of the game's ``moves``, if kept for exactly those moves."""
        if self._game is None or self._game[0] != moves:
            return None
        return self._game[1]

    def keep_game_analysis(self, moves: tuple[str, ...], result: dict[str, Any]) -> None:
        self._game = (moves, result)
