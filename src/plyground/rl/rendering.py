"""Pictures of positions for the environments' ``rgb_array`` render mode.

Cheap by design: a board game whose encoding draws a position as planes
(``(rows, columns, planes)``) is painted one square per cell from the first
player's view, the first player's marks dark, the second's light. Games drawn
otherwise (Morris' points, 2048's tiles) render as text only.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from plyground.core.encoding import Encoding
from plyground.core.game import State

__all__ = ["can_picture", "picture"]

CELL = 24
"""Pixels per cell side."""
_BOARD = np.array([222, 184, 135], dtype=np.uint8)
_FIRST = np.array([30, 30, 30], dtype=np.uint8)
_SECOND = np.array([245, 245, 245], dtype=np.uint8)
_GRID = np.array([120, 90, 60], dtype=np.uint8)


def can_picture(encoding: Encoding) -> bool:
    """True when ``encoding`` draws positions as board planes."""
    return len(encoding.shape) == 3 and encoding.shape[2] >= 2


def picture(encoding: Encoding, state: State) -> npt.NDArray[np.uint8]:
    """``state`` as an RGB image (uint8, height x width x 3), the last rank on top."""
    planes = encoding.observe(state, 0)[::-1]
    rows, columns = planes.shape[:2]
    image = np.empty((rows, columns, 3), dtype=np.uint8)
    image[:] = _BOARD
    image[planes[:, :, 0] > 0] = _FIRST
    image[planes[:, :, 1] > 0] = _SECOND
    image = image.repeat(CELL, axis=0).repeat(CELL, axis=1)
    image[::CELL, :] = _GRID
    image[:, ::CELL] = _GRID
    return image
