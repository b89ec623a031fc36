"""Morris endgames solved by retrograde analysis: every position with few men, exactly.

An endgame table holds every position of the moving and flying phases (no
men in hand) in which the player to move has ``a`` men and the opponent
``b``, for small ``a`` and ``b`` (3 v 3, 4 v 3, 3 v 4, 4 v 4, ...): its
value with perfect play and no draw cap, as one byte:

* ``0``: a draw (neither side can force a win);
* ``n + 1``: the game ends ``n`` plies from here with best play, the winner
  hurrying and the loser holding out; odd ``n``: the mover wins, even
  ``n``: the mover loses (``1``: the mover cannot move, lost now).

A position is indexed by the rank of the mover's men among all sets of
``a`` points (the combinatorial number system, sets in colex order) times
the number of sets of ``b`` points among the ``24 - a`` free ones, plus the
rank of the opponent's men among those free points. The tables are solved
in groups that only reach each other or smaller, solved tables: 3 v 3;
4 v 3 with 3 v 4; 4 v 4 (a take always leaves fewer men). Within a group the
values are found by distance: a position is won in ``n`` (odd) plies when
some move reaches a position lost in ``n - 1`` for the opponent, and lost
in ``n`` (even) when every move reaches a position the opponent wins in at
most ``n - 1``; what is never decided is a draw. The solver visits each
position once forward (its takes, which leave the group, and how many of
its moves stay in it), then goes through the distances in increasing
order, passing each position decided at a distance back to the positions
one quiet move before it (a lost one makes them won; a won one takes one
undecided move off each, and a position left with none is lost): every
quiet move is walked back once, instead of every position's moves being
generated again at every distance.

The draw cap: a win in ``n`` plies is a win when ``n`` plies still fit
before the cap and a draw otherwise (the loser can hold out that long and
no longer); repetition never spoils a win, since best play for the winner
never repeats. The search (:mod:`plyground.games.morris.search`) reads the
tables that way.

``plyground endgames`` builds them into the user's data directory
(``platformdirs``); :func:`load_tables` finds them there.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from plyground.core.errors import PlygroundError
from plyground.core.files import whole_file
from plyground.core.jit import popcount, trailing_zeros
from plyground.games.morris.kernels import _MILL_H, _MILL_V, _NEIGHBOURS, generate

if TYPE_CHECKING:
    from plyground.games.morris.rules import MorrisState

__all__ = [
    "GROUPS",
    "MAX_MEN",
    "EndgameTables",
    "Verdict",
    "build_tables",
    "default_path",
    "load_tables",
    "position_index",
    "shared_tables",
    "table_value",
    "verdict_text",
]

MAX_MEN = 9
"""Offsets are kept for counts up to this many men a side."""
GROUPS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((3, 3),),
    ((4, 3), (3, 4)),
    ((4, 4),),
    ((5, 3), (3, 5)),
    ((5, 4), (4, 5)),
    ((5, 5),),
)
"""The tables, in the order they are solved; each group reaches only itself and earlier ones."""
FORMAT = 1
"""The file format's version (in the file name: a new format is a new file)."""

_BINOM = np.array([[comb(n, k) for k in range(MAX_MEN + 1)] for n in range(25)], dtype=np.int64)


def _colex_sets(k: int) -> np.ndarray:
    """Every set of ``k`` of the 24 points as a mask, in colex order (position = rank)."""
    masks = [sum(1 << p for p in points) for points in combinations(range(24), k)]
    masks.sort()  # a mask compares its highest point first: numeric order is colex order
    return np.array(masks, dtype=np.int64)


_COMBOS = tuple(_colex_sets(k) for k in range(6))
"""Every set of ``k`` points as a mask, in colex order (index = rank), for k up to 5."""


def table_size(a: int, b: int) -> int:
    """Positions of the table for ``a`` men to move against ``b``."""
    return comb(24, a) * comb(24 - a, b)


@njit(cache=True)
def _rank(mask: int) -> int:
    """The colex rank of a set of points among the sets of its size."""
    rank = 0
    i = 1
    while mask != 0:
        p = trailing_zeros(mask)
        mask &= mask - 1
        rank += _BINOM[p, i]
        i += 1
    return rank


@njit(cache=True)
def position_index(own: int, theirs: int) -> int:
    """A position's index within its table (see the module docstring)."""
    a = popcount(own)
    b = popcount(theirs)
    rank = 0
    i = 1
    rest = theirs
    while rest != 0:
        p = trailing_zeros(rest)
        rest &= rest - 1
        below = own & ((1 << p) - 1)
        rank += _BINOM[p - popcount(below), i]
        i += 1
    index: int = _rank(own) * _BINOM[24 - a, b] + rank
    return index


@njit(cache=True)
def _expand(compressed: int, free: int) -> int:
    """The points of ``free`` picked by the bits of ``compressed`` (its k-th bit: the k-th)."""
    result = 0
    k = 0
    while free != 0:
        p = trailing_zeros(free)
        free &= free - 1
        if (compressed >> k) & 1:
            result |= 1 << p
        k += 1
    return result


@njit(cache=True)
def table_value(values: np.ndarray, offsets: np.ndarray, own: int, theirs: int) -> int:
    """A position's byte (``0`` draw, ``n + 1`` decided in ``n`` plies), or -1 if no table."""
    a = popcount(own)
    b = popcount(theirs)
    if a > 9 or b > 9:
        return -1
    offset = offsets[a * (MAX_MEN + 1) + b]
    if offset < 0:
        return -1
    return int(values[offset + position_index(own, theirs)])


@njit(cache=True)
def _child_value(values: np.ndarray, offsets: np.ndarray, move: int, own: int, theirs: int) -> int:
    """The byte of the position after ``move`` (for the opponent, now to move)."""
    destination = move & 31
    origin = (move >> 5 & 31) - 1
    taken = (move >> 10) - 1
    moved = own ^ (1 << origin) ^ (1 << destination)
    left = theirs
    if taken >= 0:
        left ^= 1 << taken
    if popcount(left) <= 2:
        return 1  # the opponent has two men: lost now
    return table_value(values, offsets, left, moved)


@njit(cache=True)
def _first_values(  # noqa: PLR0917 - a kernel over arrays
    values: np.ndarray,
    offsets: np.ndarray,
    a: int,
    b: int,
    own_sets: np.ndarray,
    their_sets: np.ndarray,
    moves: np.ndarray,
    quiet: np.ndarray,
    bound: np.ndarray,
    local: int,
) -> None:
    """The first visit of every position of table (a, b): what its moves out of the group
    (takes: to smaller, solved tables, or a win when the opponent is left two men) settle.

    A position with no move is lost now (byte 1); one with a take to a position lost for the
    opponent is won, by the shortest such take, for now (a quiet move may win sooner). The
    others keep, at ``local`` plus their index in the table: ``quiet[i]``, their moves that
    stay in the group (no take), and ``bound[i]``, 255 when a take reaches a draw (never
    lost) or else the longest of the opponent's wins the takes reach (a loss is one ply
    longer than the longest of them and of the quiet moves' wins). One with no quiet move
    whose takes all reach wins for the opponent is lost now, by that bound.
    """
    base = offsets[a * (MAX_MEN + 1) + b]
    width = _BINOM[24 - a, b]
    address = moves.ctypes.data
    for own_rank in range(own_sets.shape[0]):
        own = own_sets[own_rank]
        free = 0xFFFFFF & ~own
        for their_rank in range(width):
            index = own_rank * width + their_rank
            theirs = _expand(their_sets[their_rank], free)
            count = generate(address, own, theirs, 0)
            if count == 0:
                values[base + index] = 1
                continue
            stays = 0
            win = 255
            longest = 0
            for k in range(count):
                move = moves[k]
                if move < 1 << 10:
                    stays += 1
                    continue
                child = _child_value(values, offsets, move, own, theirs)
                if child == 0:
                    longest = 255
                elif child & 1:
                    win = min(win, child + 1)
                elif longest != 255:
                    longest = max(longest, child - 1)
            if win < 255:
                values[base + index] = win
            elif stays == 0 and longest != 255:
                values[base + index] = longest + 2
            quiet[local + index] = stays
            bound[local + index] = longest


@njit(cache=True)
def _unmoves(  # noqa: PLR0917 - a kernel over arrays
    values: np.ndarray,
    offsets: np.ndarray,
    a: int,
    b: int,
    own_sets: np.ndarray,
    their_sets: np.ndarray,
    quiet: np.ndarray,
    bound: np.ndarray,
    local_after: int,
    n: int,
) -> int:
    """Pass the positions of table (a, b) decided in exactly ``n`` plies back to the
    positions one quiet move before them (table (b, a), whose locals start at
    ``local_after``); return how many there were.

    A position lost in ``n`` makes every one before it won in ``n + 1`` (unless won sooner);
    one won in ``n`` takes one undecided quiet move off each before it, and a position left
    with none whose takes may lose is lost one ply after the longest of its children's wins.
    """
    base = offsets[a * (MAX_MEN + 1) + b]
    before = offsets[b * (MAX_MEN + 1) + a]
    width = _BINOM[24 - a, b]
    flying = b == 3
    found = 0
    for own_rank in range(own_sets.shape[0]):
        own = own_sets[own_rank]
        free = 0xFFFFFF & ~own
        for their_rank in range(width):
            if values[base + own_rank * width + their_rank] != n + 1:
                continue
            found += 1
            theirs = _expand(their_sets[their_rank], free)
            empty = free & ~theirs
            # The opponent (``theirs``) moved last: a man from an empty point to ``point``,
            # with no take, so not into a mill.
            men = theirs
            while men != 0:
                point = trailing_zeros(men)
                men &= men - 1
                horizontal = _MILL_H[point]
                vertical = _MILL_V[point]
                if theirs & horizontal == horizontal or theirs & vertical == vertical:
                    continue
                origins = empty if flying else empty & _NEIGHBOURS[point]
                while origins != 0:
                    origin = trailing_zeros(origins)
                    origins &= origins - 1
                    mover = theirs ^ (1 << point) ^ (1 << origin)
                    rank = position_index(mover, own)
                    slot = before + rank
                    seen = values[slot]
                    if n & 1 == 0:
                        if seen == 0 or (seen & 1 == 0 and seen > n + 2):
                            values[slot] = n + 2
                    elif seen == 0:
                        left = quiet[local_after + rank] - 1
                        quiet[local_after + rank] = left
                        if left == 0 and bound[local_after + rank] != 255:
                            values[slot] = max(n, bound[local_after + rank]) + 2
    return found


@dataclass(frozen=True)
class Verdict:
    """What the tables say of a position, the draw cap and the turns already played counted.

    ``winner`` is the seat that wins with best play (None: a draw) in ``turns``
    turns from here; ``capped`` is a win the draw cap comes first to, so a
    draw (``turns`` is then how long the win would take).
    """

    winner: int | None
    turns: int = 0
    capped: bool = False


@dataclass
class EndgameTables:
    """Solved tables: one byte per position (see the module docstring), all in ``values``;
    ``offsets[a * 10 + b]`` is where the table for ``a`` men to move against ``b`` starts
    (-1: not built)."""

    values: np.ndarray
    offsets: np.ndarray
    words: np.ndarray = field(init=False, repr=False)
    """The bytes as int64 words, for the search kernel (little-endian, 8 a word)."""

    def __post_init__(self) -> None:
        padded = -len(self.values) % 8
        if padded:
            self.values = np.concatenate([self.values, np.zeros(padded, dtype=np.uint8)])
        self.words = self.values.view(np.int64)

    def tables(self) -> list[tuple[int, int]]:
        """The (mover's men, opponent's men) of every table present."""
        width = MAX_MEN + 1
        return [divmod(i, width) for i in range(width * width) if self.offsets[i] >= 0]

    def value(self, own: int, theirs: int) -> int | None:
        """A position's byte for the mover (``own``), or None when no table holds it."""
        found = table_value(self.values, self.offsets, own, theirs)
        return None if found < 0 else found

    def verdict(self, state: MorrisState) -> Verdict | None:
        """The value of ``state`` with best play, or None when the game is over or no table
        holds the position (men in hand, or more men than the tables reach)."""
        from plyground.games.morris.rules import MAX_TURNS, WHITE

        if state.white_hand or state.black_hand or state.is_terminal():
            return None
        own, theirs = (
            (state.white, state.black) if state.side == WHITE else (state.black, state.white)
        )
        found = self.value(own, theirs)
        if found is None:
            return None
        if found == 0:
            return Verdict(None)
        plies = found - 1
        winner = state.side if plies % 2 else 1 - state.side
        capped = state.turns + plies > MAX_TURNS
        return Verdict(None if capped else winner, plies, capped)

    def _table(self, a: int, b: int) -> np.ndarray:
        start = int(self.offsets[a * (MAX_MEN + 1) + b])
        if start < 0:
            raise KeyError(f"no {a} v {b} table")
        return self.values[start : start + table_size(a, b)]

    def summary(self, a: int, b: int) -> dict[str, float]:
        """Shares of positions won, lost and drawn for the mover, and the longest win (plies)."""
        table = self._table(a, b)
        decided = table[table > 0]
        wins = decided[decided % 2 == 0]
        return {
            "wins": len(wins) / len(table),
            "losses": (len(decided) - len(wins)) / len(table),
            "draws": 1 - len(decided) / len(table),
            "longest": int(wins.max()) - 1 if len(wins) else 0,
        }

    def position(self, a: int, b: int, index: int) -> tuple[int, int]:
        """The (mover's, opponent's) men of the position at ``index`` of table (a, b)."""
        width = comb(24 - a, b)
        own = int(_COMBOS[a][index // width])
        return own, int(_expand(int(_COMBOS[b][index % width]), 0xFFFFFF & ~own))

    def save(self, path: Path) -> None:
        """Write the tables to ``path`` (compressed), whole or not at all."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with whole_file(path) as temporary, temporary.open("wb") as file:
            np.savez_compressed(file, values=self.values, offsets=self.offsets)


def default_path() -> Path:
    """Where ``plyground endgames`` keeps the tables: the user's data directory."""
    import platformdirs

    return platformdirs.user_data_path("plyground") / f"morris-endgames-v{FORMAT}.npz"


def load_tables(path: Path | None = None) -> EndgameTables | None:
    """The tables at ``path`` (default: :func:`default_path`), or None if there are none.

    A file that cannot be read raises PlygroundError naming it.
    """
    path = path or default_path()
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            values, offsets = data["values"], data["offsets"]
    except (OSError, ValueError, KeyError) as error:
        raise PlygroundError(
            f"cannot read the Morris endgame tables {str(path)!r} ({error}); "
            f"build them again with 'plyground endgames'"
        ) from None
    if values.dtype != np.uint8 or offsets.shape != ((MAX_MEN + 1) ** 2,):
        raise PlygroundError(f"{str(path)!r} is not a Morris endgame table file")
    return EndgameTables(values, offsets.astype(np.int64))


def shared_tables(path: Path | None = None) -> EndgameTables | None:
    """:func:`load_tables`, loaded once per process for as long as the file stays the same
    (for front ends that look positions up often: the file is tens of MB)."""
    path = path or default_path()
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _loaded(path, stamp)


def verdict_text(board: MorrisState) -> str | None:
    """What the solved endgames (if ``plyground endgames`` built them) say of ``board``, for
    a person: ``White wins in 7 turns``, ``draw with best play``; None where they do not
    reach."""
    try:
        tables = shared_tables()
    except PlygroundError:
        return "unreadable: build it again with 'plyground endgames'"
    verdict = None if tables is None else tables.verdict(board)
    if verdict is None:
        return None
    turns = f"{verdict.turns} turn{'s' * (verdict.turns != 1)}"
    if verdict.capped:
        return f"draw: the turn cap comes before a win in {turns}"
    if verdict.winner is None:
        return "draw with best play"
    return f"{('White', 'Black')[verdict.winner]} wins in {turns}"


@functools.lru_cache(maxsize=1)
def _loaded(path: Path, stamp: int) -> EndgameTables | None:
    del stamp  # part of the cache key only: a rebuilt file is read again
    return load_tables(path)


def build_tables(
    groups: Sequence[Sequence[tuple[int, int]]],
    report: Callable[[tuple[int, int], int, float], None] | None = None,
) -> EndgameTables:
    """Solve ``groups`` (each reaching only itself and earlier groups; see :data:`GROUPS`).

    ``report((a, b), positions, seconds)`` hears each table when its group is done.
    """
    pairs = [pair for group in groups for pair in group]
    offsets = np.full((MAX_MEN + 1) ** 2, -1, dtype=np.int64)
    total = 0
    for a, b in pairs:
        offsets[a * (MAX_MEN + 1) + b] = total
        total += table_size(a, b)
    values = np.zeros(total + -total % 8, dtype=np.uint8)
    moves = np.zeros(640, dtype=np.int64)
    for group in groups:
        started = time.perf_counter()
        locals_ = {}
        size = 0
        for a, b in group:
            locals_[a, b] = size
            size += table_size(a, b)
        quiet = np.zeros(size, dtype=np.uint8)
        bound = np.zeros(size, dtype=np.uint8)
        for a, b in group:
            _first_values(
                values, offsets, a, b, _COMBOS[a], _COMBOS[b], moves, quiet, bound, locals_[a, b]
            )
        # Distances in increasing order: each level is final when it is reached (a win only
        # ever shortens, to a level not yet reached), and passes its positions back once.
        n = 0
        while n <= 253 and n + 1 <= _longest(values, offsets, group):
            for a, b in group:
                _unmoves(
                    values,
                    offsets,
                    a,
                    b,
                    _COMBOS[a],
                    _COMBOS[b],
                    quiet,
                    bound,
                    locals_[b, a],
                    n,
                )
            n += 1
        del quiet, bound
        if report is not None:
            seconds = time.perf_counter() - started
            for a, b in group:
                report((a, b), table_size(a, b), seconds)
    return EndgameTables(values, offsets)


def _longest(values: np.ndarray, offsets: np.ndarray, group: Sequence[tuple[int, int]]) -> int:
    """The largest byte in the group's tables so far (a level beyond it holds nothing)."""
    largest = 0
    for a, b in group:
        start = int(offsets[a * (MAX_MEN + 1) + b])
        largest = max(largest, int(values[start : start + table_size(a, b)].max()))
    return largest
