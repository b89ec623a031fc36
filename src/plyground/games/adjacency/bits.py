"""Whole-board bit tricks for the adjacency game (plain Python ints).

The key one is :func:`gain_masks`: shifting the opponent's mask one step in
each of the four directions gives, for every cell, four 1-bit "this
neighbour is theirs" masks; adding them with a bit-sliced adder yields three
masks holding, for every empty cell at once, the 3-bit count of marks a
move there would flip (0 to 4). Move ordering and the evaluation read it.
"""

from __future__ import annotations

import functools

from plyground.games.adjacency.rules import geometry

__all__ = ["best_gain", "cells_by_gain", "gain_masks", "neighbourhood", "shifts"]


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


def gain_masks(theirs: int, empty: int, size: int) -> tuple[int, int, int]:
    """Bit-sliced flip counts: ``(ones, twos, fours)`` over the ``empty`` cells.

    A move on empty cell ``c`` flips ``1*ones[c] + 2*twos[c] + 4*fours[c]`` marks.
    """
    a, b, c, d = shifts(theirs, size)
    a &= empty
    b &= empty
    c &= empty
    d &= empty
    sum_ab, carry_ab = a ^ b, a & b
    sum_cd, carry_cd = c ^ d, c & d
    ones = sum_ab ^ sum_cd
    carry_mid = sum_ab & sum_cd
    half = carry_ab ^ carry_cd
    twos = half ^ carry_mid
    fours = (carry_ab & carry_cd) | (half & carry_mid)
    return ones, twos, fours


def best_gain(theirs: int, empty: int, size: int) -> int:
    """The most marks one move can flip (0 to 4)."""
    ones, twos, fours = gain_masks(theirs, empty, size)
    if fours:
        return 4
    if twos & ones:
        return 3
    if twos:
        return 2
    return 1 if ones else 0


def cells_by_gain(theirs: int, empty: int, size: int) -> list[int]:
    """Empty cells ordered by how many marks a move there flips, most first.

    Within one gain, cells come in index order. No sorting: the masks are
    walked from gain 4 down to gain 0.
    """
    ones, twos, fours = gain_masks(theirs, empty, size)
    groups = (
        fours,
        twos & ones,
        twos & ~ones,
        ones & ~twos & ~fours,
        empty & ~(ones | twos | fours),
    )
    order: list[int] = []
    for group in groups:
        rest = group
        while rest:
            low = rest & -rest
            order.append(low.bit_length() - 1)
            rest ^= low
    return order
