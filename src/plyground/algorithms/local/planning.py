"""Rolling-horizon planning: choosing a move as an optimisation problem.

A candidate is a **plan**: a tuple of the next ``horizon`` moves of the
player to move at ``root``. Its fitness is found by simulation, over the core
contract only:

* the plan's moves are played in turn; after each, the opponent's replies
  are **modelled**: the opponent plays the move its evaluator ranks first
  (``evaluator.order(state, legal)[0]``; in the adjacency game, the move
  flipping the most marks, lowest cell first on ties), until the planner is
  to move again; ``opponent="evaluate"`` models instead the reply that
  leaves the planner the lowest evaluation (a one-ply search per reply);
* **repair**: a plan move that is illegal when its turn comes (its cell was
  taken by a modelled reply, or it repeats an earlier plan move) is replaced
  by the move the evaluator ranks first there, so every tuple of moves is a
  valid candidate and fitness is a pure function of the plan;
* the fitness is the evaluator's value of the position reached, for the
  planner; or, when the game ends inside the plan, its exact result
  (``evaluator.terminal``).

Neighbours change one move of the *repaired* plan (its **effective** moves)
to another move that is legal at that point of the simulated line; later
moves keep their cells and are repaired if needed. Crossover is one-point:
the child takes a prefix of one parent and the rest of the other, so the
prefix is played exactly as in the first parent. Mutation is a random
neighbour. The searcher plays the first effective move of the best plan and
plans again next turn (the *rolling* horizon).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random

from plyground.core.errors import IllegalMoveError
from plyground.core.evaluation import Evaluator
from plyground.core.game import TERMINAL, Move, State

__all__ = ["OPPONENT_MODELS", "Plan", "PlanProblem", "SimulatedLine"]

OPPONENT_MODELS = ("order", "evaluate")
"""How the opponent's replies are modelled (see :meth:`PlanProblem.reply`)."""

Plan = tuple[Move, ...]
"""A candidate: the planner's next moves, in order."""

_CACHE_SIZE = 1 << 15
"""Entries per memo before it is cleared (memos only save work; they never change a result)."""


class SimulatedLine:
    """A simulated plan (treat as read-only; it is shared through the memo).

    ``states[i]``: the position before the planner's ``i``-th move;
    ``effective[i]``: the move it played there (the plan's, or the repair);
    ``moves``: every move played, the modelled replies included;
    ``final``: the position reached (the planner to move, or the game over).
    """

    __slots__ = ("effective", "final", "moves", "states")

    def __init__(self, root: State) -> None:
        self.states: list[State] = []
        self.effective: list[Move] = []
        self.moves: list[Move] = []
        self.final: State = root


class PlanProblem:
    """Plans of the next ``horizon`` moves for the player to move at ``root``.

    Implements :class:`~plyground.algorithms.local.EvolutionProblem` over
    :data:`Plan` candidates (see the module docstring for the model).

    Simulation is the hot path, so it is memoised: one planner move from a
    given state (with its repair and modelled replies) is computed once, and
    so are the legal moves of a state and the line of a plan. Neighbouring
    plans share every step before the slot they change.
    """

    def __init__(
        self, root: State, evaluator: Evaluator, horizon: int, opponent: str = "order"
    ) -> None:
        if root.is_terminal():
            raise ValueError(f"no plan to make: the game is over in {root.text()!r}")
        if horizon < 1:
            raise ValueError(f"horizon must be at least 1, got {horizon!r}")
        self.root = root
        self.player = root.to_move()
        self.evaluator = evaluator
        self.horizon = horizon
        if opponent not in OPPONENT_MODELS:
            raise ValueError(
                f"unknown opponent model {opponent!r} (known: {', '.join(OPPONENT_MODELS)})"
            )
        self.opponent = opponent
        self._lines: dict[Plan, SimulatedLine] = {}
        self._steps: dict[tuple[State, Move], tuple[Move, tuple[Move, ...], State]] = {}
        self._legal: dict[State, Sequence[Move]] = {}

    # -- the model ---------------------------------------------------------
    def legal_moves(self, state: State) -> Sequence[Move]:
        """``state.legal_moves()``, memoised."""
        moves = self._legal.get(state)
        if moves is None:
            if len(self._legal) >= _CACHE_SIZE:
                self._legal.clear()
            moves = self._legal[state] = state.legal_moves()
        return moves

    def model_move(self, state: State) -> Move:
        """The move the evaluator ranks first: the opponent model and the repair rule."""
        return self.evaluator.order(state, self.legal_moves(state))[0]

    def reply(self, state: State) -> Move:
        """The opponent's modelled move: ``order`` (the evaluator's first) or ``evaluate``
        (the move leaving the planner the lowest value, one ply deep)."""
        if self.opponent == "order":
            return self.model_move(state)
        best: Move | None = None
        best_value = math.inf
        for move in self.evaluator.order(state, self.legal_moves(state)):
            value = self.value(state.play(move), 0)
            if value < best_value:
                best, best_value = move, value
        assert best is not None
        return best

    def step(self, state: State, move: Move) -> tuple[Move, tuple[Move, ...], State]:
        """The planner plays ``move`` (repaired if illegal), then the modelled replies.

        Returns the move played, the replies, and the state reached (the
        planner to move again, or the game over). Memoised.
        """
        key = (state, move)
        known = self._steps.get(key)
        if known is not None:
            return known
        try:
            after = state.play(move)
        except IllegalMoveError:
            move = self.model_move(state)
            after = state.play(move)
        replies: list[Move] = []
        while after.to_move() != self.player and after.to_move() != TERMINAL:
            replies.append(self.reply(after))
            after = after.play(replies[-1])
        if len(self._steps) >= _CACHE_SIZE:
            self._steps.clear()
        result = self._steps[key] = (move, tuple(replies), after)
        return result

    def simulate(self, plan: Plan) -> SimulatedLine:
        """Play ``plan`` with modelled replies and repairs (memoised)."""
        line = self._lines.get(plan)
        if line is not None:
            return line
        line = SimulatedLine(self.root)
        state = self.root
        for move in plan:
            if state.to_move() == TERMINAL:
                break
            line.states.append(state)
            played, replies, state = self.step(state, move)
            line.effective.append(played)
            line.moves.append(played)
            line.moves.extend(replies)
        line.final = state
        if len(self._lines) >= _CACHE_SIZE:
            self._lines.clear()
        self._lines[plan] = line
        return line

    def value(self, state: State, ply: int) -> float:
        """A simulated position's worth for the planner (exact when the game is over)."""
        if state.to_move() == TERMINAL:
            return self.evaluator.terminal(state, self.player, ply)
        value = self.evaluator.evaluate(state)
        return value if state.to_move() == self.player else -value

    # -- the problem protocol ----------------------------------------------
    def fitness(self, plan: Plan) -> float:
        """The value for the planner at the end of the simulated plan."""
        line = self.simulate(plan)
        return self.value(line.final, len(line.moves))

    def greedy_plan(self) -> Plan:
        """The plan of model moves: what the evaluator's first choice would play each turn."""
        plan: list[Move] = []
        state = self.root
        while len(plan) < self.horizon and state.to_move() != TERMINAL:
            plan.append(self.model_move(state))
            _, _, state = self.step(state, plan[-1])
        return tuple(plan)

    def random_candidate(self, rng: Random) -> Plan:
        """A plan of uniformly random legal moves (against the modelled replies)."""
        plan: list[Move] = []
        state = self.root
        while len(plan) < self.horizon and state.to_move() != TERMINAL:
            plan.append(rng.choice(self.legal_moves(state)))
            _, _, state = self.step(state, plan[-1])
        return tuple(plan)

    def neighbours(self, plan: Plan) -> list[Plan]:
        """Every plan that changes one effective move to another legal at its turn."""
        line = self.simulate(plan)
        base = tuple(line.effective)
        result: list[Plan] = []
        for slot, state in enumerate(line.states):
            head, current, tail = base[:slot], base[slot], base[slot + 1 :]
            result.extend(
                (*head, move, *tail) for move in self.legal_moves(state) if move != current
            )
        return result

    def random_neighbour(self, plan: Plan, rng: Random) -> Plan:
        """One neighbour drawn at random: a random slot, a random other legal move."""
        line = self.simulate(plan)
        base = tuple(line.effective)
        slots = list(range(len(line.states)))
        rng.shuffle(slots)
        for slot in slots:
            moves = self.legal_moves(line.states[slot])
            if len(moves) < 2:
                continue
            move = base[slot]
            while move == base[slot]:
                move = rng.choice(moves)
            return (*base[:slot], move, *base[slot + 1 :])
        return base

    def crossover(self, first: Plan, second: Plan, rng: Random) -> Plan:
        """One-point crossover: a prefix of ``first``, then the rest of ``second``."""
        length = min(len(first), len(second))
        if length < 2:
            return first
        cut = rng.randrange(1, length)
        return first[:cut] + second[cut:]

    def mutate(self, plan: Plan, rng: Random) -> Plan:
        """A random neighbour."""
        return self.random_neighbour(plan, rng)

    # -- reading a plan ----------------------------------------------------
    def line(self, plan: Plan) -> list[Move]:
        """The simulated line: effective plan moves interleaved with modelled replies."""
        return list(self.simulate(plan).moves)

    def first_move(self, plan: Plan) -> Move:
        """The move to play now: the plan's first effective move (always legal at root)."""
        line = self.simulate(plan)
        return line.effective[0] if line.effective else self.model_move(self.root)
