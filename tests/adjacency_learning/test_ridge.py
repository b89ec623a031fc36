"""Ridge least squares (plyground.algorithms.learning.ridge) on small known problems."""

from __future__ import annotations

import numpy as np
import pytest

from plyground.algorithms.learning.ridge import choose_penalty, fit_ridge, mean_absolute_error


def test_a_tiny_penalty_recovers_known_coefficients() -> None:
    rng = np.random.default_rng(3)
    design = rng.normal(size=(200, 6))
    known = np.array([1.5, -2.0, 0.25, 0.0, 3.0, -0.7])
    found = fit_ridge(design, design @ known, np.full(6, 1e-9))
    assert found == pytest.approx(known, abs=1e-6)


def test_a_coefficient_no_sample_uses_is_zero() -> None:
    design = np.array([[1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    found = fit_ridge(design, np.array([2.0, 4.0, 6.0]), np.array([1e-9, 1.0]))
    assert found[1] == 0.0
    assert found[0] == pytest.approx(2.0)


def test_the_penalty_chosen_on_validation_beats_no_penalty_on_noisy_data() -> None:
    rng = np.random.default_rng(5)
    known = rng.normal(size=40) * (rng.random(40) < 0.2)  # few coefficients matter
    design = rng.normal(size=(60, 40))
    targets = design @ known + rng.normal(scale=2.0, size=60)
    check = rng.normal(size=(400, 40))
    truth = check @ known
    scale, chosen = choose_penalty(
        (design[:45], targets[:45]), (design[45:], targets[45:]), np.ones(40), (1e-6, 1, 10, 100)
    )
    loose = fit_ridge(design, targets, np.full(40, 1e-6))
    assert scale > 1e-6
    assert mean_absolute_error(check, truth, chosen) < mean_absolute_error(check, truth, loose)


def test_mismatched_shapes_and_zero_penalties_are_refused() -> None:
    with pytest.raises(ValueError, match="do not fit together"):
        fit_ridge(np.zeros((3, 2)), np.zeros(4), np.ones(2))
    with pytest.raises(ValueError, match="above zero"):
        fit_ridge(np.zeros((3, 2)), np.zeros(3), np.array([1.0, 0.0]))
