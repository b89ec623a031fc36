"""Ridge regression: least squares with a penalty per coefficient (numpy only).

Minimises ``|X w - y|^2 + sum_j penalty_j * w_j^2`` by its normal equations,
``(X^T X + diag(penalty)) w = X^T y``: exact, and quick for the few thousand
coefficients an evaluation's pattern tables have (the matrix to solve is
coefficients x coefficients, whatever the number of samples, and only the
coefficients some sample uses are solved for). Coefficients a
penalty keeps near zero are the patterns the data never showed; a small
penalty on a term (material, the bias) leaves it nearly free.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["choose_penalty", "fit_ridge", "mean_absolute_error"]

Array = npt.NDArray[np.float64]


def fit_ridge(design: Array, targets: Array, penalties: Array) -> Array:
    """The coefficients ``w`` minimising ``|design @ w - targets|^2 + sum(penalties * w**2)``.

    ``design`` is (samples, coefficients), ``targets`` (samples,), ``penalties``
    (coefficients,), every penalty above zero (so the system is solvable even
    for a coefficient no sample uses). Raises ValueError on mismatched shapes.
    """
    samples, coefficients = design.shape
    if targets.shape != (samples,) or penalties.shape != (coefficients,):
        raise ValueError(
            f"ridge: design {design.shape}, targets {targets.shape} and penalties "
            f"{penalties.shape} do not fit together"
        )
    if not (penalties > 0).all():
        raise ValueError("ridge: every penalty must be above zero")
    # A coefficient no sample uses is 0 (its equation is penalty * w = 0): solve for the rest.
    used = np.flatnonzero(np.any(design != 0, axis=0))
    active = design[:, used]
    gram = active.T @ active
    gram[np.diag_indices_from(gram)] += penalties[used]
    solution = np.zeros(coefficients, dtype=np.float64)
    solution[used] = np.linalg.solve(gram, active.T @ targets)
    return solution


def mean_absolute_error(design: Array, targets: Array, coefficients: Array) -> float:
    """The mean absolute difference between ``design @ coefficients`` and ``targets``."""
    if len(targets) == 0:
        return float("nan")
    return float(np.mean(np.abs(design @ coefficients - targets)))


def choose_penalty(
    fitted: tuple[Array, Array],
    validation: tuple[Array, Array],
    base: Array,
    scales: tuple[float, ...],
) -> tuple[float, Array]:
    """Of the penalties ``scale * base``, the scale whose fit on ``fitted`` (design, targets)
    has the least mean absolute error on ``validation``, and that fit."""
    best: tuple[float, float, Array] | None = None
    for scale in scales:
        solution = fit_ridge(fitted[0], fitted[1], base * scale)
        error = mean_absolute_error(validation[0], validation[1], solution)
        if best is None or error < best[0] or not np.isfinite(best[0]):
            best = (error, scale, solution)
    if best is None:
        raise ValueError("ridge: no penalty scales to choose from")
    return best[1], best[2]
