"""Compiled Morris board work for the search (:mod:`plyground.games.morris.search`).

numba kernels over the same 24-bit masks as :mod:`plyground.games.morris.board`,
from the mover's side (``own``, ``theirs``):

* :func:`generate`: every legal move, encoded exactly as
  :func:`plyground.games.morris.rules.encode` does (placing, moving, flying,
  and one move per man that may be taken when a mill closes), found by
  precomputed neighbour and mill masks;
* :func:`child_status`: whether the position after a move has ended (the
  opponent has two men or cannot move: a win for the mover) by the rules of
  :class:`~plyground.games.morris.rules.MorrisState`;
* :func:`evaluate`: :meth:`MorrisEvaluator.evaluate
  <plyground.games.morris.evaluation.MorrisEvaluator.evaluate>`, term for
  term and in the same order, so both give the same float.

The plain-Python rules and evaluation are the reference; the tests hold
these kernels equal to them on random positions.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from plyground.core.jit import load_float, popcount, store_int, trailing_zeros
from plyground.games.morris.board import (
    FULL,
    MILLS,
    MILLS_OF,
    NEIGHBOURS,
    TO_HORIZONTAL,
    TO_VERTICAL,
    TRIPLE_STARTS,
)
from plyground.games.morris.evaluation import RELATIONS

__all__ = [
    "ONGOING",
    "PHASE_INDEX",
    "RELATION_COUNT",
    "WON",
    "adjacent",
    "child_status",
    "evaluate",
    "generate",
    "in_mills",
    "threats",
]

ONGOING: Final = 0
WON: Final = 1
"""``child_status``: the mover has won (the opponent has two men or no move)."""
RELATION_COUNT: Final = len(RELATIONS)
PHASE_INDEX: Final = {"placing": 0, "moving": 1, "flying": 2}
"""Row of each phase's weights in the weights buffer (``RELATION_COUNT`` floats a row)."""

_TO_V = np.array(TO_VERTICAL, dtype=np.int64)
_TO_H = np.array(TO_HORIZONTAL, dtype=np.int64)
_NEIGHBOURS = np.array(NEIGHBOURS, dtype=np.int64)
_MILL_H = np.array([h for h, _ in MILLS_OF], dtype=np.int64)
_MILL_V = np.array([v for _, v in MILLS_OF], dtype=np.int64)
_MILLS = np.array(MILLS, dtype=np.int64)
_FULL: Final = FULL
_STARTS: Final = TRIPLE_STARTS
_INNER: Final = FULL & ~TRIPLE_STARTS
"""Bits a shift up within a triple may land on."""
_UPPER: Final = FULL & ~(TRIPLE_STARTS << 2)
"""Bits a shift down within a triple may land on."""


@njit(cache=True)
def _to_vertical(mask: int) -> int:
    result: int = _TO_V[mask & 255] | _TO_V[256 + (mask >> 8 & 255)] | _TO_V[512 + (mask >> 16)]
    return result


@njit(cache=True)
def _to_horizontal(mask: int) -> int:
    result: int = _TO_H[mask & 255] | _TO_H[256 + (mask >> 8 & 255)] | _TO_H[512 + (mask >> 16)]
    return result


@njit(cache=True)
def _along(mask: int) -> int:
    return (mask << 1 & _INNER) | (mask >> 1 & _UPPER)


@njit(cache=True)
def adjacent(mask: int) -> int:
    """Every point joined by a line to a point of ``mask`` (``board.adjacent``)."""
    return _along(mask) | _to_horizontal(_along(_to_vertical(mask)))


@njit(cache=True)
def in_mills(men: int) -> int:
    """The men of ``men`` standing in a closed mill."""
    result = 0
    for index in range(16):
        mill = _MILLS[index]
        if men & mill == mill:
            result |= mill
    return result


@njit(cache=True)
def threats(men: int, empty: int) -> int:
    """The empty points that would close a mill of ``men`` (two men and an open point)."""
    result = 0
    for index in range(16):
        mill = _MILLS[index]
        free = mill & empty
        if free != 0 and free & (free - 1) == 0 and men & mill == mill & ~free:
            result |= free
    return result


@njit(cache=True)
def child_status(mover_men: int, mover_hand: int, other_men: int) -> int:
    """After a move: :data:`WON` when the player now to move (``mover_*``) has lost.

    That player loses with two men (board and hand), or with none in hand,
    more than three on the board and none next to an empty point. The draw
    cap and repetition are the search's business.
    """
    on_board = popcount(mover_men)
    if on_board + mover_hand <= 2:
        return WON
    if mover_hand == 0 and on_board > 3:
        empty = _FULL & ~(mover_men | other_men)
        if mover_men & adjacent(empty) == 0:
            return WON
    return ONGOING


@njit(cache=True)
def generate(moves: int, own: int, theirs: int, own_hand: int) -> int:
    """Write every legal move to the int64 buffer at address ``moves``; return the count.

    The order is the reference's (``MorrisState.legal_moves``): by origin,
    destination, then man taken, lowest first.
    """
    empty = _FULL & ~(own | theirs)
    takeable = -1
    count = 0
    flying = own_hand == 0 and popcount(own) == 3
    origins = 1 if own_hand > 0 else own
    while origins != 0:
        origin = -1
        base = own
        targets = empty
        if own_hand == 0:
            origin = trailing_zeros(origins)
            base = own ^ (1 << origin)
            if not flying:
                targets = empty & _NEIGHBOURS[origin]
        origins &= origins - 1
        code = (origin + 1) << 5
        while targets != 0:
            destination = trailing_zeros(targets)
            targets &= targets - 1
            after = base | (1 << destination)
            horizontal = _MILL_H[destination]
            vertical = _MILL_V[destination]
            if after & horizontal == horizontal or after & vertical == vertical:
                if takeable < 0:
                    takeable = theirs & ~in_mills(theirs)
                    if takeable == 0:
                        takeable = theirs
                takes = takeable
                while takes != 0:
                    taken = trailing_zeros(takes)
                    takes &= takes - 1
                    store_int(moves, count, code | destination | (taken + 1) << 10)
                    count += 1
            else:
                store_int(moves, count, code | destination)
                count += 1
    return count


@njit(cache=True)
def _flags(men: int, open_points: int) -> tuple[int, int]:
    """Per triple (flag on its first bit): full of ``men``; two of them and an open point."""
    a = men & _STARTS
    b = men >> 1 & _STARTS
    c = men >> 2 & _STARTS
    return a & b & c, (a & b | c & (a | b)) & open_points


@njit(cache=True)
def _steps(men: int, men_v: int, empty: int, empty_v: int) -> int:
    return (
        popcount(men << 1 & _INNER & empty)
        + popcount(men >> 1 & _UPPER & empty)
        + popcount(men_v << 1 & _INNER & empty_v)
        + popcount(men_v >> 1 & _UPPER & empty_v)
    )


# Over 80 lines on purpose: one straight-line leaf kernel, term for term as the reference.
@njit(cache=True)
def evaluate(  # noqa: PLR0917 - kernels take positional integers
    weights: int,
    fixed_phase: int,
    own: int,
    theirs: int,
    own_hand: int,
    their_hand: int,
    took: bool,
) -> float:
    """``MorrisEvaluator.evaluate`` for the mover: the weighted relations.

    ``weights`` is the address of the float64 weights (a row of
    :data:`RELATION_COUNT` per phase, rows in :data:`PHASE_INDEX` order);
    ``fixed_phase`` is a row to weigh every position with, or -1 for the
    position's own phase. The terms are added in the reference's order.
    """
    own_on, their_on = popcount(own), popcount(theirs)
    phase = fixed_phase
    if phase < 0:
        if own_hand > 0 or their_hand > 0:
            phase = 0
        elif own_on == 3 or their_on == 3:
            phase = 2
        else:
            phase = 1
    row = phase * RELATION_COUNT
    w_closed = load_float(weights, row)
    w_mills = load_float(weights, row + 1)
    w_blocked = load_float(weights, row + 2)
    w_men = load_float(weights, row + 3)
    w_twos = load_float(weights, row + 4)
    w_threes = load_float(weights, row + 5)
    w_opened = load_float(weights, row + 6)
    w_double = load_float(weights, row + 7)
    w_win = load_float(weights, row + 8)
    w_mobility = load_float(weights, row + 9)
    empty = _FULL & ~(own | theirs)
    own_v = _to_vertical(own)
    their_v = _to_vertical(theirs)
    empty_v = _FULL & ~(own_v | their_v)
    open_h = (empty | empty >> 1 | empty >> 2) & _STARTS
    open_v = (empty_v | empty_v >> 1 | empty_v >> 2) & _STARTS
    own_full_h, own_two_h = _flags(own, open_h)
    own_full_v, own_two_v = _flags(own_v, open_v)
    their_full_h, their_two_h = _flags(theirs, open_h)
    their_full_v, their_two_v = _flags(their_v, open_v)
    own_men = own_on + own_hand
    their_men = their_on + their_hand
    value = w_men * (own_men - their_men)
    if took:
        value -= w_closed
    value += w_mills * (
        popcount(own_full_h)
        + popcount(own_full_v)
        - popcount(their_full_h)
        - popcount(their_full_v)
    )
    value += w_twos * (
        popcount(own_two_h) + popcount(own_two_v) - popcount(their_two_h) - popcount(their_two_v)
    )
    near = adjacent(empty)
    own_free = own & near
    their_free = theirs & near
    value += w_blocked * (popcount(theirs ^ their_free) - popcount(own ^ own_free))
    if their_men < 3 or (their_hand == 0 and their_men > 3 and their_free == 0):
        value += w_win
    if own_men < 3 or (own_hand == 0 and own_men > 3 and own_free == 0):
        value -= w_win
    value += w_threes * (
        popcount(own & own_two_h * 7 & _to_horizontal(own_two_v * 7))
        - popcount(theirs & their_two_h * 7 & _to_horizontal(their_two_v * 7))
    )
    value += w_double * (
        popcount(own & own_full_h * 7 & _to_horizontal(own_full_v * 7))
        - popcount(theirs & their_full_h * 7 & _to_horizontal(their_full_v * 7))
    )
    value += w_opened * (
        popcount(own_two_h * 7 & empty & _to_horizontal(_along(_to_vertical(own))))
        + popcount(own_two_v * 7 & empty_v & _to_vertical(_along(own)))
        - popcount(their_two_h * 7 & empty & _to_horizontal(_along(their_v)))
        - popcount(their_two_v * 7 & empty_v & _to_vertical(_along(theirs)))
    )
    value += w_mobility * (
        _steps(own, own_v, empty, empty_v) - _steps(theirs, their_v, empty, empty_v)
    )
    return value
