"""The compiled n-tuple features and values of 2048 boards against the plain reference,
over arbitrary boards (any exponent 0-15 in any cell, not only reachable ones)."""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.errors import SettingsError
from plyground.games.g2048.kernel import board_to_int
from plyground.games.g2048.ntuple import (
    DEFAULT_NETWORK,
    SYMMETRIES,
    NTupleNetwork,
    board_stage,
    board_value,
    features,
    features_value,
    parse_stages,
    parse_tuples,
    reference_features,
    reference_stage,
    symmetric_board,
)

boards = st.tuples(*[st.integers(0, 15)] * 16)
NETWORKS = [
    NTupleNetwork.parse(DEFAULT_NETWORK),
    NTupleNetwork.parse("0123 4567 0145 159d", "1024 16384"),
    NTupleNetwork.parse("f 5a 37bc"),
]


@functools.cache
def _weights(network: NTupleNetwork) -> npt.NDArray[np.float32]:
    """Distinct-looking weights for the small networks (made once)."""
    return np.random.default_rng(7).standard_normal(network.size).astype(np.float32)


def test_the_symmetries_are_the_eight_of_the_square() -> None:
    board = tuple(range(16))
    images = {symmetric_board(board, s) for s in range(8)}
    assert len(images) == 8
    assert SYMMETRIES[0] == board
    for s in range(8):  # closed under composition: a group
        for r in range(8):
            composed = tuple(SYMMETRIES[s][c] for c in SYMMETRIES[r])
            assert composed in set(SYMMETRIES)
    rotated = symmetric_board(board, 1)  # one quarter turn clockwise: bottom-left to top-left
    assert rotated[0] == 12 and rotated[3] == 0


@pytest.mark.parametrize("network", NETWORKS, ids=lambda n: n.text)
@settings(max_examples=150, deadline=None)
@given(board=boards)
def test_features_agree_with_the_reference(network: NTupleNetwork, board: tuple[int, ...]) -> None:
    net = network.features()
    out = np.zeros(network.feature_count, dtype=np.int64)
    value = board_to_int(board)
    stage = board_stage(value, net)
    assert stage == reference_stage(board, network.stages)
    count = features(value, net, stage * net.stage_size, out.ctypes.data)
    assert count == network.feature_count
    assert sorted(out.tolist()) == sorted(reference_features(board, network))


@pytest.mark.parametrize("network", NETWORKS[1:], ids=lambda n: n.text)
@settings(max_examples=100, deadline=None)
@given(board=boards)
def test_values_agree_with_the_reference(network: NTupleNetwork, board: tuple[int, ...]) -> None:
    net = network.features()
    value = board_to_int(board)
    stage = board_stage(value, net)
    weights = _weights(network)
    expected = float(np.sum(weights[reference_features(board, network)], dtype=np.float64))
    got = board_value(weights.ctypes.data, value, net, stage * net.stage_size)
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("network", NETWORKS[1:], ids=lambda n: n.text)
@settings(max_examples=100, deadline=None)
@given(board=boards)
def test_the_value_from_the_indices_is_the_value_to_the_last_bit(
    network: NTupleNetwork, board: tuple[int, ...]
) -> None:
    """The learner reads a board's indices once and sums their weights (features_value):
    the sum must be board_value's exactly, or seeded runs would learn otherwise."""
    net = network.features()
    value = board_to_int(board)
    base = board_stage(value, net) * net.stage_size
    weights = _weights(network)
    out = np.zeros(network.feature_count, dtype=np.int64)
    features(value, net, base, out.ctypes.data)
    got = features_value(weights.ctypes.data, out.ctypes.data, net.tuples)
    assert got == board_value(weights.ctypes.data, value, net, base)


@settings(max_examples=60, deadline=None)
@given(board=boards, symmetry=st.integers(0, 7))
def test_a_network_values_every_symmetric_image_alike(
    board: tuple[int, ...], symmetry: int
) -> None:
    network = NETWORKS[1]
    net = network.features()
    weights = _weights(network)
    image = symmetric_board(board, symmetry)
    values = []
    for b in (board, image):
        value = board_to_int(b)
        base = board_stage(value, net) * net.stage_size
        values.append(board_value(weights.ctypes.data, value, net, base))
    assert values[0] == pytest.approx(values[1], rel=1e-6, abs=1e-4)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0123 4564", "names cell 4 twice"),
        ("01g3", "hex digits"),
        ("", "at least one tuple"),
        ("012345678", "at most 8"),
    ],
)
def test_bad_tuples_are_refused_with_a_sentence(text: str, words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        parse_tuples(text)


def test_stages_are_increasing_tiles() -> None:
    assert parse_stages("2048 16384") == (11, 14)
    for bad in ("3000", "16384 2048", "65536", "2"):
        with pytest.raises(SettingsError):
            parse_stages(bad)
