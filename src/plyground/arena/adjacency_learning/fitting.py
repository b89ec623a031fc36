"""Fitting the pattern evaluation: one weight set per stage of plies left, by ridge.

For each stage (:data:`STAGES`) the labelled positions of the training games
are fitted by :func:`~plyground.algorithms.learning.ridge.fit_ridge`; the
penalty is chosen among :data:`PENALTY_SCALES` by the error on a validation
part of the training games (one game in eight), then the stage is refitted on
all of them. The held-out games (``test``) are never fitted: their mean
absolute error, in marks, is the figure reported, beside the hand-written
evaluation's (the measured defaults for the game's length) and plain
material's on the same positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from plyground.algorithms.learning.ridge import choose_penalty, fit_ridge, mean_absolute_error
from plyground.arena.adjacency_learning.games import ROUNDS
from plyground.arena.adjacency_learning.store import Labelled
from plyground.games import load_game
from plyground.games.adjacency.evaluation import AdjacencyEvaluator, default_weights
from plyground.games.adjacency.pattern_design import COEFFICIENTS, OFFSETS, design_matrix, unflatten
from plyground.games.adjacency.patterns import FEATURES, GLOBALS, PatternWeights
from plyground.games.adjacency.rules import AdjacencyState, X, parse_position

__all__ = [
    "FEATURE_SETS",
    "PENALTY_SCALES",
    "STAGES",
    "StageFit",
    "fit_stage",
    "fit_stages",
    "plot_errors",
    "weights_of",
]

STAGES: tuple[tuple[int, int], ...] = tuple((p, p) for p in range(2, 57))
"""Stages by plies left: one per ply, 2 to 56 (28 rounds on 8x8). Not wider: who makes
the last move decides much of a position's value (plain material's error alternates
between about 1.5 and 5 marks from one ply to the next), and a stage of four plies
mixing both parities fitted 13-16 plies left to 2.5 marks where its neighbours
fitted 0.5."""
FEATURE_SETS: dict[str, tuple[str, ...] | None] = {
    "all": None,
    "globals": ("globals",),
}
"""What ``fit --features`` may fit: every parameter group, or the global terms alone."""
PENALTY_SCALES = (1.0, 3.0, 10.0, 30.0, 100.0, 300.0)
GLOBAL_PENALTY = 1e-3
"""The globals (bias, material, gains, exposure) are nearly free."""
LEAST = 40
"""A stage is fitted only with at least this many training positions."""


@dataclass(frozen=True)
class StageFit:
    """One stage's fit and its errors (marks; NaN where no position)."""

    plies: tuple[int, int]
    train: int
    test: int
    penalty: float
    train_error: float
    test_error: float
    handwritten_error: float
    material_error: float
    coefficients: npt.NDArray[np.float64]


def _masks(state: AdjacencyState) -> tuple[int, int]:
    return (state.x, state.o) if state.side == X else (state.o, state.x)


def _validation(seed: int) -> bool:
    return (seed // len(ROUNDS)) % 8 == 1


def _penalties(scale: float) -> npt.NDArray[np.float64]:
    penalties = np.full(COEFFICIENTS, scale)
    penalties[OFFSETS["globals"] : OFFSETS["globals"] + len(GLOBALS)] = GLOBAL_PENALTY
    return penalties


def _handwritten(states: Sequence[AdjacencyState], games: Sequence[str]) -> npt.NDArray[np.float64]:
    evaluators: dict[str, AdjacencyEvaluator] = {}
    values = []
    for state, spec in zip(states, games, strict=True):
        if spec not in evaluators:
            evaluators[spec] = AdjacencyEvaluator(default_weights(load_game(spec)))
        values.append(evaluators[spec].evaluate(state))
    return np.array(values, dtype=np.float64)


def fit_stage(
    plies: tuple[int, int], rows: Sequence[Labelled], groups: Sequence[str] | None = None
) -> StageFit | None:
    """Fit one stage on its labelled positions (None with too few training ones); with
    ``groups``, only those parameter groups (the others stay 0: to measure what pays)."""
    train = [r for r in rows if r.split == "train"]
    test = [r for r in rows if r.split == "test"]
    if len(train) < LEAST:
        return None
    states = {r.position: parse_position(r.position) for r in rows}
    matrix = design_matrix([_masks(states[r.position]) for r in rows])
    if groups is not None:
        for name, (tables, entries) in FEATURES.items():
            if name not in groups:
                matrix[:, OFFSETS[name] : OFFSETS[name] + tables * entries] = 0.0
    design = {r.position: row for r, row in zip(rows, matrix, strict=True)}

    def arrays(part: Sequence[Labelled]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        if not part:
            return np.zeros((0, COEFFICIENTS)), np.zeros(0)
        return np.stack([design[r.position] for r in part]), np.array([r.value for r in part])

    fitted = arrays([r for r in train if not _validation(r.seed)])
    checked = arrays([r for r in train if _validation(r.seed)])
    if len(checked[1]) >= 10:
        scale, _ = choose_penalty(fitted, checked, _penalties(1.0), PENALTY_SCALES)
    else:
        scale = 3.0
    everything = arrays(train)
    coefficients = fit_ridge(everything[0], everything[1], _penalties(scale))
    held = arrays(test)
    if test:
        hand = _handwritten([states[r.position] for r in test], [r.game for r in test])
        hand_error = float(np.mean(np.abs(hand - held[1])))
        material = held[0][:, OFFSETS["globals"] + 1]
        material_error = float(np.mean(np.abs(material - held[1])))
    else:
        hand_error = material_error = float("nan")
    return StageFit(
        plies=plies,
        train=len(train),
        test=len(test),
        penalty=scale,
        train_error=mean_absolute_error(everything[0], everything[1], coefficients),
        test_error=mean_absolute_error(held[0], held[1], coefficients),
        handwritten_error=hand_error,
        material_error=material_error,
        coefficients=coefficients,
    )


def fit_stages(
    labelled: Iterable[Labelled],
    stages: Sequence[tuple[int, int]] = STAGES,
    groups: Sequence[str] | None = None,
) -> tuple[list[StageFit], PatternWeights | None]:
    """Fit every stage that has enough labels (with ``groups`` only, when given); the fits
    and the weights of those stages."""
    by_stage: dict[tuple[int, int], list[Labelled]] = {span: [] for span in stages}
    for row in labelled:
        for span in stages:
            if span[0] <= row.plies_left <= span[1]:
                by_stage[span].append(row)
    fits = [fit for span in stages if (fit := fit_stage(span, by_stage[span], groups)) is not None]
    return fits, weights_of(fits)


def weights_of(fits: Sequence[StageFit]) -> PatternWeights | None:
    """The weights of these stages' fits, fewest plies first (None without any)."""
    if not fits:
        return None
    ordered = sorted(fits, key=lambda fit: fit.plies)
    return PatternWeights(
        tuple(fit.plies for fit in ordered), tuple(unflatten(fit.coefficients) for fit in ordered)
    )


def plot_errors(fits: Sequence[StageFit], path: str) -> None:
    """A PNG of the held-out error per stage: learned, hand-written and material."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    middle = [(fit.plies[0] + fit.plies[1]) / 2 for fit in fits]
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axes.plot(middle, [f.test_error for f in fits], "o-", label="learned (held out)")
    axes.plot(middle, [f.train_error for f in fits], ".:", label="learned (fitted)")
    axes.plot(middle, [f.handwritten_error for f in fits], "s--", label="hand-written (held out)")
    axes.plot(middle, [f.material_error for f in fits], "x:", label="material (held out)")
    axes.set_xlabel("plies left (stage)")
    axes.set_ylabel("mean absolute error (marks)")
    axes.set_title("Adjacency 8x8: evaluation error against the labels, per stage")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
