"""The pattern evaluation as a linear model: each position's feature counts, for fitting.

A stage's parameters (:data:`~plyground.games.adjacency.patterns.FEATURES`)
flattened in that order are the model's coefficients; :func:`design_matrix`
gives, for many positions at once (numpy), how often each coefficient is
added in each position's value, so that ``design @ coefficients`` is
:func:`~plyground.games.adjacency.patterns.reference_value` for positions with
2 or more plies left (tested). :func:`unflatten` turns fitted coefficients
back into a stage.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from plyground.games.adjacency.patterns import FEATURES, GLOBALS, global_terms, slots

__all__ = ["COEFFICIENTS", "OFFSETS", "design_matrix", "unflatten"]

OFFSETS: dict[str, int] = {}
_at = 0
for _name, (_tables, _entries) in FEATURES.items():
    OFFSETS[_name] = _at
    _at += _tables * _entries
COEFFICIENTS = _at
"""Coefficients of one stage."""

_POWERS8 = 3 ** np.arange(8, dtype=np.int64)
_CORNER_CELLS = [
    [(i if bottom else 7 - i) * 8 + (j if left else 7 - j) for i in range(3) for j in range(3)]
    for bottom, left in ((True, True), (True, False), (False, True), (False, False))
]
_POWERS9 = 3 ** np.arange(9, dtype=np.int64)


def _cells(positions: Sequence[tuple[int, int]]) -> npt.NDArray[np.int64]:
    """(n, 64) cell states: 0 empty, 1 the mover's, 2 the opponent's."""
    shifts = np.arange(64, dtype=np.uint64)
    own = np.array([p[0] & ((1 << 64) - 1) for p in positions], dtype=np.uint64)
    theirs = np.array([p[1] & ((1 << 64) - 1) for p in positions], dtype=np.uint64)
    mine = (own[:, None] >> shifts) & np.uint64(1)
    other = (theirs[:, None] >> shifts) & np.uint64(1)
    return (mine + 2 * other * (1 - mine)).astype(np.int64)


def design_matrix(positions: Sequence[tuple[int, int]]) -> npt.NDArray[np.float64]:
    """(n, COEFFICIENTS): the feature counts of each (own, theirs) position (8x8)."""
    count = len(positions)
    out = np.zeros((count, COEFFICIENTS), dtype=np.float64)
    if count == 0:
        return out
    cells = _cells(positions)
    rows = np.arange(count)
    for n, (own, theirs) in enumerate(positions):
        out[n, : len(GLOBALS)] = (1.0, *global_terms(own, theirs))
    board = cells.reshape(count, 8, 8)
    index = slots()
    for line in range(16):
        line_class = min(line % 8, 7 - line % 8)
        digits = board[:, line, :] if line < 8 else board[:, :, line - 8]
        value = digits @ _POWERS8
        for name in ("edge4", "mid4"):
            base = OFFSETS[name] + line_class * FEATURES[name][1]
            for instance in index[name]:
                np.add.at(out, (rows, base + instance[value]), 1.0)
    for corner in _CORNER_CELLS:
        value = cells[:, corner] @ _POWERS9
        for name in ("corner2x2", "corner2x3"):
            for instance in index[name]:
                np.add.at(out, (rows, OFFSETS[name] + instance[value]), 1.0)
    return out


def unflatten(coefficients: npt.NDArray[np.float64]) -> dict[str, npt.NDArray[np.float64]]:
    """A stage's parameter groups from its flat coefficients."""
    return {
        name: coefficients[OFFSETS[name] : OFFSETS[name] + tables * entries].reshape(
            tables, entries
        )
        for name, (tables, entries) in FEATURES.items()
    }
