"""Game-agnostic Monte Carlo tree search: UCT with a solver, chance nodes and tree reuse.

MCTS grows a tree from the root one node per iteration. An iteration

1. **selects** a path down the tree: at a player's node the child with the
   best UCT score (its mean value, normalised, plus ``exploration *
   sqrt(ln N / n)``), at a chance node an outcome (see ``chance`` below);
2. **expands** the first node on the path with a move not yet tried (moves
   are tried in the evaluator's order, best guess first);
3. **values** the new node: a finished game by its result, anything else by
   a playout (:mod:`~plyground.algorithms.search.playouts`; a game may hand
   in a compiled one), cut off after ``cutoff`` moves and valued by the
   evaluator when ``value="evaluator"``;
4. **backs up** that value into every node on the path.

It works on two-player zero-sum games (alternating or repeated turns), on
one-player games and on games with chance, through the core contract only.

Contract of the values. Every value in the tree is from **player 0's** view
(in a one-player game, the player's): player 0 picks the child of highest
value, player 1 the lowest, a chance node averages. ``value`` sets the scale:

* ``"outcome"``: a finished game is worth 1, 0 or -1 (player 0 won, drew,
  lost); two-player games only;
* ``"returns"``: the game's own returns (the adjacency game's margin, the
  2048 score);
* ``"evaluator"``: ``evaluator.terminal(state, 0, 0)`` for a finished game
  and ``evaluator.evaluate`` (turned to player 0's view) where a playout is
  cut off after ``cutoff`` moves (0: the new node itself is evaluated).

A node's *mean* is the average of the values backed up through it. UCT
compares means normalised to [0, 1] by the least and greatest value backed
up so far in this tree, so ``exploration`` means the same on every scale.

Contract of the solver (``solver=True``; MCTS-Solver with score bounds).
Each node keeps bounds ``lower <= exact value <= upper``: a finished game
has both equal to its value; a move not tried yet, the game's ``bounds``
(``(-1, 1)`` for ``"outcome"``, unbounded unless given otherwise); a
player's node the max (player 0) or min (player 1) of its children's bounds;
a chance node their probability-weighted sums. A node whose bounds meet is
*solved*: its mean is its exact value and it is never sampled again.
Selection skips children that cannot change their parent's value (for
player 0, a child whose ``upper`` is at most the parent's ``lower``), which
includes every solved child. The search stops once the root is solved.

Chance nodes: ``chance="sample"`` draws an outcome by its probability (a
solved outcome's exact value is backed up without descending);
``chance="expect"`` visits the outcome with the largest ``p / (1 + visits)``
among the unsolved ones, and the node's mean is the probability-weighted
mean of its outcomes' means, which tends to the expectimax value.

The move played: when the root is solved, the most-visited child proven to
reach its value; otherwise the most-visited child not proven worse than
another (a proven win is played at once; a proven loss is avoided).
``limit.time`` and ``limit.nodes`` (iterations) are checked by the search
itself after every iteration; ``limit.depth`` is not used. The tree is kept
between searches (``reuse``): a later search whose root is found within
three plies of the last one starts from that subtree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Literal

from plyground.algorithms.search.deepening import DeepeningSearch, SearchResult
from plyground.algorithms.search.playouts import Playouts, RandomPlayouts
from plyground.core.chance import draw_outcome
from plyground.core.evaluation import Evaluator
from plyground.core.game import CHANCE, TERMINAL, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.core.search_results import line_texts

__all__ = ["MCTS", "Node", "ValueScale", "visit_counts"]

ValueScale = Literal["outcome", "returns", "evaluator"]
VALUE_SCALES: tuple[ValueScale, ...] = ("outcome", "returns", "evaluator")
CHANCE_MODES = ("sample", "expect")

_FIRST_REPORT = 64
"""Iterations before the first report; each later report comes at twice as many."""
_REUSE_PLIES = 3
_PV_LENGTH = 32


class Node:
    """One position of the tree, with its statistics and bounds (player 0's view)."""

    __slots__ = (
        "children",
        "lower",
        "outcomes",
        "player",
        "size",
        "state",
        "total",
        "untried",
        "upper",
        "visits",
    )

    def __init__(self, state: State, lower: float, upper: float) -> None:
        self.state = state
        self.player = state.to_move()
        self.children: dict[Move, Node] = {}
        self.untried: list[Move] = []
        """Moves not expanded yet, the evaluator's best guess last (popped first)."""
        self.outcomes: dict[Move, float] = {}
        """A chance node's outcomes and their probabilities."""
        self.visits = 0
        self.total = 0.0
        self.lower = lower
        self.upper = upper
        self.size = 1
        """Nodes in this subtree, itself included."""

    @property
    def solved(self) -> bool:
        """True when the exact value is known (``lower == upper``)."""
        return self.lower == self.upper

    def mean(self, expect: bool) -> float:
        """The value estimate: exact when solved; at a chance node with ``expect``,
        the probability-weighted mean of its outcomes; else the average backed up."""
        if self.lower == self.upper:
            return self.lower
        if expect and self.player == CHANCE:
            weight = total = 0.0
            for outcome, child in self.children.items():
                if child.visits or child.solved:
                    probability = self.outcomes[outcome]
                    weight += probability
                    total += probability * child.mean(expect)
            if weight:
                return total / weight
        return self.total / self.visits if self.visits else 0.0


def visit_counts(info: SearchInfo) -> dict[str, int]:
    """The root moves' visits from an MCTS report (``extra["visits"]``), by move text.

    >>> visit_counts(SearchInfo(extra={"visits": "c1:30,d2:12"}))
    {'c1': 30, 'd2': 12}
    """
    text = str(info.extra.get("visits", ""))
    pairs = (item.rpartition(":") for item in text.split(",") if item)
    return {move: int(count) for move, _, count in pairs}


class MCTS(DeepeningSearch):
    """UCT with MCTS-Solver, chance nodes and tree reuse (see the module docstring).

    ``playouts`` defaults to uniform :class:`RandomPlayouts`; ``bounds`` are
    the least and greatest value a finished game can have on the chosen
    scale, when known (they let a proven win end a search at once);
    ``max_tree`` caps the nodes kept (beyond it, leaves stop growing).
    """

    def __init__(
        self,
        evaluator: Evaluator | None = None,
        *,
        playouts: Playouts | None = None,
        exploration: float = 1.0,
        value: ValueScale = "outcome",
        cutoff: int | None = None,
        solver: bool = True,
        chance: str = "sample",
        bounds: tuple[float, float] | None = None,
        reuse: bool = True,
        max_tree: int = 200_000,
        rng: random.Random | None = None,
    ) -> None:
        if not exploration >= 0 or not math.isfinite(exploration):
            raise ValueError(f"exploration must be a non-negative number, got {exploration!r}")
        if value not in VALUE_SCALES:
            raise ValueError(f"value must be one of {', '.join(VALUE_SCALES)}, got {value!r}")
        if cutoff is not None and (cutoff < 0 or value != "evaluator"):
            raise ValueError(
                f"a cut-off playout (cutoff={cutoff!r}) is valued by the evaluator: "
                "give a cutoff of 0 or more with value='evaluator'"
            )
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}, got {chance!r}")
        if max_tree < 1:
            raise ValueError(f"max_tree must be at least 1, got {max_tree!r}")
        if bounds is None:
            bounds = (-1.0, 1.0) if value == "outcome" else (-math.inf, math.inf)
        if not bounds[0] < bounds[1]:
            raise ValueError(f"bounds must be (least, greatest) with least < greatest: {bounds!r}")
        self.evaluator = evaluator or Evaluator()
        self.rng = rng or random.Random()
        self.playouts = playouts or RandomPlayouts(self.evaluator, rng=self.rng)
        self.exploration = exploration
        self.value_scale: ValueScale = value
        self.cutoff = cutoff
        self.solver = solver
        self.expect = chance == "expect"
        self.bounds = bounds
        self.reuse = reuse
        self.max_tree = max_tree
        self.root: Node | None = None
        self.iterations = 0
        self._low = math.inf
        self._high = -math.inf
        self._deepest = 0

    # -- public -------------------------------------------------------------
    def iterate(self, state: State, limit: Limit) -> Iterator[SearchResult]:
        """Yield a report after 64, 128, 256, ... iterations and a last one when the
        clock, the node budget (iterations) or a solved root stops the search.

        An iteration is not begun when the time left is less than the slowest
        one so far took (a playout of a long game in Python can take
        milliseconds): the search ends before its deadline, not one playout
        after it.
        """
        self._check(state)
        clock = self.start_clock(limit)
        root = self._root_for(state)
        self.root = root
        self.iterations = 0
        self._deepest = 0
        report_at = _FIRST_REPORT
        budget = limit.nodes
        slowest = 0.0
        while not (self.solver and root.solved):
            if budget is not None and self.iterations >= budget:
                break
            if self.iterations and (clock.expired() or clock.remaining() <= slowest):
                break
            began = clock.elapsed()
            self._iterate_once(root)
            slowest = max(slowest, clock.elapsed() - began)
            self.iterations += 1
            if self.iterations == report_at:
                report_at *= 2
                yield self._result(root, clock.elapsed())
        yield self._result(root, clock.elapsed())

    def new_game(self) -> None:
        """Forget the tree (and the value range seen)."""
        self.root = None
        self._low, self._high = math.inf, -math.inf

    # -- one iteration --------------------------------------------------------
    def _iterate_once(self, root: Node) -> None:
        path = [root]
        node = root
        added = False
        while True:
            if node.solved:
                value = node.lower
                break
            if node.player == CHANCE:
                outcome = self._pick_outcome(node)
                child = node.children.get(outcome)
                if child is None:
                    node = self._add_child(node, outcome)
                    path.append(node)
                    added = True
                    value = self._first_value(node)
                    break
            elif node.untried:
                if root.size >= self.max_tree:
                    value = self._leaf_value(node.state)
                    break
                node = self._add_child(node, node.untried.pop())
                path.append(node)
                added = True
                value = self._first_value(node)
                break
            else:
                child = self._select(node)
            node = child
            path.append(node)
        self._deepest = max(self._deepest, len(path) - 1)
        self._backup(path, value, added)

    def _add_child(self, node: Node, move: Move) -> Node:
        child_state = node.state.play(move)
        child = Node(child_state, *self.bounds)
        if child.player == TERMINAL:
            child.lower = child.upper = self._terminal_value(child_state)
        elif child.player == CHANCE:
            child.outcomes = dict(child_state.chance_outcomes())
        else:
            moves = self.evaluator.order(child_state, child_state.legal_moves())
            child.untried = list(reversed(moves))
        node.children[move] = child
        return child

    def _first_value(self, node: Node) -> float:
        """The value of a node just added: exact when solved, else a leaf's value."""
        return node.lower if node.solved else self._leaf_value(node.state)

    def _select(self, node: Node) -> Node:
        """The child with the best UCT score among those that can still matter."""
        low, high = self._low, self._high
        spread = high - low
        log_visits = math.log(node.visits) if node.visits > 1 else 0.0
        minimising = node.player == 1
        best: Node | None = None
        best_score = -math.inf
        for child in node.children.values():
            if self.solver and (
                child.lower >= node.upper if minimising else child.upper <= node.lower
            ):
                continue
            mean = child.mean(self.expect)
            quality = (mean - low) / spread if spread > 0 else 0.5
            if minimising:
                quality = 1.0 - quality
            score = quality + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None, "an unsolved node always has a child that can matter"
        return best

    def _pick_outcome(self, node: Node) -> Move:
        if not self.expect:
            return draw_outcome(list(node.outcomes.items()), self.rng)
        best: Move | None = None
        best_score = -math.inf
        for outcome, probability in node.outcomes.items():
            child = node.children.get(outcome)
            if child is None:
                score = probability
            elif child.solved and self.solver:
                continue
            else:
                score = probability / (1 + child.visits)
            if score > best_score:
                best, best_score = outcome, score
        assert best is not None, "an unsolved chance node always has an unsolved outcome"
        return best

    def _backup(self, path: list[Node], value: float, added: bool) -> None:
        self._low = min(self._low, value)
        self._high = max(self._high, value)
        for node in path:
            node.visits += 1
            node.total += value
        if added:
            for node in path[:-1]:
                node.size += 1
        if self.solver and path[-1].solved:
            for node in reversed(path[:-1]):
                lower, upper = self._bounds(node)
                if lower == node.lower and upper == node.upper:
                    break
                node.lower, node.upper = lower, upper

    def _bounds(self, node: Node) -> tuple[float, float]:
        """A node's bounds from its children's (see the solver's contract)."""
        least, greatest = self.bounds
        if node.player == CHANCE:
            lower = upper = 0.0
            for outcome, probability in node.outcomes.items():
                child = node.children.get(outcome)
                lower += probability * (child.lower if child else least)
                upper += probability * (child.upper if child else greatest)
            return lower, upper
        lowers = [child.lower for child in node.children.values()]
        uppers = [child.upper for child in node.children.values()]
        if node.untried:
            lowers.append(least)
            uppers.append(greatest)
        if node.player == 1:
            return min(lowers), min(uppers)
        return max(lowers), max(uppers)

    # -- values -------------------------------------------------------------
    def _terminal_value(self, state: State) -> float:
        if self.value_scale == "evaluator":
            return self.evaluator.terminal(state, 0, 0)
        result = state.returns()[0]
        if self.value_scale == "outcome":
            return float((result > 0) - (result < 0))
        return result

    def _leaf_value(self, state: State) -> float:
        """The value of a position not finished: played out, maybe cut off and evaluated."""
        if self.cutoff != 0:
            state = self.playouts.playout(state, self.cutoff)
        player = state.to_move()
        if player == TERMINAL:
            return self._terminal_value(state)
        value = self.evaluator.evaluate(state)
        return -value if player == 1 else value

    # -- answers ------------------------------------------------------------
    def _best_child(self, node: Node) -> tuple[Move, Node] | None:
        """The move to play at a player's node (see the module docstring), or None."""
        if not node.children:
            return None
        sign = -1.0 if node.player == 1 else 1.0
        spans = {
            move: (min(sign * c.lower, sign * c.upper), max(sign * c.lower, sign * c.upper))
            for move, c in node.children.items()
        }
        guaranteed = max(low for low, _ in spans.values())

        def matters(move: Move) -> bool:
            low, high = spans[move]
            return high > guaranteed or low >= guaranteed

        candidates = [(m, c) for m, c in node.children.items() if matters(m)]
        return max(candidates, key=lambda item: (item[1].visits, sign * item[1].mean(self.expect)))

    def _principal_line(self, root: Node) -> list[Move]:
        line: list[Move] = []
        node = root
        while len(line) < _PV_LENGTH and node.player >= 0:
            chosen = self._best_child(node)
            if chosen is None:
                break
            line.append(chosen[0])
            node = chosen[1]
        return line

    def _result(self, root: Node, elapsed: float) -> SearchResult:
        line = self._principal_line(root)
        move = line[0] if line else root.untried[-1]
        ranked = sorted(root.children.items(), key=lambda item: -item[1].visits)
        visits = ",".join(
            f"{root.state.move_text(m)}:{child.visits}" for m, child in ranked if child.visits
        )
        sign = -1.0 if root.player == 1 else 1.0
        exact = self.solver and root.solved
        extra: dict[str, object] = {"playouts": self.iterations, "tree": root.size}
        if visits:
            extra["visits"] = visits
        if exact:
            extra["exact"] = True
        info = SearchInfo(
            depth=self._deepest,
            score=sign * root.mean(self.expect) if root.visits or exact else None,
            nodes=self.iterations,
            pv=tuple(line_texts(root.state, line)),
            elapsed=elapsed,
            extra=extra,
        )
        return SearchResult(move, info, exact)

    # -- the tree -----------------------------------------------------------
    def _check(self, state: State) -> None:
        capabilities = state.game.capabilities
        players = capabilities.players
        if players not in (1, 2) or (players == 2 and not capabilities.zero_sum):
            raise ValueError(
                f"MCTS here plays two-player zero-sum and one-player games, not {state.game.spec!r}"
            )
        if self.value_scale == "outcome" and players != 2:
            raise ValueError(
                f"value='outcome' needs a two-player game; {state.game.spec!r} has one player"
            )
        if state.to_move() < 0:
            raise ValueError(f"no move to search: {state.text()!r} is not a player's turn")

    def _root_for(self, state: State) -> Node:
        """The node of ``state`` in the kept tree (within a few plies of its root), or a new one."""
        if self.reuse and self.root is not None:
            layer = [self.root]
            for _ in range(_REUSE_PLIES + 1):
                for node in layer:
                    if node.state == state and node.state.game == state.game:
                        return node
                layer = [child for node in layer for child in node.children.values()]
        self._low, self._high = math.inf, -math.inf
        root = Node(state, *self.bounds)
        root.untried = list(reversed(self.evaluator.order(state, state.legal_moves())))
        return root
