"""The eight symmetries of a square board, for observations and actions alike (docs/rl.md).

A learner augments its data with them: a position turned or mirrored is as
good a position, its best move turned or mirrored the same way. They apply to
the encodings whose observation is a square board of planes, ``(size, size,
planes)`` with cell ``k`` at ``[k // size, k % size]`` and action ``k`` for a
move on cell ``k`` (the adjacency game, tic-tac-toe), and to anything laid out
per action (a mask, a policy's probabilities). Symmetry 0 is the identity, 1-3
the quarter turns, 4-7 the same after a mirror::

    for k in range(SYMMETRIES):
        batch.append((observation_image(obs, k), action_image_array(policy, k)))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.errors import SettingsError

__all__ = [
    "SYMMETRIES",
    "action_image",
    "action_image_array",
    "augment",
    "observation_image",
]

SYMMETRIES = 8
"""The identity, three quarter turns, and the four of them mirrored."""

Array = npt.NDArray[np.generic]


def _board_image(board: npt.NDArray[np.generic], k: int) -> npt.NDArray[np.generic]:
    """Symmetry ``k`` of an array whose first two axes are the board's rows and columns."""
    if not 0 <= k < SYMMETRIES:
        raise SettingsError(f"symmetry {k} is out of range: symmetries are 0-{SYMMETRIES - 1}")
    if board.shape[0] != board.shape[1]:
        raise SettingsError(f"a board of shape {board.shape[:2]} is not square")
    turned = np.rot90(board, k % 4, axes=(0, 1))
    return np.ascontiguousarray(np.flip(turned, axis=1) if k >= 4 else turned)


def observation_image(observation: npt.NDArray[np.float32], k: int) -> npt.NDArray[np.float32]:
    """Observation ``(size, size, planes)`` as symmetry ``k`` shows it."""
    return _board_image(observation, k)  # type: ignore[return-value]


def action_image_array(values: Array, k: int) -> Array:
    """Per-action values (a mask, a policy over ``size * size`` cells) under symmetry ``k``:
    the value of action ``a`` lands on :func:`action_image` of ``a``."""
    size = round(len(values) ** 0.5)
    if size * size != len(values):
        raise SettingsError(f"{len(values)} actions are not the cells of a square board")
    return _board_image(values.reshape(size, size), k).reshape(-1)


def action_image(action: int, k: int, size: int) -> int:
    """The action on the cell that symmetry ``k`` takes cell ``action`` to."""
    cells = np.zeros(size * size, dtype=np.int8)
    cells[action] = 1
    return int(np.flatnonzero(action_image_array(cells, k))[0])


def augment(
    observation: npt.NDArray[np.float32], values: Array
) -> list[tuple[npt.NDArray[np.float32], Array]]:
    """The eight images of a position and its per-action values (a policy target or a
    mask), each pair under the same symmetry."""
    return [
        (observation_image(observation, k), action_image_array(values, k))
        for k in range(SYMMETRIES)
    ]
