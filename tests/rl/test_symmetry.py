"""The board's eight symmetries for observations and actions: a turned or mirrored position
is observed, masked and played exactly as the symmetry maps the original."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.encoding import encoding_of
from plyground.core.errors import SettingsError
from plyground.games.adjacency.rules import AdjacencyState
from plyground.rl.symmetry import (
    SYMMETRIES,
    action_image,
    action_image_array,
    augment,
    observation_image,
)
from strategies import adjacency_positions


def mapped(state: AdjacencyState, k: int) -> AdjacencyState:
    """``state`` with every mark moved to the cell symmetry ``k`` takes it to."""
    size = state.size

    def move_bits(mask: int) -> int:
        return sum(1 << action_image(c, k, size) for c in range(size * size) if mask >> c & 1)

    return AdjacencyState(
        state.game, move_bits(state.x), move_bits(state.o), state.side, state.plies_left
    )


@settings(max_examples=60, deadline=None)
@given(adjacency_positions(max_plies=4), st.integers(0, SYMMETRIES - 1))
def test_observations_masks_and_moves_commute_with_each_symmetry(
    state: AdjacencyState, k: int
) -> None:
    encoding = encoding_of(state.game)
    image = mapped(state, k)
    for player in (0, 1):
        assert np.array_equal(
            encoding.observe(image, player), observation_image(encoding.observe(state, player), k)
        )
    assert np.array_equal(encoding.mask(image), action_image_array(encoding.mask(state), k))
    move = state.legal_moves()[0]
    after = image.play(action_image(move, k, state.size))
    assert after == mapped(state.play(move), k)  # the rules see the same game, turned


def test_the_eight_images_are_distinct_and_the_first_is_the_identity() -> None:
    cells = np.arange(36)
    images = {tuple(action_image_array(cells, k)) for k in range(SYMMETRIES)}
    assert len(images) == 8 and tuple(action_image_array(cells, 0)) == tuple(cells)
    observation = np.random.default_rng(0).random((6, 6, 3)).astype(np.float32)
    pairs = augment(observation, cells)
    assert len(pairs) == 8 and np.array_equal(pairs[0][0], observation)
    for k, (turned, values) in enumerate(pairs):
        assert values[action_image(7, k, 6)] == 7
        assert np.array_equal(turned, observation_image(observation, k))


def test_bad_shapes_and_symmetries_are_named() -> None:
    with pytest.raises(SettingsError, match="symmetry 8 is out of range"):
        observation_image(np.zeros((3, 3, 2), np.float32), 8)
    with pytest.raises(SettingsError, match="not square"):
        observation_image(np.zeros((3, 4, 2), np.float32), 1)
    with pytest.raises(SettingsError, match="10 actions are not the cells"):
        action_image_array(np.zeros(10), 1)
