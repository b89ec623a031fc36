"""Exact play of a wall's last stage in 2048: a prototype that ``g2048_wall.py`` measures.

Near 32768 (or any power of two the tiles are about to add up to) the big tiles stand
together and the few cells left must build the tile that merges into the smallest
of them. A depth-limited expectimax with a chance cut sees a few spawns of that; the
stage can last dozens. macroxue/2048-ai plays such stages from tables of exact
values (its README: 32768 in 38% of games at depth 3, where the anchor's published
rate at depth 8 is 36%). This module tries the idea in its simplest form:

* **The stage.** The *locked* cells hold the board's largest tiles: those at least
  the ``16 - most_free``-th largest. They must be distinct (equal big tiles would
  rather merge) and one connected group (a stray big tile is nothing to build
  on). The others are *free* (at most ``most_free``), and the *goal* is a free
  cell next to the smallest locked tile holding that tile, ready to merge.
* **The restricted game.** Only moves that leave every locked cell as it is; the
  spawns fall on the free cells. A board where the goal holds is worth 1, one with
  no such move 0, any other the best move's mean over the spawns: the exact
  chance of reaching the goal. Every move adds a tile to the free cells' sum, so
  the game is finite and its values are memoised per board.
* **The player** (:class:`FinishingBot`) asks its inner bot, and in a stage whose
  goal does not hold yet plays the restricted game's best move instead when the
  inner move's chance of the goal is more than ``margin`` (0.02) below it. (Played
  outright, the exact values cannot choose among the many moves that reach the
  goal for sure, and the first in move order was played whatever it did.)

Slow (pure Python: seconds for a new stage's values), and measured only from wall
boards. It plays worse than the bot it overrules: docs/2048-vs-nneonneo.md, "Playing
the last stage exactly". Kept as the instrument for the next try (other goals, other stages).
"""

from __future__ import annotations

from dataclasses import dataclass

from plyground.bots.base import Bot, Decision, InfoCallback
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit, SearchInfo
from plyground.games.g2048 import G2048State
from plyground.games.g2048.rules import CELLS, SIDE, SPAWN_FOUR_PROBABILITY, Board, slide

SPAWNS = ((1, 1 - SPAWN_FOUR_PROBABILITY), (2, SPAWN_FOUR_PROBABILITY))
"""(exponent, probability) of a spawned tile."""


def neighbours(cell: int) -> tuple[int, ...]:
    """The cells orthogonally next to ``cell``."""
    row, column = divmod(cell, SIDE)
    near = []
    if row > 0:
        near.append(cell - SIDE)
    if row < SIDE - 1:
        near.append(cell + SIDE)
    if column > 0:
        near.append(cell - 1)
    if column < SIDE - 1:
        near.append(cell + 1)
    return tuple(near)


def connected(cells: tuple[int, ...]) -> bool:
    """Whether ``cells`` form one orthogonally connected group."""
    seen = {cells[0]}
    frontier = [cells[0]]
    while frontier:
        for near in neighbours(frontier.pop()):
            if near in cells and near not in seen:
                seen.add(near)
                frontier.append(near)
    return len(seen) == len(cells)


@dataclass(frozen=True)
class Stage:
    """A board's last stage: the locked cells and their tiles, and the goal. Equal stages
    have the same restricted game."""

    locked: tuple[int, ...]
    """The locked cells, in cell order."""
    tiles: tuple[int, ...]
    """The exponents on the locked cells."""
    goal: tuple[int, ...]
    """The free cells next to the smallest locked tile."""

    @property
    def target(self) -> int:
        """The exponent of the smallest locked tile."""
        return min(self.tiles)

    def reached(self, board: Board) -> bool:
        """Whether a goal cell holds the target tile."""
        target = self.target
        return any(board[cell] == target for cell in self.goal)

    def keeps(self, after: Board) -> bool:
        """Whether a slide left every locked cell as it was."""
        return all(after[cell] == tile for cell, tile in zip(self.locked, self.tiles, strict=True))


def stage_of(board: Board, most_free: int) -> Stage | None:
    """The last stage of ``board`` with at most ``most_free`` free cells (None: it has
    none: too many small tiles, or equal big ones)."""
    ranked = sorted(board, reverse=True)
    threshold = ranked[CELLS - most_free - 1]
    if threshold == 0:
        return None
    locked = tuple(cell for cell in range(CELLS) if board[cell] >= threshold)
    tiles = tuple(board[cell] for cell in locked)
    if len(set(tiles)) != len(tiles):
        return None
    if not connected(locked):
        return None  # a stray big tile: the stage's goal would build on it
    end = locked[tiles.index(min(tiles))]
    goal = tuple(cell for cell in neighbours(end) if cell not in locked)
    if not goal:
        return None
    return Stage(locked, tiles, goal)


class StageSolver:
    """Exact values of one stage's restricted game, memoised per board (the stage's boards
    come move after move, so the table serves them all)."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.values: dict[Board, float] = {}

    def move_values(self, board: Board) -> dict[Move, float]:
        """Each move of the restricted game from ``board`` (to move) with its value."""
        result: dict[Move, float] = {}
        for move in range(4):
            after, _ = slide(board, move)
            if after != board and self.stage.keeps(after):
                result[move] = self._after_slide(after)
        return result

    def _after_slide(self, after: Board) -> float:
        if self.stage.reached(after):
            return 1.0
        empty = [cell for cell in range(CELLS) if after[cell] == 0]
        total = 0.0
        for cell in empty:
            for exponent, probability in SPAWNS:
                spawned = (*after[:cell], exponent, *after[cell + 1 :])
                total += probability * self._value(spawned)
        return total / len(empty)

    def _value(self, board: Board) -> float:
        known = self.values.get(board)
        if known is None:
            if self.stage.reached(board):
                known = 1.0
            else:
                known = max(self.move_values(board).values(), default=0.0)
            self.values[board] = known
        return known


class FinishingBot(Bot):
    """An inner bot whose moves in a last stage the restricted game's exact values may
    overrule (benchmark only)."""

    NAME = "finishing"
    DESCRIPTION = "overrules its inner bot by a last stage's exact values (benchmark only)"
    GAMES = ("2048",)

    def __init__(self, inner: Bot, most_free: int, margin: float = 0.02) -> None:
        super().__init__()
        self.inner = inner
        self.most_free = most_free
        self.margin = margin
        """How much more chance of the goal the best move must have to overrule."""
        self.solver: StageSolver | None = None
        """The current stage's values (a new stage's boards never hold an old one's)."""
        self.exact_moves = 0
        """Moves overruled this game."""

    def new_game(self, game: Game) -> None:
        self.inner.new_game(game)
        self.solver = None
        self.exact_moves = 0

    def choose(
        self, state: State, limit: Limit | None = None, on_info: InfoCallback | None = None
    ) -> Decision:
        assert isinstance(state, G2048State)
        decision = self.inner.choose(state, limit, on_info)
        stage = stage_of(state.board, self.most_free)
        if stage is None or stage.reached(state.board):
            return decision
        if self.solver is None or self.solver.stage != stage:
            self.solver = StageSolver(stage)
        values = self.solver.move_values(state.board)
        if not values:
            return decision
        best = max(values, key=values.__getitem__)
        inner = values.get(decision.move, 0.0)  # 0: the inner move breaks the chain
        if inner >= values[best] - self.margin:
            return decision
        # Many moves reach a sure goal alike: only a clear loss of chance overrules.
        self.exact_moves += 1
        extra = {"chance": values[best], "inner chance": inner}
        return Decision(best, SearchInfo(pv=(state.move_text(best),), extra=extra))
