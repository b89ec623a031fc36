"""A strategy for both sides: the proof of a start's value extended by one move each.

A proof (:mod:`plyground.games.adjacency.proof`) knows bounds on the leaves
two plies deep: the root mover's proved best first move ``a`` holds the
value ``V`` against every reply, and every first move has a reply holding
the mover to ``V``. A bot needs more: a move that keeps the value in every
position it can meet until its in-play exact solver takes over. The
strategy books, with the root mover written M and the other side R:

* for M: ``a`` (the first proved-best move in the proof's order), and
  after every reply ``b`` (up to symmetry) a move ``c`` keeping leaf
  ``(a, b)``'s proved bound (at least ``V`` for M): 14 plies left at the
  entry on the 8-round 8x8 game;
* for R: after every first move ``a`` (up to symmetry) the reply ``b``
  proved to hold M lowest (at most ``V``: a best reply once ``a``'s own
  value is settled), and after every move ``c`` of M there (up to
  symmetry) a move ``d`` keeping that leaf's bound: 13 plies left.

The entries after a proof's leaves are what costs: each is one
:class:`StrategyNeed`, answered by :func:`keeping_move` (the position's
moves in the solver's order, one null-window test each, until one keeps the
bound). The entries from the proof itself (``a`` and each ``b``) cost
nothing more (:attr:`StrategyPlan.given`).

An entry's bound need not be its position's own value (where the opponent's
last move gave marks away); :func:`best_move` finds the value from the bound
and a move keeping it, for an entry marked exact (its move proved best).

Entries are keyed by the position's canonical form
(:func:`~plyground.games.adjacency.symmetry.canonical`) with the move in
that frame, so one entry serves every mirror image of its position
(:func:`strategy_key` makes a key; the book's
:meth:`~plyground.games.adjacency.book.OpeningBook.strategy_move` reads a
move back in a position's own frame). Values are X's marks minus O's, as
everywhere in the solver: an entry's ``keep`` is a bound the move keeps,
X - O at least ``keep`` when X moves, at most ``keep`` when O moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from plyground.core.errors import PlygroundError
from plyground.games.adjacency.book import StrategyMove
from plyground.games.adjacency.proof import Leaf, Proof
from plyground.games.adjacency.rules import AdjacencyState, X
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.symmetry import canonical, cell_image

__all__ = [
    "ExactMove",
    "KeepingMove",
    "StrategyNeed",
    "StrategyPlan",
    "best_move",
    "build_strategy",
    "keeping_move",
    "keeps",
    "move_keeps",
    "strategy_key",
    "strategy_plan",
]


@dataclass(frozen=True)
class StrategyNeed:
    """A position (canonical text) where the side to move needs a move keeping ``keep``."""

    position: str
    keep: int
    side: int
    """Who moves there, the root mover or not, for progress: 0 for X, 1 for O."""
    exact: bool = False
    """True when ``keep`` is the position's own value (a leaf the proof settled)."""


@dataclass(frozen=True)
class StrategyPlan:
    """Every entry of a strategy: those the proof gives and those still to be found."""

    given: dict[str, StrategyMove]
    """Canonical position text -> its move, from the proof (the first move, each reply)."""
    needs: tuple[StrategyNeed, ...]
    """The entries a search must find, the root mover's first."""


@dataclass(frozen=True)
class KeepingMove:
    """What :func:`keeping_move` found and what it cost."""

    move: str | None
    """The first move (in the solver's order) keeping the bound; None if none does."""
    tests: int
    nodes: int


def strategy_key(state: AdjacencyState) -> tuple[str, int | None]:
    """``state``'s canonical position text and the symmetry taking ``state`` to it."""
    x, o, symmetry = canonical(state.x, state.o, state.size)
    form = AdjacencyState(state.game, x, o, state.side, state.plies_left)
    return form.text(), symmetry


def _entry(state: AdjacencyState, cell: int, keep: int, exact: bool) -> tuple[str, StrategyMove]:
    """An entry for ``state`` (any frame): its key, and ``cell`` mapped into the key's frame."""
    key, symmetry = strategy_key(state)
    mapped = cell_image(cell, symmetry, state.size)
    return key, StrategyMove(state.geometry.names[mapped], keep, exact)


def keeps(state: AdjacencyState, keep: int) -> bool:
    """True when a finished ``state``'s margin keeps ``keep`` for the side that just moved."""
    margin = int(state.returns()[0])
    return margin <= keep if state.side == X else margin >= keep


def strategy_plan(proof: Proof) -> StrategyPlan:
    """The strategy's entries for a proof whose value is known (PlygroundError if it is not)."""
    shown = proof.result()
    if shown.value is None:
        raise PlygroundError(
            f"the strategy needs the start's value proved first (it is in "
            f"[{shown.lower}, {shown.upper}])"
        )
    root = proof.root
    mover_keeps_high = root.side == X
    value = shown.value
    given: dict[str, StrategyMove] = {}
    mover_needs: list[StrategyNeed] = []
    other_needs: list[StrategyNeed] = []
    solver = ExactSolver(1 << 10)  # for its move order only
    first = proof.first_best()
    key, entry = _entry(root, root.parse_move(first.move), value, exact=True)
    given[key] = entry
    for leaf in first.leaves:
        lower, upper = proof.leaf_bounds(leaf.position)
        keep = lower if mover_keeps_high else upper
        need = _need(root.game.parse_state(leaf.position), keep)
        mover_needs.append(StrategyNeed(need.position, keep, need.side, exact=lower == upper))
    for move in proof.tree:
        after = root.play(root.parse_move(move.move))
        refutation = min(move.leaves, key=lambda leaf: _mover_high(proof, leaf, root))
        keep = _mover_high(proof, refutation, root) * (1 if mover_keeps_high else -1)
        if (keep > value) if mover_keeps_high else (keep < value):  # not once the value is proved
            raise PlygroundError(f"the proof holds no reply to {move.move} keeping {value:+d}")
        settled = shown.moves[move.move] == (keep, keep)  # the reply keeps the move's value
        key, entry = _entry(after, after.parse_move(refutation.reply), keep, settled)
        given[key] = entry
        leaf_state = after.play(after.parse_move(refutation.reply))
        if leaf_state.plies_left < 2:
            continue
        for cell, _mirrors in solver.moves_in_order(leaf_state):
            other_needs.append(_need(leaf_state.play(cell), keep))
    needs: dict[str, StrategyNeed] = {}
    for need in mover_needs + other_needs:  # a position two lines reach keeps the stricter
        known = needs.get(need.position)
        stricter = known is None or (
            need.keep > known.keep if need.side == X else need.keep < known.keep
        )
        if stricter:
            needs[need.position] = need
    return StrategyPlan(given, tuple(needs.values()))


def _need(state: AdjacencyState, keep: int) -> StrategyNeed:
    key, _symmetry = strategy_key(state)
    return StrategyNeed(key, keep, state.side)


def _mover_high(proof: Proof, leaf: Leaf, root: AdjacencyState) -> int:
    """The leaf's proved upper bound in the root mover's margin (the reply holding the mover
    lowest is the best proved: ``min`` keeps the first of equals, in the proof's order)."""
    lower, upper = proof.leaf_bounds(leaf.position)
    return upper if root.side == X else -lower


def keeping_move(solver: ExactSolver, state: AdjacencyState, keep: int) -> KeepingMove:
    """The first of ``state``'s moves (in the solver's order) proved to keep ``keep`` for
    the side to move (X - O at least ``keep`` for X, at most for O): one null-window test
    per move tried."""
    tests = nodes = 0
    for cell, _mirrors in solver.moves_in_order(state):
        kept, _bound = move_keeps(solver, state, cell, keep)
        if not state.play(cell).is_terminal():
            tests += 1
            nodes += solver.nodes
        if kept:
            return KeepingMove(state.geometry.names[cell], tests, nodes)
    return KeepingMove(None, tests, nodes)


def move_keeps(
    solver: ExactSolver, state: AdjacencyState, cell: int, keep: int
) -> tuple[bool, int]:
    """Does the move ``cell`` keep ``keep`` (X - O) for the side to move? One null-window
    test of the position after it (none when the game ends there): the answer and the
    fail-soft bound on that position's value (X - O) the test proved."""
    child = state.play(cell)
    if child.is_terminal():
        return keeps(child, keep), int(child.returns()[0])
    threshold = keep if state.side == X else keep + 1
    holds, bound = solver.at_least(child, threshold)
    return (holds if state.side == X else not holds), bound


@dataclass(frozen=True)
class ExactMove:
    """What :func:`best_move` found and what it cost."""

    value: int
    """The position's value, X - O."""
    move: str | None
    """A move keeping it (a best move); None if no move does (a wrong ``bound``)."""
    tests: int
    nodes: int


def best_move(
    solver: ExactSolver,
    state: AdjacencyState,
    bound: int,
    *,
    exact: bool = False,
    keeping: str | None = None,
) -> ExactMove:
    """``state``'s value and a best move, from a proved ``bound`` on the value (X - O at
    least ``bound`` when X moves, at most when O moves): null-window tests past the bound,
    each from the last one's fail-soft answer, until one fails (the value), then the first
    move in the solver's order keeping it (:func:`keeping_move`). With ``exact`` the bound
    is known to be the value (no test of the position); ``keeping`` names a move known to
    keep ``bound``, taken as it is when the bound turns out to be the value."""
    tests = nodes = 0
    value = bound
    settled = exact
    while not settled:  # X: is the value above it? O: below it?
        above, proved = solver.at_least(state, value + 1 if state.side == X else value)
        tests += 1
        nodes += solver.nodes
        past = above if state.side == X else not above
        if past:
            value = proved  # at least (X) or at most (O) this: test past it
        settled = not past
    if keeping is not None and value == bound:
        return ExactMove(value, keeping, tests, nodes)
    found = keeping_move(solver, state, value)
    return ExactMove(value, found.move, tests + found.tests, nodes + found.nodes)


def build_strategy(proof: Proof, solver: ExactSolver | None = None) -> dict[str, StrategyMove]:
    """The whole strategy of a proved start, in this process (the readable driver; the
    resumable, parallel one is
    :func:`plyground.arena.adjacency_solving.strategy_run.run_strategy`)."""
    solver = solver or ExactSolver()
    plan = strategy_plan(proof)
    entries = dict(plan.given)
    for need in plan.needs:
        state = proof.root.game.parse_state(need.position)
        found = keeping_move(solver, state, need.keep)
        if found.move is None:
            raise PlygroundError(f"no move of {need.position!r} keeps {need.keep:+d}")
        entries[need.position] = StrategyMove(found.move, need.keep)
    return entries
