"""A position's solve split into independent subproblems, one per root move, and recombined.

A resumable solve (``plyground solve adjacency --start --store FILE``) needs
pieces that can be solved apart, stored as each finishes, and put together
afterwards. Here a piece is the position after one root move:

* :func:`split_root` lists one subproblem per root move up to the board
  symmetries fixing the root (the standard start is fixed by the a1-h8
  reflection, so a mirrored move is not searched: it is its mirror's image);
* :func:`solve_subproblem` solves one exactly with a fresh
  :class:`~plyground.games.adjacency.solver.ExactSolver`: its value and
  every best reply (so the combined result also holds the replies the
  second player needs);
* :func:`combine` puts the finished ones together: the root's value (the
  mover's best child), every best root move, and every position of the two
  first plies with its best moves, mirrors included (an opening book's
  entries).

Each subproblem is solved with a full window, without the bound the other
root moves would give a single search: more nodes in all, but the pieces
are independent, which is what lets a run stop and continue anywhere.
Values are X's marks minus O's at the end, as everywhere in the solver.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from plyground.core.errors import PlygroundError
from plyground.games.adjacency.exact_table import DEFAULT_TABLE
from plyground.games.adjacency.rules import AdjacencyState, X, parse_cell
from plyground.games.adjacency.solver import ExactSolver, warm_up
from plyground.games.adjacency.symmetry import image, stabiliser, symmetry_orbits

__all__ = [
    "RootSolve",
    "Subproblem",
    "SubproblemResult",
    "combine",
    "mirrored_replies",
    "solve_subproblem",
    "split_root",
]


@dataclass(frozen=True)
class Subproblem:
    """The position after one root move, standing for that move and its mirrors."""

    move: str
    """The root move searched (the lowest cell of its orbit)."""
    position: str
    """The position text after ``move``."""
    mirrors: tuple[str, ...]
    """Every root move of equal value by symmetry, ``move`` included."""


@dataclass(frozen=True)
class SubproblemResult:
    """A solved subproblem: its exact value, its best replies, and what it cost."""

    value: int
    best: tuple[str, ...]
    """Every best reply in the subproblem's position."""
    nodes: int
    seconds: float


@dataclass(frozen=True)
class RootSolve:
    """The subproblems put together (values are X - O margins)."""

    position: str
    value: int
    best: tuple[str, ...]
    """Every root move achieving the value."""
    moves: dict[str, int]
    """Every root move's value."""
    book: dict[str, tuple[int, tuple[str, ...]]]
    """Position text -> (value, every best move): the root and every position after one move."""
    nodes: int
    seconds: float
    """Solving time summed over the subproblems (not wall time)."""


def split_root(state: AdjacencyState) -> list[Subproblem]:
    """One subproblem per root move up to the symmetries fixing ``state``, in cell order."""
    if state.is_terminal() or state.plies_left < 2:
        raise PlygroundError(
            f"position {state.text()!r} is too near the end to split (it needs 2 plies left)"
        )
    orbits = symmetry_orbits(state.x, state.o, state.empty(), state.size)
    names = state.geometry.names
    return [
        Subproblem(
            move=names[cell],
            position=state.play(cell).text(),
            mirrors=tuple(names[c] for c in sorted(orbits) if orbits[c] == cell),
        )
        for cell in sorted(set(orbits.values()))
    ]


def solve_subproblem(
    state: AdjacencyState, table_size: int = DEFAULT_TABLE, solver: ExactSolver | None = None
) -> SubproblemResult:
    """Solve one subproblem's position: its value and every best reply (timed without
    loading the kernels)."""
    warm_up()
    solver = solver or ExactSolver(table_size)
    started = time.perf_counter()
    result = solver.solve(state, line=False)
    return SubproblemResult(result.value, result.best, result.nodes, time.perf_counter() - started)


def combine(
    root: AdjacencyState,
    subproblems: list[Subproblem],
    results: Mapping[str, SubproblemResult],
) -> RootSolve:
    """The root's value, best moves and opening-book entries from every solved subproblem.

    ``results`` maps each subproblem's move to its result; raises
    PlygroundError when one is missing.
    """
    missing = [s.move for s in subproblems if s.move not in results]
    if missing:
        raise PlygroundError(f"subproblems not solved yet: {', '.join(missing)}")
    pick = max if root.side == X else min
    moves: dict[str, int] = {}
    book: dict[str, tuple[int, tuple[str, ...]]] = {}
    for sub in subproblems:
        result = results[sub.move]
        for mirror in sub.mirrors:
            moves[mirror] = result.value
            child = root.play(root.parse_move(mirror))
            book[child.text()] = (
                result.value,
                mirrored_replies(root, sub.move, mirror, result.best),
            )
    moves = {move: moves[move] for move in sorted(moves, key=lambda m: parse_cell(m, root.size))}
    value = pick(moves.values())
    best = tuple(move for move in moves if moves[move] == value)
    book[root.text()] = (value, best)
    return RootSolve(
        position=root.text(),
        value=value,
        best=best,
        moves=moves,
        book=book,
        nodes=sum(results[s.move].nodes for s in subproblems),
        seconds=sum(results[s.move].seconds for s in subproblems),
    )


def mirrored_replies(
    root: AdjacencyState, move: str, mirror: str, replies: tuple[str, ...]
) -> tuple[str, ...]:
    """``replies`` (best after ``move``) seen after ``mirror``: their images under the
    root symmetry taking ``move`` to ``mirror``."""
    if mirror == move:
        return replies
    size = root.size
    source, target = parse_cell(move, size), parse_cell(mirror, size)
    symmetry = next(
        s for s in stabiliser(root.x, root.o, size) if image(1 << source, s, size) == 1 << target
    )
    names = root.geometry.names
    cells = [
        image(1 << parse_cell(reply, size), symmetry, size).bit_length() - 1 for reply in replies
    ]
    return tuple(names[cell] for cell in sorted(cells))
