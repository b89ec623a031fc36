"""The compiled 2048 learner (with the bots: it joins the game's features, games/g2048/ntuple.py,
with the learning rules of plyground.algorithms.learning, as a bot joins a game and a search):
episodes of 1-ply play on the 64-bit board, learning the
network's value of *afterstates* by temporal-difference learning.

An afterstate is the board just after a move, before the random tile: its value is
the points still to come. Play is greedy: of the moves that change the board, the one
with the largest ``points + V(afterstate)``. Learning moves ``V`` of each afterstate
toward a target:

* ``lam == 0``: TD(0), online: once the next move is chosen, ``V(a)`` moves toward
  ``r' + V(a')`` (the next move's points and afterstate value); the last afterstate of
  a game toward 0;
* ``lam > 0``: TD(lambda), at the game's end and backward over its afterstates, toward
  the lambda-return ``G_t = r_{t+1} + (1 - lam) V(a_{t+1}) + lam G_{t+1}`` (``G`` of the
  last afterstate 0), with each ``V(a_{t+1})`` already updated.

Restarts: after each game, ``restarts`` more games start from the position half-way
through the one before (so late positions, rare in whole games, are learned more);
only whole games count in the results.

Multi-stage: a board's stage (:func:`~plyground.games.g2048.ntuple.board_stage`)
chooses its weight set; the first time a stage is reached its weights are copied from
the stage before (``started`` marks the stages copied).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.algorithms.learning.weights import (
    Rule,
    Tables,
    apply_update,
    prefetch_weights,
    table_value,
)
from plyground.core.jit import (
    load_float,
    load_float32,
    load_int,
    store_float,
    store_float32,
    store_int,
)
from plyground.games.g2048.kernel import move_points, slide_board, transpose
from plyground.games.g2048.ntuple import (
    SYMMETRY_COUNT,
    Features,
    board_stage,
    features,
    features_value,
)
from plyground.games.g2048.spawns import play_start, spawn

__all__ = ["PATH_LENGTH", "Learning", "Worker", "buffer_words", "train_episodes"]

PATH_LENGTH = (1 << 18) + 64
"""Moves a game can last: each spawn adds 2 or 4 to a tile sum of at most 16 x 32768."""


class Learning(NamedTuple):
    """What every worker shares, as integers and floats (addresses for the arrays: no
    reference counting in the kernels): the weights, the features, the rule, lambda,
    restarts, the stages reached (int64 flags), the kernel's move and line-score tables,
    and whether to learn at all (False: greedy play with the weights as they are)."""

    tables: Tables
    net: Features
    rule: Rule
    lam: float
    restarts: int
    started: int
    moves: int
    points: int
    learn: bool


def buffer_words(feature_count: int) -> int:
    """The int64 words of a worker's feature buffer: the feature indices of the 4 moves'
    afterstates at two steps (two banks used in turn, so the step before's chosen
    afterstate is still there when its update comes), and the 4 afterstates."""
    return 2 * 4 * feature_count + 4


class Worker(NamedTuple):
    """One worker's own (addresses): its generator state (one int64 word, advanced in
    place), the path of the game it plays (boards and afterstates int64, points float64),
    and its feature buffer (:func:`buffer_words` int64 words)."""

    rng: int
    states: int
    afters: int
    rewards: int
    buffer: int


@njit(cache=True, nogil=True, inline="always")
def stage_base(learning: Learning, board: int) -> int:  # pragma: no cover - compiled
    """The first weight of ``board``'s stage, copying the stage before into it when it is
    reached for the first time."""
    net = learning.net
    stage = board_stage(board, net)
    if stage > 0 and load_int(learning.started, stage) == 0:
        size = net.stage_size
        values = learning.tables.values
        for k in range(stage * size, (stage + 1) * size):
            store_float32(values, k, load_float32(values, k - size))
        store_int(learning.started, stage, 1)
    return stage * net.stage_size


@njit(cache=True, nogil=True, inline="always")
def _update(
    learning: Learning, worker: Worker, after: int, target: float
) -> float:  # pragma: no cover - compiled
    """Move the value of ``after`` toward ``target``; its value once moved (from the same
    feature indices, as :func:`~plyground.games.g2048.ntuple.board_value` gives it)."""
    features(after, learning.net, stage_base(learning, after), worker.buffer)
    _update_indexed(learning, worker.buffer, target)
    return features_value(learning.tables.values, worker.buffer, learning.net.tuples)


@njit(cache=True, nogil=True, inline="always")
def _update_indexed(
    learning: Learning, index: int, target: float
) -> None:  # pragma: no cover - compiled
    """Move the value of the afterstate whose feature indices are at address ``index``
    toward ``target`` (what :func:`_update` does, without finding the indices again)."""
    count = SYMMETRY_COUNT * learning.net.tuples
    error = target - table_value(learning.tables.values, index, count)
    apply_update(learning.tables, learning.rule, index, count, error)


@njit(cache=True, nogil=True, inline="always")
def _choose(
    learning: Learning, worker: Worker, board: int, bank: int
) -> tuple[float, int, int, int]:  # pragma: no cover - compiled
    """The greedy move on ``board``: ``(points + value, afterstate, points, address of its
    feature indices)``, ``-inf`` first when no move changes the board.

    First every move's afterstate and feature indices (in ``bank`` of the buffer), with
    their weights prefetched, then the values: the reads of up to 4 x 32 weights, random
    in a table of hundreds of megabytes, overlap instead of waiting one after the other.
    The values are :func:`_value`'s to the last bit."""
    net = learning.net
    count = SYMMETRY_COUNT * net.tuples
    values = learning.tables.values
    afters = worker.buffer + 8 * 2 * 4 * count
    first = worker.buffer + 8 * bank * 4 * count
    t = transpose(board)
    for move in range(4):
        after = slide_board(learning.moves, board, t, move)
        store_int(afters, move, after)
        if after != board:
            slot = first + 8 * move * count
            features(after, net, stage_base(learning, after), slot)
            prefetch_weights(values, slot, count)
    best = -math.inf
    best_after = 0
    best_points = 0
    best_slot = 0
    for move in range(4):
        after = load_int(afters, move)
        if after == board:
            continue
        gained = move_points(learning.points, board, t, move)
        slot = first + 8 * move * count
        value = gained + features_value(values, slot, net.tuples)
        if value > best:
            best, best_after, best_points, best_slot = value, after, gained, slot
    return best, best_after, best_points, best_slot


@njit(cache=True, nogil=True)
def _episode(
    learning: Learning, worker: Worker, board: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Play and learn one game from ``board``: ``(moves, points, final board)``."""
    online = learning.lam == 0.0 and learning.learn
    afters = worker.afters
    played = 0
    score = 0
    chosen = 0  # the address of the feature indices of the last afterstate
    while True:
        best, best_after, best_points, slot = _choose(learning, worker, board, played & 1)
        if best == -math.inf:
            break
        if online and played > 0:
            _update_indexed(learning, chosen, best)
        chosen = slot
        store_int(worker.states, played, board)
        store_int(afters, played, best_after)
        store_float(worker.rewards, played, best_points)
        played += 1
        score += best_points
        board = spawn(best_after, worker.rng)
    if online:
        if played > 0:
            _update_indexed(learning, chosen, 0.0)
        return played, score, board
    if not learning.learn:
        return played, score, board
    lam = learning.lam
    target = 0.0
    for step in range(played - 1, -1, -1):
        updated = _update(learning, worker, load_int(afters, step), target)
        target = load_float(worker.rewards, step) + lam * target + (1.0 - lam) * updated
    return played, score, board


@njit(cache=True, nogil=True, inline="always")
def _largest(board: int) -> int:  # pragma: no cover - compiled
    largest = 0
    for cell in range(16):
        largest = max(largest, (board >> (4 * cell)) & 0xF)
    return largest


@njit(cache=True, nogil=True)
def train_episodes(
    learning: Learning, worker: Worker, results: npt.NDArray[np.int64]
) -> None:  # pragma: no cover - compiled
    """Play and learn ``len(results)`` whole games (and their restarts); row ``g`` of
    ``results`` gets game ``g``'s points, largest exponent and moves (its restarts'
    included)."""
    for game in range(results.shape[0]):
        played, score, final = _episode(learning, worker, play_start(worker.rng))
        results[game, 0] = score
        results[game, 1] = _largest(final)
        results[game, 2] = played
        for _ in range(learning.restarts):
            if played < 2:
                break
            played, _, _ = _episode(learning, worker, load_int(worker.states, played // 2))
            results[game, 2] += played
