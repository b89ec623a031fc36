"""Rolling-horizon planning: choosing a move as an optimisation problem.

A candidate is a **plan**: a tuple of the next ``horizon`` moves of the
player to move at ``root``. Its fitness is found by simulation, over the core
contract only:

* the plan's moves are played in turn; after each, the opponent's replies
  are **modelled**: the opponent plays the move its evaluator ranks first
  (``evaluator.order(state, legal)[0]``; in the adjacency game, the move
  flipping the most marks, lowest cell first on ties), until the planner is
  to move again;
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

from random import Random

from plyground.algorithms.search.evaluator import Evaluator
from plyground.core.errors import IllegalMoveError
from plyground.core.game import TERMINAL, Move, State

__all__ = ["Plan", "PlanProblem"]

Plan = tuple[Move, ...]
"""A candidate: the planner's next moves, in order."""

_LINE_CACHE_SIZE = 4096


class _Line:
    """A simulated plan: the states before each planner move, and what was played."""

    __slots__ = ("effective", "final", "moves", "states")

    def __init__(self) -> None:
        self.states: list[State] = []
        self.effective: list[Move] = []
        self.moves: list[Move] = []
        self.final: State | None = None


class PlanProblem:
    """Plans of the next ``horizon`` moves for the player to move at ``root``.

    Implements :class:`~plyground.algorithms.local.EvolutionProblem` over
    :data:`Plan` candidates (see the module docstring for the model).
    """

    def __init__(self, root: State, evaluator: Evaluator, horizon: int) -> None:
        if root.is_terminal():
            raise ValueError(f"no plan to make: the game is over in {root.text()!r}")
        if horizon < 1:
            raise ValueError(f"horizon must be at least 1, got {horizon!r}")
        self.root = root
        self.player = root.to_move()
        self.evaluator = evaluator
        self.horizon = horizon
        self._lines: dict[Plan, _Line] = {}

    # -- the model ---------------------------------------------------------
    def model_move(self, state: State) -> Move:
        """The move the evaluator ranks first: the opponent model and the repair rule."""
        return self.evaluator.order(state, state.legal_moves())[0]

    def simulate(self, plan: Plan) -> _Line:
        """Play ``plan`` with modelled replies and repairs (cached for neighbours)."""
        line = self._lines.get(plan)
        if line is not None:
            return line
        line = _Line()
        state = self.root
        player = self.player
        for move in plan:
            if state.to_move() == TERMINAL:
                break
            line.states.append(state)
            try:
                child = state.play(move)
            except IllegalMoveError:
                move = self.model_move(state)
                child = state.play(move)
            line.effective.append(move)
            line.moves.append(move)
            state = child
            while state.to_move() != player and state.to_move() != TERMINAL:
                reply = self.model_move(state)
                line.moves.append(reply)
                state = state.play(reply)
        line.final = state
        if len(self._lines) >= _LINE_CACHE_SIZE:
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
        assert line.final is not None
        return self.value(line.final, len(line.moves))

    def greedy_plan(self) -> Plan:
        """The plan of model moves: what the evaluator's first choice would play each turn."""
        plan: list[Move] = []
        state = self.root
        while len(plan) < self.horizon and state.to_move() != TERMINAL:
            plan.append(self.model_move(state))
            state = state.play(plan[-1])
            while state.to_move() != self.player and state.to_move() != TERMINAL:
                state = state.play(self.model_move(state))
        return tuple(plan)

    def random_candidate(self, rng: Random) -> Plan:
        """A plan of uniformly random legal moves (against the modelled replies)."""
        plan: list[Move] = []
        state = self.root
        while len(plan) < self.horizon and state.to_move() != TERMINAL:
            plan.append(rng.choice(state.legal_moves()))
            state = state.play(plan[-1])
            while state.to_move() != self.player and state.to_move() != TERMINAL:
                state = state.play(self.model_move(state))
        return tuple(plan)

    def neighbours(self, plan: Plan) -> list[Plan]:
        """Every plan that changes one effective move to another legal at its turn."""
        line = self.simulate(plan)
        base = tuple(line.effective)
        result: list[Plan] = []
        for slot, state in enumerate(line.states):
            head, current, tail = base[:slot], base[slot], base[slot + 1 :]
            result.extend((*head, move, *tail) for move in state.legal_moves() if move != current)
        return result

    def random_neighbour(self, plan: Plan, rng: Random) -> Plan:
        """One neighbour drawn at random: a random slot, a random other legal move."""
        line = self.simulate(plan)
        base = tuple(line.effective)
        slots = list(range(len(line.states)))
        rng.shuffle(slots)
        for slot in slots:
            moves = line.states[slot].legal_moves()
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
