"""The accelerated 2048 kernel: 64-bit boards, row tables and an expectimax, in numba.

A board is one ``uint64``: nibble ``i`` (bits ``4i..4i+3``) holds the exponent
of cell ``i`` in the reference order (row-major from the top-left), so row
``r`` is the 16-bit value ``board >> 16r`` with its leftmost cell in the low
nibble. A move works on whole 16-bit lines through 65,536-entry tables:

* ``moves[LEFT]`` / ``moves[RIGHT]``: the row after sliding left / right;
* ``moves[UP]`` / ``moves[DOWN]``: the same slides for a *column* read from
  the transposed board, spread back into column position (nibble ``k`` of
  the line at bit ``16k``);
* ``points``: the score a slide of the line gains (the same either way);
* the heuristic's line values (:func:`plyground.games.g2048.evaluation.line_table`).

Exponents are 4 bits, so the kernel covers tiles up to 32768 (2**15) and
never merges two 32768 tiles; callers keep boards with a 32768 tile or a
larger one on the reference rules (:func:`fits`).

The search mirrors :class:`plyground.algorithms.search.expectimax.Expectimax`
(same depth, cut and value conventions) so the two can be checked against
each other: a chance node with ``depth`` moves left averages, over every
empty cell and both spawns, the best child of the spawned board; it returns
the heuristic when ``depth`` is 0 or its probability falls below ``cut``,
and caches its value with its depth.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from plyground.games.g2048.rules import DOWN, LEFT, RIGHT, UP, Board

__all__ = [
    "KERNEL_MAX_EXPONENT",
    "STATS_SIZE",
    "STAT_ABORTED",
    "STAT_CACHE_HITS",
    "STAT_EVALUATIONS",
    "STAT_GENERATION",
    "STAT_NODES",
    "Tables",
    "board_from_int",
    "board_to_int",
    "fits",
    "kernel_heuristic",
    "kernel_move",
    "kernel_search",
    "make_cache",
    "move_tables",
    "warm_up",
]

KERNEL_MAX_EXPONENT = 15
"""The largest exponent a nibble holds (32768)."""
STAT_NODES, STAT_EVALUATIONS, STAT_CACHE_HITS, STAT_ABORTED, STAT_BUDGET, STAT_GENERATION = range(6)
STATS_SIZE = 6
"""``stats`` arrays: nodes, heuristic evaluations, cache hits, the aborted flag, the node
budget, and the cache generation (a search only trusts slots written in its own generation,
so the cache is never cleared)."""
_NEG_INF = -np.inf

Tables = tuple[npt.NDArray[np.uint64], npt.NDArray[np.int64]]
"""``(moves, points)``: the 4 x 65,536 move table and the 65,536 line scores."""


def board_to_int(board: Board) -> int:
    """The 64-bit encoding of a board of 16 exponents (each at most 15)."""
    value = 0
    for index, exponent in enumerate(board):
        value |= exponent << (4 * index)
    return value


def board_from_int(value: int) -> Board:
    """The 16 exponents of a 64-bit board."""
    return tuple((value >> (4 * i)) & 0xF for i in range(16))


def fits(board: Board) -> bool:
    """True when the kernel plays ``board`` exactly: every tile below 32768."""
    return max(board) < KERNEL_MAX_EXPONENT


@njit(cache=True)
def _slide_line_left(line: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """A 16-bit line slid toward its low nibble, and the points gained (an independent
    implementation of the reference ``slide_line``, checked against it by the tests)."""
    cells = np.zeros(4, dtype=np.int64)
    count = 0
    for k in range(4):
        exponent = (line >> (4 * k)) & 0xF
        if exponent:
            cells[count] = exponent
            count += 1
    out = 0
    points = 0
    write = 0
    read = 0
    while read < count:
        exponent = cells[read]
        if read + 1 < count and cells[read + 1] == exponent and exponent < 15:
            exponent += 1
            points += 1 << exponent
            read += 2
        else:
            read += 1
        out |= exponent << (4 * write)
        write += 1
    return out, points


@njit(cache=True)
def _reverse_line(line: int) -> int:  # pragma: no cover - compiled
    return (
        ((line & 0xF) << 12)
        | (((line >> 4) & 0xF) << 8)
        | (((line >> 8) & 0xF) << 4)
        | ((line >> 12) & 0xF)
    )


@njit(cache=True)
def _spread_column(line: int) -> int:  # pragma: no cover - compiled
    """Nibble ``k`` of a 16-bit line moved to bit ``16k`` (a column of the board)."""
    return (
        (line & 0xF)
        | (((line >> 4) & 0xF) << 16)
        | (((line >> 8) & 0xF) << 32)
        | (((line >> 12) & 0xF) << 48)
    )


@njit(cache=True)
def _fill_tables(
    moves: npt.NDArray[np.uint64], points: npt.NDArray[np.int64]
) -> None:  # pragma: no cover - compiled
    for line in range(1 << 16):
        left, gained = _slide_line_left(line)
        right = _reverse_line(_slide_line_left(_reverse_line(line))[0])
        moves[LEFT, line] = np.uint64(left)
        moves[RIGHT, line] = np.uint64(right)
        moves[UP, line] = np.uint64(_spread_column(left))
        moves[DOWN, line] = np.uint64(_spread_column(right))
        points[line] = gained


_TABLES: list[Tables] = []


def move_tables() -> Tables:
    """The move and points tables (built once per process; read-only)."""
    if not _TABLES:
        moves = np.zeros((4, 1 << 16), dtype=np.uint64)
        points = np.zeros(1 << 16, dtype=np.int64)
        _fill_tables(moves, points)
        moves.flags.writeable = False
        points.flags.writeable = False
        _TABLES.append((moves, points))
    return _TABLES[0]


def make_cache(entries: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64]]:
    """An empty position cache of ``entries`` slots (rounded up to a power of two, at least 1)."""
    size = 1 << max(0, (max(1, entries) - 1).bit_length())
    return np.zeros(size, dtype=np.uint64), np.full((size, 3), -1.0, dtype=np.float64)


@njit(cache=True, inline="always")
def _transpose(x: np.uint64) -> np.uint64:  # pragma: no cover - compiled
    """The board mirrored on its main diagonal: nibble 4r+c goes to 4c+r."""
    a1 = x & np.uint64(0xF0F00F0FF0F00F0F)
    a2 = x & np.uint64(0x0000F0F00000F0F0)
    a3 = x & np.uint64(0x0F0F00000F0F0000)
    a = a1 | (a2 << np.uint64(12)) | (a3 >> np.uint64(12))
    b1 = a & np.uint64(0xFF00FF0000FF00FF)
    b2 = a & np.uint64(0x00FF00FF00000000)
    b3 = a & np.uint64(0x00000000FF00FF00)
    return b1 | (b2 >> np.uint64(24)) | (b3 << np.uint64(24))


@njit(cache=True, inline="always")
def _move(
    board: np.uint64, move: int, moves: npt.NDArray[np.uint64]
) -> np.uint64:  # pragma: no cover - compiled
    mask = np.uint64(0xFFFF)
    out = np.uint64(0)
    if move & 1:  # RIGHT (1) and LEFT (3), the odd moves, work on rows
        for r in range(4):
            shift = np.uint64(16 * r)
            out |= moves[move, (board >> shift) & mask] << shift
    else:
        t = _transpose(board)
        for c in range(4):
            out |= moves[move, (t >> np.uint64(16 * c)) & mask] << np.uint64(4 * c)
    return out


@njit(cache=True, inline="always")
def _heuristic(board: np.uint64, lines: npt.NDArray[np.float64]) -> float:  # pragma: no cover
    mask = np.uint64(0xFFFF)
    t = _transpose(board)
    total = 0.0
    for k in range(4):
        shift = np.uint64(16 * k)
        total += lines[(board >> shift) & mask] + lines[(t >> shift) & mask]
    return total


@njit(cache=True)
def kernel_move(
    board: np.uint64, move: int, moves: npt.NDArray[np.uint64], points: npt.NDArray[np.int64]
) -> tuple[np.uint64, int]:  # pragma: no cover - compiled
    """The board after ``move`` (unchanged when the move is illegal) and the points gained."""
    b = np.uint64(board)
    out = _move(b, move, moves)
    mask = np.uint64(0xFFFF)
    gained = 0
    source = b if move & 1 else _transpose(b)  # rows for RIGHT and LEFT
    for k in range(4):
        gained += points[(source >> np.uint64(16 * k)) & mask]
    return out, gained


@njit(cache=True)
def kernel_heuristic(board: np.uint64, lines: npt.NDArray[np.float64]) -> float:  # pragma: no cover
    """The heuristic value of a 64-bit board (the sum of its 8 line values)."""
    return float(_heuristic(np.uint64(board), lines))


@njit(cache=True)
def _chance(  # noqa: PLR0917 - numba takes positional arguments
    board: np.uint64,
    depth: int,
    probability: float,
    cut: float,
    moves: npt.NDArray[np.uint64],
    lines: npt.NDArray[np.float64],
    keys: npt.NDArray[np.uint64],
    slots: npt.NDArray[np.float64],
    stats: npt.NDArray[np.int64],
) -> float:  # pragma: no cover - compiled
    """Expected value of ``board`` just before a spawn, ``depth`` moves still to search."""
    stats[STAT_NODES] += 1
    if depth <= 0 or probability < cut:
        stats[STAT_EVALUATIONS] += 1
        return _heuristic(board, lines)
    if stats[STAT_NODES] > stats[STAT_BUDGET]:
        stats[STAT_ABORTED] = 1
        return 0.0
    cached = keys.size > 1
    slot = 0
    if cached:
        slot = int((board * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & (keys.size - 1)
        if (
            keys[slot] == board
            and slots[slot, 2] == stats[STAT_GENERATION]
            and slots[slot, 1] >= depth
        ):
            stats[STAT_CACHE_HITS] += 1
            cached_value: float = slots[slot, 0]
            return cached_value
    empty = 0
    for i in range(16):
        if (board >> np.uint64(4 * i)) & np.uint64(0xF) == 0:
            empty += 1
    share = 1.0 / empty
    total = 0.0
    for i in range(16):
        shift = np.uint64(4 * i)
        if (board >> shift) & np.uint64(0xF) != 0:
            continue
        for exponent in range(1, 3):
            weight = 0.9 if exponent == 1 else 0.1
            spawned = board | (np.uint64(exponent) << shift)
            best = _NEG_INF
            for move in range(4):
                child = _move(spawned, move, moves)
                if child != spawned:
                    value = _chance(
                        child,
                        depth - 1,
                        probability * weight * share,
                        cut,
                        moves,
                        lines,
                        keys,
                        slots,
                        stats,
                    )
                    best = max(best, value)
            if best == _NEG_INF:
                best = 0.0  # no move changes the board: the game is lost
            total += weight * share * best
    if cached:
        keys[slot] = board
        slots[slot, 0] = total
        slots[slot, 1] = depth
        slots[slot, 2] = stats[STAT_GENERATION]
    return total


@njit(cache=True)
def kernel_search(  # noqa: PLR0917 - numba takes positional arguments
    board: np.uint64,
    depth: int,
    cut: float,
    moves: npt.NDArray[np.uint64],
    lines: npt.NDArray[np.float64],
    keys: npt.NDArray[np.uint64],
    slots: npt.NDArray[np.float64],
    stats: npt.NDArray[np.int64],
    budget: int,
) -> npt.NDArray[np.float64]:  # pragma: no cover - compiled
    """The expectimax value of each move (up, right, down, left) searched ``depth`` moves deep.

    ``-inf`` marks a move that does not change the board. ``stats`` (of
    :data:`STATS_SIZE` entries) gains the nodes, evaluations and cache hits;
    once the nodes pass ``budget`` the search stops early and sets
    ``stats[STAT_ABORTED]`` (the values are then meaningless). The cache
    (``keys``, ``slots``; one slot disables it) trusts only slots written in
    generation ``stats[STAT_GENERATION]``: a caller raises it to forget earlier
    searches (the bot does once per move, so its iterative deepening reuses
    the values of its shallower iterations).
    """
    b = np.uint64(board)
    values = np.full(4, _NEG_INF)
    stats[STAT_ABORTED] = 0
    stats[STAT_BUDGET] = budget
    for move in range(4):
        child = _move(b, move, moves)
        if child == b:
            continue
        values[move] = _chance(child, depth - 1, 1.0, cut, moves, lines, keys, slots, stats)
        if stats[STAT_ABORTED] != 0:
            break
    return values


def warm_up() -> None:
    """Compile (or load from the disk cache) every kernel, and build the move tables."""
    from plyground.games.g2048.evaluation import G2048Weights, line_table

    moves, points = move_tables()
    lines = line_table(G2048Weights())
    board = np.uint64(0x1021)
    kernel_move(board, LEFT, moves, points)
    kernel_heuristic(board, lines)
    keys, slots = make_cache(1)
    kernel_search(board, 2, 0.0, moves, lines, keys, slots, np.zeros(STATS_SIZE, np.int64), 1 << 20)
