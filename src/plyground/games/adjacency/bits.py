"""Whole-board bit tricks for the adjacency game (plain Python ints).

The key one is :func:`gain_masks`: shifting the opponent's mask one step in
each of the four directions gives, for every cell, four 1-bit "this
neighbour is theirs" masks; adding them with a bit-sliced adder
(:func:`bit_sliced_sum`) yields three masks holding, for every empty cell at
once, the 3-bit count of marks a move there would flip (0 to 4), which
:func:`gain_group` decodes. Move ordering and the evaluation read it.

This module is the readable reference of the compiled kernels
(:mod:`~plyground.games.adjacency.kernels`): they are tested against it
(tests/adjacency_engine/test_kernels.py), and the two pure pieces,
:func:`bit_sliced_sum` and :func:`gain_group`, are the kernels' own, compiled
there, so the counts are added and decoded in one place.
"""

from __future__ import annotations

import functools

from plyground.games.adjacency.rules import geometry

__all__ = [
    "best_gain",
    "bit_sliced_sum",
    "cells_by_gain",
    "gain_group",
    "gain_masks",
    "neighbourhood",
    "shifts",
]


@functools.cache
def _edges(size: int) -> tuple[int, int, int]:
    """(full mask, mask without column a, mask without the last column)."""
    full = geometry(size).full
    col_a = sum(1 << (row * size) for row in range(size))
    col_last = col_a << (size - 1)
    return full, full & ~col_a, full & ~col_last


def shifts(mask: int, size: int) -> tuple[int, int, int, int]:
    """``mask`` moved one cell up, down, right and left (bits falling off the board dropped)."""
    full, not_a, not_last = _edges(size)
    return (
        (mask << size) & full,
        mask >> size,
        (mask << 1) & not_a,
        (mask >> 1) & not_last,
    )


def neighbourhood(mask: int, size: int) -> int:
    """Every cell orthogonally adjacent to a cell of ``mask``."""
    up, down, right, left = shifts(mask, size)
    return up | down | right | left


def bit_sliced_sum(a: int, b: int, c: int, d: int) -> tuple[int, int, int]:
    """``(ones, twos, fours)``: for every bit, how many of the four masks set it (0 to 4).

    Two half adders, then one more on their sums, all bits at once. Plain
    integer operations only: the kernels compile this very function.
    """
    sum_ab, carry_ab = a ^ b, a & b
    sum_cd, carry_cd = c ^ d, c & d
    ones = sum_ab ^ sum_cd
    carry_mid = sum_ab & sum_cd
    half = carry_ab ^ carry_cd
    twos = half ^ carry_mid
    fours = (carry_ab & carry_cd) | (half & carry_mid)
    return ones, twos, fours


def gain_group(gain: int, ones: int, twos: int, fours: int) -> int:
    """The cells of :func:`gain_masks`' output where a move flips exactly ``gain`` marks (1-4).

    The one decoding of the bit-sliced counts (the kernels compile this very
    function): every walk goes from 4 down to 1, and gain 0 is the empty
    cells outside all three masks.
    """
    if gain == 4:
        return fours
    if gain == 3:
        return twos & ones
    if gain == 2:
        return twos & ~ones
    return ones & ~twos & ~fours


def gain_masks(theirs: int, empty: int, size: int) -> tuple[int, int, int]:
    """Bit-sliced flip counts: ``(ones, twos, fours)`` over the ``empty`` cells.

    A move on empty cell ``c`` flips ``1*ones[c] + 2*twos[c] + 4*fours[c]`` marks.
    """
    up, down, right, left = shifts(theirs, size)
    return bit_sliced_sum(up & empty, down & empty, right & empty, left & empty)


def best_gain(theirs: int, empty: int, size: int) -> int:
    """The most marks one move can flip (0 to 4)."""
    ones, twos, fours = gain_masks(theirs, empty, size)
    return next((gain for gain in range(4, 0, -1) if gain_group(gain, ones, twos, fours)), 0)


def cells_by_gain(theirs: int, empty: int, size: int) -> list[int]:
    """Empty cells ordered by how many marks a move there flips, most first.

    Within one gain, cells come in index order. No sorting: the masks are
    walked from gain 4 down to gain 0.
    """
    ones, twos, fours = gain_masks(theirs, empty, size)
    groups = [gain_group(gain, ones, twos, fours) for gain in range(4, 0, -1)]
    groups.append(empty & ~(ones | twos | fours))
    order: list[int] = []
    for group in groups:
        rest = group
        while rest:
            low = rest & -rest
            order.append(low.bit_length() - 1)
            rest ^= low
    return order
