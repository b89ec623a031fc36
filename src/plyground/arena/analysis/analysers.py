"""Which games are analysed: those whose profile names an analyser.

A game's profile names its analyser (``analyser``,
:class:`~plyground.core.profile.GameProfile`): the class that values its
positions' moves and marks a game's blunders, for the page's analysis board
and a review's annotations. Two games have one: the adjacency game
(:mod:`plyground.arena.adjacency_analysis.game_analyser`: final margins X - O
in marks, exact where a solve fits) and 2048
(:mod:`plyground.arena.g2048_analysis.game_analyser`: expected points by a
learned network); the others refuse analysis with a message that names the
games that have it. (The CLI's ``analyse`` calls the two games' analyses
directly.)

The target is a class that keeps the :class:`GameAnalyser` contract, so that
a front end (the web workers' analysis job) reaches it by the game's name
alone, through :func:`make_analyser`, and names no game. Its JSON says in
its own words what a value is (``scale``, below), so the page words and
draws the values of either game without knowing which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from plyground.arena.records.record import GameRecord
from plyground.core.errors import PlygroundError
from plyground.core.game import Game, State
from plyground.core.registry import load_target
from plyground.games import game_names, game_profile

__all__ = ["GameAnalyser", "analysed_games", "is_analysed", "make_analyser"]


@runtime_checkable
class GameAnalyser(Protocol):
    """What a game's analyser offers a front end: values as JSON, for a position or a game.

    The class a profile names builds one with ``for_budget(seconds, blunder)``:
    ``seconds`` per position, ``blunder`` the loss from which a move is a blunder (None:
    the analyser's own threshold, which only the game knows).
    One analyser keeps its tables between positions; one position at a time.

    A position's JSON holds ``position``, ``to_move`` (who chooses), ``values`` (move text
    -> value), ``best`` (the best moves), ``best_value``, ``source`` and ``depth`` (how the
    values were found), ``booked`` (moves proved by a book; may be empty), optionally
    ``valued_by`` (the source in words, for the legend), and ``scale``, what a value is:
    ``unit`` (plural: ``marks``, ``points``), ``label`` (short: ``X − O``), ``measure``
    (what a value measures, for a sentence), ``signed`` (written with a sign),
    ``from_first`` (the first player's view: the second player wants it low, else the
    mover's: more is better) and ``places`` (decimals worth showing). A game's JSON holds
    ``moves`` (each with its ``ply``, ``move``, ``value``, ``best_value``, ``best``,
    ``loss``, ``blunder``, ``source``, ``depth``, ``rule_break``), ``worst`` (plies),
    ``summary`` (per player: ``accuracy``, ``mean_loss``, ``blunders``...),
    ``settings`` (``time``, ``blunder``), ``scale``, ``how`` (a sentence on how the moves
    were valued) and ``exact_moves``.
    """

    check: Callable[[], None]
    """Called before each position: raises to stop the analysis there (a no-op by default)."""

    def warm_up(self, game: Game) -> None:
        """Load kernels and make tables for ``game`` now, so that no budget pays for them."""

    def position_json(self, state: State) -> dict[str, Any]:
        """Every legal move's value in ``state``; PlygroundError if it cannot be analysed."""

    def game_json(
        self, record: GameRecord
    ) -> tuple[dict[str, Any], Sequence[dict[str, Any] | None]]:
        """A played game's analysis, and each of its positions' values (one a ply; None for
        a position that is no decision, such as a chance node's)."""


def is_analysed(game_name: str) -> bool:
    """Whether game ``game_name``'s profile names an analyser."""
    return game_profile(game_name).analyser is not None


def analysed_games() -> tuple[str, ...]:
    """The names of the games that have an analyser, for messages naming them."""
    return tuple(name for name in game_names() if is_analysed(name))


def make_analyser(game_name: str, *, seconds: float, blunder: float | None) -> GameAnalyser:
    """The analyser game ``game_name``'s profile names, for ``seconds`` per position and
    ``blunder``; PlygroundError naming the analysed games when it has none."""
    target = game_profile(game_name).analyser
    if target is None:
        raise PlygroundError(
            f"analysis is available for {', '.join(analysed_games())}, not for {game_name}"
        )
    analyser: GameAnalyser = load_target(target).for_budget(seconds, blunder)
    return analyser
