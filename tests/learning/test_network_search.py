"""The network as the compiled search's evaluation, against plain references: the packed
value and tile-downgrading on arbitrary boards, and the expectimax values (points plus the
network's value of the afterstates below) on small boards."""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.games.g2048.kernel import board_to_int
from plyground.games.g2048.network_value import (
    PackedNetwork,
    downgraded,
    reference_downgraded,
)
from plyground.games.g2048.ntuple import NTupleNetwork, reference_features
from plyground.games.g2048.rules import Board, slide
from plyground.games.g2048.search import G2048Search

NETWORK = NTupleNetwork.parse("0123 4567 0145 159d", "2048")
boards = st.tuples(*[st.integers(0, 15)] * 16)


@functools.cache
def _values() -> npt.NDArray[np.float32]:
    rng = np.random.default_rng(11)
    return (100 * rng.standard_normal(NETWORK.size)).astype(np.float32)


def _reference_value(board: Board, downgrade: int) -> float:
    board = reference_downgraded(board, downgrade) if downgrade else board
    return float(np.sum(_values()[reference_features(board, NETWORK)], dtype=np.float64))


@settings(max_examples=200, deadline=None)
@given(board=boards, threshold=st.integers(1, 16))
def test_downgrading_agrees_with_the_reference(board: Board, threshold: int) -> None:
    expected = board_to_int(reference_downgraded(board, threshold))
    assert downgraded(board_to_int(board), threshold) == expected


@settings(max_examples=150, deadline=None)
@given(board=boards, downgrade=st.sampled_from([0, 2048, 16384]))
def test_the_packed_value_agrees_with_the_reference(board: Board, downgrade: int) -> None:
    packed = PackedNetwork(NETWORK, _values(), downgrade)
    exponent = downgrade.bit_length() - 1 if downgrade else 0
    expected = _reference_value(board, exponent)
    assert packed.value(board_to_int(board)) == pytest.approx(expected, rel=1e-6, abs=1e-3)


def _chance(board: Board, depth: int) -> float:
    """Expected value of an afterstate with ``depth`` moves left: the reference."""
    if depth == 0:
        return _reference_value(board, 0)
    empty = [cell for cell, exponent in enumerate(board) if exponent == 0]
    total = 0.0
    for cell in empty:
        for exponent, weight in ((1, 0.9), (2, 0.1)):
            spawned = (*board[:cell], exponent, *board[cell + 1 :])
            options = [_move(spawned, move, depth) for move in range(4)]
            found = [value for value in options if value is not None]
            best = max(found) if found else 0.0
            total += weight / len(empty) * best
    return total


def _move(board: Board, move: int, depth: int) -> float | None:
    after, points = slide(board, move)
    if after == board:
        return None
    return points + _chance(after, depth - 1)


small_boards = st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 4, 11, 12]), min_size=16, max_size=16)


@settings(max_examples=25, deadline=None)
@given(cells=small_boards, depth=st.integers(1, 2))
def test_the_search_values_agree_with_the_reference(cells: list[int], depth: int) -> None:
    board = tuple(cells)
    search = G2048Search(table_entries=0, network=PackedNetwork(NETWORK, _values()))
    got = search.values(board_to_int(board), depth)
    assert got is not None
    for move in range(4):
        expected = _move(board, move, depth)
        if expected is None:
            assert got[move] == -np.inf
        else:
            assert got[move] == pytest.approx(expected, rel=1e-6, abs=1e-3)
