"""The adjacency game's evaluation for the game-agnostic searches.

The value of a non-terminal position for the side to move ``p`` (units:
marks, the same units as the final margin) is::

    material                      own marks - opponent marks
  + gain     * my_best_gain       most marks p can flip with its next move
  - threat   * their_best_gain    most marks the opponent could flip if it moved now
  - exposure * (my_exposed - their_exposed)
                                  marks next to an empty cell, which a move there can flip
  + tempo                         the mover places a mark next: +1 when plies remain

One ply before the end (``plies_left == 1``) the value is exact:
``material + 1 + 2 * my_best_gain``. Raw material ignores whose turn it is and
which marks are about to be taken; these terms add exactly that, and cost a
few bit operations (:mod:`plyground.games.adjacency.bits`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plyground.core.errors import SettingsError
from plyground.core.evaluation import (
    Evaluator,
    FlatWeights,
    TunableWeight,
    declared_weights,
    weight,
)
from plyground.core.game import Game, Move, State
from plyground.games.adjacency.bits import best_gain, cells_by_gain, neighbourhood
from plyground.games.adjacency.rules import AdjacencyState, X

__all__ = [
    "LEARNED_BY_DEFAULT",
    "LONG_GAME_WEIGHTS",
    "AdjacencyEvaluator",
    "AdjacencyWeights",
    "default_weights",
    "learned_by_default",
    "make_evaluator",
    "make_search_evaluator",
]


@dataclass(frozen=True)
class AdjacencyWeights(FlatWeights):
    """Weights of the evaluation terms (see the module docstring), each with the
    range ``plyground tune`` searches."""

    GAME = "adjacency"

    gain: float = weight(2.0, 0.0, 4.0, "marks per mark the mover can flip with its next move")
    threat: float = weight(1.0, 0.0, 3.0, "marks per mark the opponent could flip if it moved")
    exposure: float = weight(
        0.25, -1.0, 1.0, "marks per own mark next to an empty cell, minus the opponent's"
    )
    tempo: float = weight(0.5, -1.0, 2.0, "marks for having the move")


LONG_GAME_WEIGHTS = AdjacencyWeights(gain=0.2832, threat=0.0669, exposure=0.9787, tempo=0.0568)
"""Weights tuned by ``plyground tune`` for 28-round games (docs/tuning.md)."""


def default_weights(game: Game) -> AdjacencyWeights:
    """The measured best default weights for ``game``.

    Games that fill more than half of the empty cells (2 x rounds > empty / 2:
    15 rounds or more on 8x8) use :data:`LONG_GAME_WEIGHTS`, others the
    declared defaults. Paired at depth 4 on 8x8 (tuned against defaults):
    -85 Elo at 8 rounds, +53 [-47, +150] at 12, +158 [+57, +247] at 16,
    +301 [+168, +411] at 20 and +1161 at 28: exposure matters in long games,
    the mover's next gain in short ones.
    """
    settings = game.settings
    size, rounds = int(settings["size"]), int(settings["rounds"])
    empty = size * size - 8
    return LONG_GAME_WEIGHTS if 2 * rounds > empty / 2 else AdjacencyWeights()


class AdjacencyEvaluator(Evaluator):
    """Material plus tempo, gains and exposure; orders moves by flips."""

    def __init__(self, weights: AdjacencyWeights | None = None) -> None:
        self.weights = weights or AdjacencyWeights()

    def evaluate(self, state: State) -> float:
        assert isinstance(state, AdjacencyState)
        size = state.geometry.size
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)
        empty = state.geometry.full & ~(own | theirs)
        material = own.bit_count() - theirs.bit_count()
        my_gain = best_gain(theirs, empty, size)
        if state.plies_left == 1:
            return float(material + 1 + 2 * my_gain)
        w = self.weights
        their_gain = best_gain(own, empty, size)
        near_empty = neighbourhood(empty, size)
        exposed = (own & near_empty).bit_count() - (theirs & near_empty).bit_count()
        return material + w.tempo + w.gain * my_gain - w.threat * their_gain - w.exposure * exposed

    def tunable_weights(self) -> tuple[TunableWeight, ...]:
        """The four weights of :class:`AdjacencyWeights` with their tuning ranges."""
        return declared_weights(AdjacencyWeights)

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Every legal move, most flips first (``moves`` must be all legal moves)."""
        assert isinstance(state, AdjacencyState)
        own, theirs = (state.x, state.o) if state.side == X else (state.o, state.x)
        return cells_by_gain(theirs, state.geometry.full & ~(own | theirs), state.geometry.size)


LEARNED_BY_DEFAULT: frozenset[int] = frozenset({10, 12, 20, 28})
"""Rounds of the 8x8 game where the tree searches' default evaluation is the learned
one (:mod:`~plyground.games.adjacency.patterns`; :func:`make_search_evaluator`): where
it measured stronger at equal time (docs/strength.md; paired games at 0.1 s a move,
SPRT [0, 30] accepting H1: +57 Elo [+23, +92] at 10 rounds, +86 [+46, +130] at 12,
+103 [+59, +150] at 20, and at 28 with its own weights, ``pattern_weights_r28.json``,
from a book of openings that O does not win by itself: +34 [+8, +60]).
Not 8 (solved: the book and the solver play). The planners keep the hand-written one
(with the learned one ``annealing`` lost 2.3 marks a game at 12 rounds)."""


def learned_by_default(game: Game) -> bool:
    """Whether ``game``'s default evaluation is the learned one."""
    size, rounds = int(game.settings["size"]), int(game.settings["rounds"])
    return size == 8 and rounds in LEARNED_BY_DEFAULT


def make_search_evaluator(weights: dict[str, float] | None, game: Game) -> Evaluator:
    """The evaluation of ``game`` for the tree searches (its profile's
    ``search_evaluator``: ``alphabeta``, ``mcts``): without ``weights``, the learned
    one where it is their default (:func:`learned_by_default`), else as
    :func:`make_evaluator`."""
    if weights is None and learned_by_default(game):
        return make_evaluator({"learned": 1.0}, game)
    return make_evaluator(weights, game)


def make_evaluator(weights: dict[str, float] | None, game: Game) -> Evaluator:
    """The evaluation of ``game`` (its profile's ``evaluator``: the planners, the tuner).

    Without ``weights``: the hand-written one with the measured defaults for
    the game's length (:func:`default_weights`). The weight ``learned`` names
    one: ``learned:1`` the learned evaluation (8x8 only), ``learned:0`` the
    hand-written one (with the other weights given, or the defaults).
    Hand-written weights by name mean the hand-written evaluation.
    """
    chosen = dict(weights or {})
    learned = chosen.pop("learned", None)
    if learned not in (None, 0.0, 1.0):
        raise SettingsError(f"weight 'learned' is 1 (the learned evaluation) or 0, not {learned}")
    use_learned = learned == 1.0
    if use_learned:
        if chosen:
            raise SettingsError(
                f"the learned evaluation takes no hand-written weights, got {sorted(chosen)}"
            )
        if int(game.settings["size"]) != 8:
            raise SettingsError(
                f"the learned evaluation is for 8x8 boards; {game.spec} is not (use learned:0)"
            )
        from plyground.games.adjacency.pattern_file import shipped_weights
        from plyground.games.adjacency.patterns import PatternEvaluator

        rounds = int(game.settings["rounds"])
        return PatternEvaluator(shipped_weights(rounds), declared_weights(AdjacencyWeights))
    if not chosen:
        return AdjacencyEvaluator(default_weights(game))
    return AdjacencyEvaluator(AdjacencyWeights.from_dict(chosen))
