"""A start's value proved by null-window tests on the positions two plies deep.

Solving every root move exactly (:mod:`~plyground.games.adjacency.subproblems`)
answers more than the value of the game: every best first move and every
best reply. The value alone needs far less. With the root mover's margin
``m`` (X - O when X moves first), ``m(root) = max over moves a of min over
replies b of m(leaf a,b)``, and two questions settle it:

* ``m(root) >= t``: *one* move ``a`` whose every reply has ``m(leaf) >= t``;
* ``m(root) < t``: for *every* move ``a``, *one* reply with ``m(leaf) < t``.

Each ``m(leaf) >= t`` is one null-window search of a leaf
(:meth:`~plyground.games.adjacency.solver.ExactSolver.at_least`), and its
fail-soft answer is a bound on the leaf's value. :class:`Proof` keeps every
leaf's bounds, from which the root's and each move's bounds follow, and says
which test to run next (:meth:`Proof.wanted`), as MTD(f) would: a threshold
``t`` at the first guess; when the root is proved at least ``t``, the next
threshold is one above the lower bound (expected to fail: one refuting reply
per move); when it is proved below ``t``, the upper bound (expected to hold:
every reply of one move). The value is known when the bounds meet; a run may
then go on to settle every root move's own value (``settle=True``), which
gives every best first move.

The state of a proof is nothing but the leaves' bounds (and the first
guess), so a run can stop anywhere and continue from the stored bounds
(:mod:`plyground.arena.adjacency_solving.proof_run` keeps them in the solve store), and tests
run in parallel: :meth:`Proof.wanted` skips the leaves in flight. Moves and
replies that mirror another under a symmetry of their position are not
searched (they take their mirror's bounds).

Values outside this module's internals are X's marks minus O's, as
everywhere in the solver; inside, ``m`` is the root mover's margin.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from plyground.core.errors import PlygroundError
from plyground.games.adjacency.rules import AdjacencyState, X, parse_position
from plyground.games.adjacency.solver import ExactSolver
from plyground.games.adjacency.subproblems import mirrored_replies

__all__ = [
    "FAR",
    "Leaf",
    "LeafTest",
    "Proof",
    "ProofResult",
    "RootMove",
    "proof_tree",
    "prove",
]

FAR = 1000
"""Beyond any margin: the bounds of a leaf nothing is known about."""


@dataclass(frozen=True)
class Leaf:
    """A position two plies from the root: after ``move`` and the reply ``reply``."""

    move: str
    reply: str
    replies: tuple[str, ...]
    """Every reply of equal value by symmetry, ``reply`` included."""
    position: str


@dataclass(frozen=True)
class RootMove:
    """A root move searched (standing for its mirrors too) and its replies' leaves, best first."""

    move: str
    mirrors: tuple[str, ...]
    position: str
    """The position after ``move``."""
    leaves: tuple[Leaf, ...]


@dataclass(frozen=True)
class LeafTest:
    """The question for a worker: is the leaf's value (X - O) at least ``at_least``?"""

    position: str
    at_least: int


@dataclass(frozen=True)
class ProofResult:
    """What a proof has shown so far (values are X - O margins)."""

    position: str
    lower: int
    upper: int
    """The root's value lies in ``[lower, upper]``; it is known when they meet."""
    moves: dict[str, tuple[int, int]]
    """Every root move's bounds (mirrors included)."""
    best: tuple[str, ...]
    """The root moves proved best (mirrors included): every best move once all are settled."""
    replies: dict[str, tuple[str, ...]]
    """For each proved-best root move: the replies proved best after it (at least one)."""
    leaves: int
    """Leaves with a stored bound."""
    book: dict[str, tuple[int, tuple[str, ...]]]
    """Once the value is known, opening-book entries (position text -> value and best moves):
    the root with its proved best moves, and the position after each root move whose own
    value is known (the proved best ones, and every settled one; mirrors included) with
    its proved best replies."""

    @property
    def value(self) -> int | None:
        """The root's exact value, once the bounds meet."""
        return self.lower if self.lower == self.upper else None

    @property
    def settled(self) -> bool:
        """True when every root move's value is known (so ``best`` is every best move)."""
        return all(low == high for low, high in self.moves.values())


def proof_tree(root: AdjacencyState, solver: ExactSolver | None = None) -> list[RootMove]:
    """The root's moves and their replies up to symmetry, each best first by the solver's order."""
    if root.is_terminal() or root.plies_left < 3:
        raise PlygroundError(
            f"position {root.text()!r} is too near the end to prove through its leaves "
            f"(it needs 3 plies left)"
        )
    solver = solver or ExactSolver(1 << 12)
    names = root.geometry.names
    moves = []
    for cell, mirrors in solver.moves_in_order(root):
        after = root.play(cell)
        leaves = tuple(
            Leaf(
                move=names[cell],
                reply=names[reply],
                replies=tuple(names[c] for c in same),
                position=after.play(reply).text(),
            )
            for reply, same in solver.moves_in_order(after)
        )
        moves.append(RootMove(names[cell], tuple(names[c] for c in mirrors), after.text(), leaves))
    return moves


class Proof:
    """The bounds known on a root's leaves, what they prove, and the test to run next.

    ``bounds`` maps a leaf's position to its ``(lower, upper)`` X - O bounds
    (a store's contents); ``guess`` is the first threshold (X - O).
    """

    def __init__(
        self,
        root: AdjacencyState,
        tree: list[RootMove],
        bounds: Mapping[str, tuple[int, int]] | None = None,
        guess: int = 0,
    ) -> None:
        self.root = root
        self.tree = tree
        self._sign = 1 if root.side == X else -1
        self._guess = self._sign * guess
        self._bounds: dict[str, tuple[int, int]] = dict(bounds or {})

    # -- knowledge -----------------------------------------------------------------------
    def record(self, test: LeafTest, holds: bool, bound: int) -> None:
        """Add a test's answer: the leaf's value is ``>= bound`` if it held, else ``<= bound``."""
        lower, upper = self._bounds.get(test.position, (-FAR, FAR))
        if holds:
            lower = max(lower, bound)
        else:
            upper = min(upper, bound)
        if lower > upper:
            raise PlygroundError(
                f"contradictory bounds [{lower}, {upper}] for {test.position!r}: "
                f"the store holds results of another search"
            )
        self._bounds[test.position] = (lower, upper)

    def leaf_bounds(self, position: str) -> tuple[int, int]:
        """A leaf's bounds in X - O (``(-FAR, FAR)`` when nothing is known)."""
        return self._bounds.get(position, (-FAR, FAR))

    def _leaf(self, leaf: Leaf) -> tuple[int, int]:
        """A leaf's bounds in the root mover's margin."""
        lower, upper = self.leaf_bounds(leaf.position)
        return (lower, upper) if self._sign == 1 else (-upper, -lower)

    def _move(self, move: RootMove) -> tuple[int, int]:
        """A root move's bounds in the root mover's margin: the minimum over its replies."""
        bounds = [self._leaf(leaf) for leaf in move.leaves]
        return min(low for low, _ in bounds), min(high for _, high in bounds)

    def _root(self) -> tuple[int, int]:
        bounds = [self._move(move) for move in self.tree]
        return max(low for low, _ in bounds), max(high for _, high in bounds)

    def result(self) -> ProofResult:
        """What the stored bounds prove."""
        lower, upper = self._root()
        moves: dict[str, tuple[int, int]] = {}
        best: list[str] = []
        replies: dict[str, tuple[str, ...]] = {}
        book: dict[str, tuple[int, tuple[str, ...]]] = {}
        low_x, high_x = self._to_x(lower, upper)
        value = low_x  # the root's value, once the bounds meet
        for move in self.tree:
            low, high = self._move(move)
            for mirror in move.mirrors:
                moves[mirror] = self._to_x(low, high)
            if lower == upper and low == lower:
                best.extend(move.mirrors)
            if lower == upper and low == high:  # this move's value is known: book it
                proved = tuple(
                    sorted(
                        (
                            r
                            for leaf in move.leaves
                            if self._leaf(leaf)[1] <= low
                            for r in leaf.replies
                        ),
                        key=self._cell,
                    )
                )
                if low == lower:
                    replies[move.move] = proved
                for mirror in move.mirrors:
                    after = self.root.play(self._cell(mirror))
                    mapped = mirrored_replies(self.root, move.move, mirror, proved)
                    book[after.text()] = (self._to_x(low, low)[0], mapped)
        if lower == upper:
            book[self.root.text()] = (value, tuple(sorted(best, key=self._cell)))
        return ProofResult(
            position=self.root.text(),
            lower=low_x,
            upper=high_x,
            moves=moves,
            best=tuple(sorted(best, key=self._cell)),
            replies=replies,
            leaves=len(self._bounds),
            book=book,
        )

    def _to_x(self, low: int, high: int) -> tuple[int, int]:
        return (low, high) if self._sign == 1 else (-high, -low)

    def _cell(self, name: str) -> int:
        return self.root.parse_move(name)

    # -- what to test next ---------------------------------------------------------------
    def first_best(self) -> RootMove:
        """The first root move in the proof's order proved best (the value must be known):
        the one a strategy plays."""
        lower, upper = self._root()
        if lower < upper:
            raise PlygroundError("no first move is proved best before the value is known")
        return next(move for move in self.tree if self._move(move)[0] == lower)

    def wanted(
        self, in_flight: Collection[str] = (), *, settle: bool = False, replies: bool = False
    ) -> LeafTest | None:
        """The next leaf test, skipping leaves in flight; None when nothing more is wanted now
        (the proof is done, or every wanted leaf is in flight).

        Until the value is known, the tests are those of MTD(f) at the root
        (see the module docstring). With ``settle``, the value known, every
        root move's own value is settled next: a move's upper bound is
        tested against each of its replies until all hold or one fails. With
        ``replies``, the value known, every reply to :meth:`first_best` is
        given its own value: each such leaf is tested one above its lower
        bound until a test fails (a reply that is not best leaves the root
        mover more than the value, and a strategy can keep that).
        """
        lower, upper = self._root()
        if lower < upper:
            threshold = self._threshold(lower, upper)
            if threshold <= self._guess:
                return self._every_reply(threshold, in_flight)
            return self._one_refutation_each(threshold, in_flight)
        test = self._settle(in_flight) if settle else None
        if test is None and replies:
            test = self._settle_replies(in_flight)
        return test

    def _threshold(self, lower: int, upper: int) -> int:
        """MTD(f)'s next threshold in ``(lower, upper]`` from the first guess and the bounds."""
        if lower < self._guess <= upper:
            return self._guess
        if self._guess <= lower:
            return lower + 1
        return upper

    def _every_reply(self, threshold: int, in_flight: Collection[str]) -> LeafTest | None:
        """Expecting ``m(root) >= threshold``: every reply of the first move still open."""
        for move in self.tree:
            if self._move(move)[1] < threshold:
                continue  # refuted: the next move
            return self._open_leaf(move, threshold, in_flight, first_only=False)
        return None

    def _one_refutation_each(self, threshold: int, in_flight: Collection[str]) -> LeafTest | None:
        """Expecting ``m(root) < threshold``: a refuting reply for each move not yet refuted."""
        for move in self.tree:
            if self._move(move)[1] >= threshold:
                test = self._open_leaf(move, threshold, in_flight, first_only=True)
                if test is not None:
                    return test
        return None

    def _settle(self, in_flight: Collection[str]) -> LeafTest | None:
        """A test toward each root move's own value: is its upper bound reached by every reply?"""
        for move in self.tree:
            low, high = self._move(move)
            if low < high:
                test = self._open_leaf(move, high, in_flight, first_only=False)
                if test is not None:
                    return test
        return None

    def _settle_replies(self, in_flight: Collection[str]) -> LeafTest | None:
        """A test toward the value of a reply to the first best move: is it above its lower
        bound (in the root mover's margin)?"""
        for leaf in self.first_best().leaves:
            low, high = self._leaf(leaf)
            if low < high and leaf.position not in in_flight:
                return self._test(leaf, low + 1)
        return None

    def _open_leaf(
        self, move: RootMove, threshold: int, in_flight: Collection[str], *, first_only: bool
    ) -> LeafTest | None:
        """The first reply of ``move`` not decided against ``threshold`` and not in flight
        (with ``first_only``: none while one of its leaves is in flight)."""
        for leaf in move.leaves:
            low, high = self._leaf(leaf)
            if low >= threshold or high < threshold:
                continue
            if leaf.position in in_flight:
                if first_only:
                    return None
                continue
            return self._test(leaf, threshold)
        return None

    def _test(self, leaf: Leaf, threshold: int) -> LeafTest:
        """``m(leaf) >= threshold`` as a question about X - O."""
        if self._sign == 1:
            return LeafTest(leaf.position, threshold)
        return LeafTest(leaf.position, 1 - threshold)  # -v >= t  <=>  not v >= 1 - t


def prove(
    root: AdjacencyState,
    solver: ExactSolver | None = None,
    *,
    guess: int = 0,
    settle: bool = False,
    replies: bool = False,
    on_test: Callable[[LeafTest, bool, int], None] | None = None,
) -> ProofResult:
    """Prove ``root``'s value (with ``settle``, every root move's; with ``replies``, every
    reply's to the first best move: :meth:`Proof.wanted`) in this process.

    The readable driver of a :class:`Proof`, one test at a time; the
    resumable, parallel one is :func:`plyground.arena.adjacency_solving.proof_run.run_proof`.
    """
    solver = solver or ExactSolver()
    proof = Proof(root, proof_tree(root, solver), guess=guess)
    while (test := proof.wanted(settle=settle, replies=replies)) is not None:
        holds, bound = solver.at_least(parse_position(test.position), test.at_least)
        proof.record(test, holds, bound)
        if on_test is not None:
            on_test(test, holds, bound)
    return proof.result()
