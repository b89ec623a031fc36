"""Numba pieces every compiled game-tree search shares: the hash finaliser and the PV table.

The adjacency and Morris engines hash their positions the same way (a
multiply-add of the boards, then murmur3's 64-bit finaliser) and keep their
principal variation in the same triangular table: one row per ply, row
``ply`` holding the best line from that ply on. The games own what differs
(which words go into the hash, where the table lives in their context).
"""

from __future__ import annotations

from numba import njit

from plyground.core.jit import load_int, store_int

__all__ = ["mix64", "set_pv"]


@njit(cache=True)
def mix64(h: int) -> int:
    """murmur3's finaliser: every input bit moves every output bit (wrapping int64 arithmetic)."""
    h ^= (h >> 33) & 0x7FFFFFFF
    h *= -49064778989728563
    h ^= (h >> 33) & 0x7FFFFFFF
    h *= -4265267296055464877
    h ^= (h >> 33) & 0x7FFFFFFF
    return h


@njit(cache=True)
def set_pv(pv: int, lengths: int, max_ply: int, ply: int, move: int) -> None:
    """Row ``ply`` of the PV table at ``pv`` becomes ``move`` followed by row ``ply + 1``.

    ``pv`` is an int64 buffer of ``max_ply`` rows of ``max_ply`` moves;
    ``lengths[ply]`` is the end of row ``ply`` (its line runs from ``ply``).
    """
    store_int(pv, ply * max_ply + ply, move)
    child_length = load_int(lengths, ply + 1)
    for index in range(ply + 1, child_length):
        store_int(pv, ply * max_ply + index, load_int(pv, (ply + 1) * max_ply + index))
    store_int(lengths, ply, max(child_length, ply + 1))
