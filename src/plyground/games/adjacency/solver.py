"""Exact play: the final margin with best play from a position, its best moves and a best line.

:func:`solve` (or an :class:`ExactSolver`, which keeps its table between
solves) returns a :class:`SolveResult` whose values are always X's marks
minus O's at the end of the game, whoever moves. The search is the compiled
:func:`~plyground.games.adjacency.exact.exact_search`; this module drives
it with null windows:

* the value of a position by MTD(f): null-window searches that move a
  lower and an upper bound together from a first guess (every value of a
  solve has one parity, so each test settles two marks);
* at the root, one move at a time (so progress can be shown and a stop
  honoured between moves): the first move's exact value, then for each
  other move two null-window tests, "is it at least the best so far?" and,
  only if so, "is it better?"; every move equal to the best is listed.
  Moves that mirror another under a symmetry fixing the position are not
  searched: they take their mirror's value;
* a best line, one move per ply, each checked by a null-window test.

The readable reference is plain minimax over the game's rules,
:func:`plyground.algorithms.search.minimax` with ``memo=True`` (every move of
every position, values from the game's returns); the tests prove the two
agree on every position of small boards and on random ones.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from plyground.core.errors import PlygroundError, SettingsError
from plyground.core.jit import as_int64
from plyground.core.limits import Limit
from plyground.core.search_memory import mapped_zeros
from plyground.core.search_results import line_texts
from plyground.core.warming import warming
from plyground.games.adjacency.exact import (
    EXACT_WORDS,
    MAX_PLIES,
    X_BOUNDS_MIN,
    X_ETC_MIN,
    X_MOVES,
    X_NEAR_MIN,
    X_NEAR_TABLE,
    X_NEAR_TABLE_MASK,
    X_ORDER_MIN,
    X_PVS,
    X_ROOT_PLIES,
    X_SALT,
    X_SYMMETRY,
    X_SYMMETRY_MIN,
    X_TABLE,
    X_TABLE_MASK,
    X_TABLE_MIN,
    X_WAYS,
    exact_search,
    order_moves,
)
from plyground.games.adjacency.exact_table import DEFAULT_TABLE
from plyground.games.adjacency.kernels import new_context, relative_masks
from plyground.games.adjacency.rules import AdjacencyGame, AdjacencyState, X, parse_position
from plyground.games.adjacency.search import S_DEADLINE, S_NODE_LIMIT, S_NODES, S_STOPPED
from plyground.games.adjacency.symmetry import representatives, symmetry_orbits, symmetry_tables

__all__ = [
    "ExactSolver",
    "ExactTechniques",
    "SolveResult",
    "SolveStopped",
    "position_in_game",
    "solve",
    "warm_up",
]

_FAR = 1000
"""Beyond any margin: the bounds of a full window."""
_GOLDEN = -7046029254386353131


class SolveStopped(PlygroundError, RuntimeError):  # noqa: N818 - a stop, not an error
    """A solve ended early: its time or node limit ran out, or :meth:`ExactSolver.stop` ran."""


@dataclass(frozen=True)
class ExactTechniques:
    """Where the exact search uses each technique (plies left at a node; ``99``: never).

    The defaults are the measured best (docs/adjacency-exact.md has the figures).
    """

    table_min: int = 5
    """Probe and store the table at nodes with at least this many plies to go."""
    etc_min: int = 7
    """Enhanced transposition cutoffs at nodes with at least this many plies to go."""
    symmetry_min: int = 6
    """Skip mirror-image moves at symmetric positions with at least this many plies to go."""
    order_min: int = 6
    """Order moves by their two-ply value (else by gain) with at least this many plies to go."""
    pvs: bool = True
    """Null windows after a node's first move."""
    mtd: bool = True
    """Null-window searches around a guess at the root (else one full-window search)."""
    ways: int = 2
    """Table slots a position may take: 2 (a depth-preferred one and an always-replace one
    beside it, in the same cache line), or 1 (depth-preferred only)."""
    near_entries: int = 16384
    """Entries (rounded down to a power of two) of a second, small table for the nodes from
    3 plies to go up to ``table_min``, small enough to stay in the processor's cache; 0:
    none."""
    bounds_min: int = 3
    """Score-bound cutoffs at nodes with at least this many plies to go: the least and the
    most the mover can still end with (each move changes the margin by 1 to 9 for its
    mover) end the node when outside the window, and a move whose most cannot reach
    ``alpha`` is not searched."""


@dataclass(frozen=True)
class SolveResult:
    """The exact value of a position with best play. Values are X's marks minus O's at the end."""

    position: str
    value: int
    best: tuple[str, ...]
    """Every move achieving the value."""
    line: tuple[str, ...]
    """A best line to the end of the game."""
    moves: dict[str, int] | None
    """The value of every legal move (when asked for)."""
    nodes: int
    seconds: float
    symmetric: bool = False
    """True when the position is fixed by a board symmetry (mirror moves were not searched)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``plyground solve adjacency --json``."""
        return {
            "position": self.position,
            "value": self.value,
            "best": list(self.best),
            "line": list(self.line),
            "moves": None if self.moves is None else dict(self.moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "source": "solve",
        }


@dataclass
class _Root:
    """The root's moves while a solve runs: representatives in search order and the mirrors."""

    order: list[int]
    orbit_of: dict[int, int] = field(default_factory=dict)
    """Each empty cell -> the searched cell it mirrors (itself for a searched cell)."""


class ExactSolver:
    """The compiled exact search and its table (kept between solves; :meth:`new_game` clears it).

    ``table_size`` (entries of 8 bytes) is rounded down to a power of two.
    One solver searches one position at a time; :meth:`stop` may be called
    from another thread to end a solve early.
    """

    def __init__(self, table_size: int = DEFAULT_TABLE, techniques: ExactTechniques | None = None):
        self.techniques = techniques or ExactTechniques()
        self._table = mapped_zeros(_entries(table_size))
        near = self.techniques.near_entries
        self._near_table = np.zeros(_entries(near) if near else 2, dtype=np.int64)
        self._stack = np.zeros(128 * (MAX_PLIES + 2), dtype=np.int64)
        self._order_buffer = np.zeros(128, dtype=np.int64)
        self._size = 0
        self._context = np.zeros(EXACT_WORDS, dtype=np.int64)
        self._symmetry: np.ndarray | None = None

    @property
    def nodes(self) -> int:
        """Nodes searched by the current or last solve (read live from another thread)."""
        return int(self._context[S_NODES])

    def new_game(self) -> None:
        """Forget every stored bound."""
        self._table[:] = 0
        self._near_table[:] = 0

    def stop(self) -> None:
        """Ask a running solve to stop (thread-safe: the kernel reads this word).

        A solve that has not yet started its search resets the word: a
        caller racing a solve's start calls this again until the solve ends.
        """
        self._context[S_STOPPED] = 1

    # -- set-up --------------------------------------------------------------------------
    def _prepare(self, state: AdjacencyState, limit: Limit | None) -> None:
        if state.plies_left > MAX_PLIES:
            raise PlygroundError(f"a solve has at most {MAX_PLIES} plies, got {state.plies_left}")
        if state.size != self._size:
            if self._size:
                self.new_game()  # another board: nothing stored applies (a new table is empty)
            self._context = new_context(state.size, None, EXACT_WORDS)
            self._symmetry = symmetry_tables(state.size)
            self._size = state.size
        assert self._symmetry is not None
        context = self._context
        techniques = self.techniques
        marks = (state.x | state.o).bit_count()
        limit = limit or Limit()
        started = time.monotonic_ns()
        context[S_NODES] = 0
        context[S_STOPPED] = 0
        context[S_DEADLINE] = 0 if limit.time is None else started + int(limit.time * 1e9)
        context[S_NODE_LIMIT] = limit.nodes or 0
        context[X_TABLE] = self._table.ctypes.data
        context[X_TABLE_MASK] = len(self._table) - 1
        context[X_SALT] = _salt(marks + state.plies_left)
        context[X_MOVES] = self._stack.ctypes.data
        context[X_SYMMETRY] = self._symmetry.ctypes.data
        context[X_TABLE_MIN] = max(3, techniques.table_min)
        context[X_ETC_MIN] = max(techniques.etc_min, context[X_TABLE_MIN])
        context[X_SYMMETRY_MIN] = max(3, techniques.symmetry_min)
        context[X_ORDER_MIN] = max(3, techniques.order_min)
        context[X_ROOT_PLIES] = state.plies_left
        context[X_PVS] = int(techniques.pvs)
        if techniques.ways not in (1, 2):
            raise SettingsError(f"the exact table has 1 or 2 ways, not {techniques.ways}")
        context[X_WAYS] = techniques.ways
        context[X_NEAR_TABLE] = self._near_table.ctypes.data
        context[X_NEAR_TABLE_MASK] = len(self._near_table) - 1
        context[X_NEAR_MIN] = 3 if techniques.near_entries else 99
        context[X_BOUNDS_MIN] = max(3, techniques.bounds_min)

    # -- searches ------------------------------------------------------------------------
    def _search(self, own: int, theirs: int, plies: int, alpha: int, beta: int) -> int:
        """One kernel call: the mover's value, fail-soft in ``(alpha, beta)``."""
        cx = int(self._context.ctypes.data)
        value = int(exact_search(cx, own, theirs, plies, alpha, beta, 0))
        if self._context[S_STOPPED]:
            raise SolveStopped(f"solve stopped after {self.nodes:,} nodes")
        return value

    def _value(self, own: int, theirs: int, plies: int, guess: int, upper: int = _FAR) -> int:
        """The mover's exact value by MTD(f) from ``guess`` (or one full window)."""
        if not self.techniques.mtd:
            return self._search(own, theirs, plies, -_FAR, _FAR)
        lower = -_FAR
        value = guess
        while lower < upper:
            beta = max(value, lower + 1)
            value = self._search(own, theirs, plies, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return value

    def _ordered(self, own: int, theirs: int, candidates: int) -> list[int]:
        cx = int(self._context.ctypes.data)
        buffer = self._order_buffer
        count = int(order_moves(cx, own, theirs, candidates, buffer.ctypes.data))
        return [int(cell) for cell in buffer[:count]]

    def value(self, state: AdjacencyState, limit: Limit | None = None, guess: int = 0) -> int:
        """The final margin with best play for the side to move (not X - O)."""
        _check_position(state)
        self._prepare(state, limit)
        own, theirs = relative_masks(state)
        return self._value(own, theirs, state.plies_left, guess)

    def at_least(
        self, state: AdjacencyState, threshold: int, limit: Limit | None = None
    ) -> tuple[bool, int]:
        """Is ``state``'s value (X - O) at least ``threshold``? One null-window search.

        Returns ``(holds, bound)``, the bound the fail-soft search proved:
        the value is at least ``bound`` (``>= threshold``) when it holds, at
        most ``bound`` (``< threshold``) when not. Cheaper than the value: a
        proof (:mod:`plyground.games.adjacency.proof`) asks only such questions.
        """
        _check_position(state)
        self._prepare(state, limit)
        own, theirs = relative_masks(state)
        if state.side == X:  # the mover's margin is X - O: is it >= threshold?
            found = self._search(own, theirs, state.plies_left, threshold - 1, threshold)
            return found >= threshold, found
        # O moves: X - O >= threshold  <=>  O's margin <= -threshold  <=>  not >= 1 - threshold
        found = self._search(own, theirs, state.plies_left, -threshold, 1 - threshold)
        return found < 1 - threshold, -found

    def moves_in_order(self, state: AdjacencyState) -> list[tuple[int, tuple[int, ...]]]:
        """The moves a solve of ``state`` searches, best first by the solver's ordering, each
        with its mirrors (the moves of equal value under a symmetry fixing ``state``)."""
        _check_position(state)
        self._prepare(state, None)
        own, theirs = relative_masks(state)
        root = self._root(state, own, theirs)
        return [
            (cell, tuple(c for c, rep in sorted(root.orbit_of.items()) if rep == cell))
            for cell in root.order
        ]

    # -- the root ------------------------------------------------------------------------
    def solve(
        self,
        state: AdjacencyState,
        *,
        moves: bool = False,
        line: bool = True,
        limit: Limit | None = None,
        guess: int = 0,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> SolveResult:
        """Solve ``state``: its value, every best move, a best line; with ``moves`` every move's.

        ``guess`` (a margin for the side to move) seeds the null windows;
        ``on_progress(done, total)`` hears each finished root move. Raises
        :class:`SolveStopped` when ``limit`` runs out or :meth:`stop` is called.
        """
        _check_position(state)
        started = time.perf_counter()
        self._prepare(state, limit)
        own, theirs = relative_masks(state)
        plies = state.plies_left
        root = self._root(state, own, theirs)
        values: dict[int, int] = {}
        best_value: int | None = None
        for done, cell in enumerate(root.order, start=1):
            child_own, child_theirs = _after(state, own, theirs, cell)
            if best_value is None or moves:
                target = guess if best_value is None else best_value
                values[cell] = -self._value(child_own, child_theirs, plies - 1, -target)
            else:
                found = self._at_least(child_own, child_theirs, plies - 1, best_value)
                if found is not None:
                    values[cell] = found
            if cell in values and (best_value is None or values[cell] > best_value):
                best_value = values[cell]
            if on_progress is not None:
                on_progress(done, len(root.order))
        assert best_value is not None
        names = state.geometry.names
        sign = 1 if state.side == 0 else -1
        best = [c for c, rep in root.orbit_of.items() if values.get(rep) == best_value]
        first = next(c for c in root.order if values.get(c) == best_value)
        path = self._line(state, first, best_value) if line else [first]
        all_values = None
        if moves:
            all_values = {names[c]: sign * values[rep] for c, rep in sorted(root.orbit_of.items())}
        return SolveResult(
            position=state.text(),
            value=sign * best_value,
            best=tuple(names[c] for c in sorted(best)),
            line=tuple(line_texts(state, path)),
            moves=all_values,
            nodes=self.nodes,
            seconds=time.perf_counter() - started,
            symmetric=len(root.order) < len(root.orbit_of),
        )

    def _root(self, state: AdjacencyState, own: int, theirs: int) -> _Root:
        empty = state.empty()
        if self.techniques.symmetry_min <= state.plies_left:
            searched = set(representatives(state.x, state.o, empty, state.size))
            orbit_of = symmetry_orbits(state.x, state.o, empty, state.size)
        else:
            searched = set(state.legal_moves())
            orbit_of = {cell: cell for cell in searched}
        # A signed int64 for the kernel: on 8x8 an empty h8 is bit 63.
        candidates = as_int64(sum(1 << cell for cell in searched))
        return _Root(self._ordered(own, theirs, candidates), orbit_of)

    def _at_least(self, own: int, theirs: int, plies: int, best: int) -> int | None:
        """A root move's value (its child given) if at least ``best``, else None."""
        if self._search(own, theirs, plies, -best, -best + 1) > -best:
            return None  # worse than the best
        bound = self._search(own, theirs, plies, -best - 1, -best)
        if bound >= -best:
            return best
        return -self._value(own, theirs, plies, bound, upper=bound)

    def _line(self, state: AdjacencyState, first: int, value: int) -> list[int]:
        """A best line: ``first``, then at each ply a move keeping the value (null-window tests)."""
        path = [first]
        node = state.play(first)
        value = -value
        while not node.is_terminal():
            own, theirs = relative_masks(node)
            empty = sum(1 << cell for cell in node.legal_moves())
            cell = next(
                cell
                for cell in self._ordered(own, theirs, as_int64(empty))
                if self._search(
                    *_after(node, own, theirs, cell), node.plies_left - 1, -value, -value + 1
                )
                <= -value
            )
            path.append(cell)
            node = node.play(cell)
            value = -value
        return path


def position_in_game(text: str, game: AdjacencyGame | None = None) -> AdjacencyState:
    """Read a position to solve; with ``game``, check the position can occur in it.

    Without a game the board size comes from the text. A game must agree in
    size, have at least the plies left in its rounds, and give the move to
    the side the position names (from who moves first and the plies played).
    Raises ParseError or SettingsError naming the disagreement, and
    PlygroundError for a finished game (nothing to solve).
    """
    if game is None:
        state = parse_position(text)
    else:
        state = game.parse_state(text)
        most = 2 * game.rounds
        if state.plies_left > most:
            raise SettingsError(
                f"position {text.strip()!r} has {state.plies_left} plies left, but "
                f"{game.spec} has only {most}"
            )
        played = most - state.plies_left
        expected = game.first if played % 2 == 0 else 1 - game.first
        if state.side != expected:
            raise SettingsError(
                f"position {text.strip()!r} has {'XO'[state.side]} to move, but in {game.spec} "
                f"{'XO'[expected]} moves after {played} plies"
            )
    _check_position(state)
    return state


def _check_position(state: AdjacencyState) -> None:
    if state.is_terminal():
        raise PlygroundError(f"nothing to solve: the game is over in {state.text()!r}")


def _entries(size: int) -> int:
    """A table's entries for a requested ``size``: a power of two, at least 1,024."""
    return 1 << max(10, int(size).bit_length() - 1)


def _salt(end: int) -> int:
    """The table salt of a solve whose marks plus plies left is ``end``."""
    return (end * _GOLDEN) & 0x7FFFFFFFFFFFFFFF


def _after(state: AdjacencyState, own: int, theirs: int, cell: int) -> tuple[int, int]:
    """The child's relative masks (its mover first) after the mover plays ``cell``."""
    neighbours = state.geometry.neighbours[cell]
    flips = as_int64(neighbours) & theirs
    return theirs ^ flips, own | as_int64(1 << cell) | flips


def solve(
    state: AdjacencyState,
    *,
    moves: bool = False,
    limit: Limit | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> SolveResult:
    """Solve a position exactly (see :meth:`ExactSolver.solve`) with a fresh table."""
    solver = ExactSolver()
    return solver.solve(state, moves=moves, limit=limit, on_progress=on_progress)


@warming
def warm_up() -> None:
    """Compile (or load from the disk cache) the exact search kernels."""
    state = AdjacencyGame(size=4, rounds=3).initial_state()
    ExactSolver(table_size=1 << 10).solve(state, moves=True)
