"""Nine Men's Morris evaluation: weighted relations by phase (the seed's, from the Morris
paper in docs/course.md, and ours, which adds mobility and weighs every position by its own phase).

A position is valued for the player to move as a weighted sum of relations,
each the mover's count minus the opponent's unless said otherwise:

========  ===================================================================
closed    R1: a mill was closed on the last move: +1 by the mover, -1 by the
          opponent (the last move is always the opponent's here, so 0 or -1)
mills     R2: closed mills
blocked   R3: blocked men (no empty neighbour), the opponent's minus the mover's
men       R4: men, on the board and in hand
twos      R5: two-piece configurations: a mill line with two own men and an
          empty point
threes    R6: three-piece configurations: a man in two such lines at once
opened    "opened" mills: a two-piece line whose empty point has another own
          man next to it, off the line, so the mill closes on the next move
double    double mills: a man in two closed mills
win       winning configuration: +1 when the opponent cannot move (or has
          fewer than three men), -1 when the mover is in that state
mobility  steps along a line to an empty point (a man with two empty
          neighbours counts two), whatever the phase: a side with few
          steps left is close to being blocked, which loses
========  ===================================================================

The weights differ by phase (:class:`MorrisWeights`). The position is in
the placing phase while anyone has men in hand, in the flying phase once
someone is down to three men, in the moving phase otherwise.

Two weight sets are provided. :meth:`MorrisWeights.seed` is the seed's
tournament-tuned set, meant to weigh a whole search with the phase of its
root (so its flying weights need no material term):

* placing: 18 closed + 26 mills + 1 blocked + 6 men + 12 twos + 7 threes
* moving: 14 closed + 43 mills + 10 blocked + 8 men + 7 opened + 42 double + 1086 win
* flying: 16 closed + 10 twos + 1 threes + 1190 win

The default set (``MorrisWeights()``, docs/morris.md gives the numbers) weighs
each position by its own phase, so every phase counts men, mobility,
blocked men and the winning configuration: a search from the placing phase
then sees the moving phase's blockades coming.

Every relation is computed with whole-board bit operations
(:mod:`plyground.games.morris.board`): about thirty integer operations per
player, no loop over points. A finished game scores ``WIN - ply`` for a win
and ``ply - WIN`` for a loss (``WIN`` = 100,000, far above any weighted
sum), so the search prefers the fastest win and the slowest loss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import cast

from plyground.core.errors import SettingsError
from plyground.core.evaluation import Evaluator, TunableWeight, by_distance
from plyground.core.game import Game, Move, State
from plyground.games.morris.board import (
    FULL,
    TRIPLE_STARTS,
    adjacent,
    along_triples,
    spread,
    steps,
    to_horizontal,
    to_vertical,
    triple_flags,
    vertical_neighbours,
)
from plyground.games.morris.rules import WHITE, MorrisState

__all__ = [
    "PHASES",
    "RELATIONS",
    "WIN",
    "MorrisEvaluator",
    "MorrisWeights",
    "PhaseWeights",
    "make_evaluator",
    "phase_of",
    "relations",
]

WIN = 100_000
"""The score of a win at the root; one less per ply."""

RELATIONS = (
    "closed",
    "mills",
    "blocked",
    "men",
    "twos",
    "threes",
    "opened",
    "double",
    "win",
    "mobility",
)
"""The relations, in the order of the table above."""

PHASES = ("placing", "moving", "flying")

_TAKES = 1 << 10
"""Moves (ints, see ``rules.encode``) at least this large take a man."""


@dataclass(frozen=True)
class PhaseWeights:
    """The weight of each relation in one phase (0: not used)."""

    closed: float = 0.0
    mills: float = 0.0
    blocked: float = 0.0
    men: float = 0.0
    twos: float = 0.0
    threes: float = 0.0
    opened: float = 0.0
    double: float = 0.0
    win: float = 0.0
    mobility: float = 0.0


# Mobility was 3, 4 and 1 (placing, moving, flying) until measured against Sanmill at
# equal depth: 10 in every phase (a quarter of a man a step; Sanmill's evaluation counts
# a fifth) raised the score from 48.5% and 39.5% to 63% at depths 6 and 8 (docs/morris.md).


def _placing() -> PhaseWeights:
    return PhaseWeights(
        closed=8, mills=20, blocked=6, men=40, twos=10, threes=6, win=400, mobility=10
    )


def _moving() -> PhaseWeights:
    return PhaseWeights(
        closed=8, mills=16, blocked=8, men=40, twos=6, opened=16, double=24, win=400, mobility=10
    )


def _flying() -> PhaseWeights:
    return PhaseWeights(
        closed=8, mills=8, blocked=6, men=40, twos=24, threes=4, win=400, mobility=10
    )


_SEED = {
    "placing": PhaseWeights(closed=18, mills=26, blocked=1, men=6, twos=12, threes=7),
    "moving": PhaseWeights(closed=14, mills=43, blocked=10, men=8, opened=7, double=42, win=1086),
    "flying": PhaseWeights(closed=16, twos=10, threes=1, win=1190),
}


@dataclass(frozen=True)
class MorrisWeights:
    """The three weight sets; flat names like ``"moving.mills"`` for weight files.

    ``MorrisWeights()`` is the default set, for positions weighed by their
    own phase; :meth:`seed` the seed's, for a search weighed by its root's.
    """

    placing: PhaseWeights = field(default_factory=_placing)
    moving: PhaseWeights = field(default_factory=_moving)
    flying: PhaseWeights = field(default_factory=_flying)

    def as_dict(self) -> dict[str, float]:
        """Every weight by flat name (``"placing.closed"``, ...), for weight files and tuning."""
        return {
            f"{phase}.{name}": value
            for phase in PHASES
            for name, value in asdict(getattr(self, phase)).items()
        }

    @classmethod
    def seed(cls) -> MorrisWeights:
        """The seed's tournament-tuned weights (the Morris paper in docs/course.md)."""
        return cls(**_SEED)

    @classmethod
    def from_dict(
        cls, weights: Mapping[str, float], base: MorrisWeights | None = None
    ) -> MorrisWeights:
        """``base`` (default: the defaults) with the given flat-named weights replaced;
        SettingsError if a name is unknown."""
        known = {f.name for f in fields(PhaseWeights)}
        changes: dict[str, dict[str, float]] = {phase: {} for phase in PHASES}
        for key, value in weights.items():
            phase, _, name = key.partition(".")
            if phase not in changes or name not in known:
                names = ", ".join(f"{p}.{n}" for p in PHASES for n in RELATIONS)
                raise SettingsError(f"unknown Morris weight {key!r} (known: {names})")
            changes[phase][name] = float(value)
        defaults = base or cls()
        return cls(
            **{phase: replace(getattr(defaults, phase), **changes[phase]) for phase in PHASES}
        )


def phase_of(state: MorrisState) -> str:
    """The evaluation's phase: placing while anyone has men in hand, flying once someone has
    three men, moving otherwise."""
    if state.white_hand or state.black_hand:
        return "placing"
    if state.white.bit_count() == 3 or state.black.bit_count() == 3:
        return "flying"
    return "moving"


def _side(own: int, empty: int, adj_empty: int) -> tuple[int, int, int, int, int, int]:
    """One player's (mills, blocked, twos, threes, opened, double) counts."""
    h_full, h_two = triple_flags(own, empty)
    own_v, empty_v = to_vertical(own), to_vertical(empty)
    v_full, v_two = triple_flags(own_v, empty_v)
    h_two_points, v_two_points = spread(h_two), spread(v_two)
    threes = own & h_two_points & to_horizontal(v_two_points)
    double = own & spread(h_full) & to_horizontal(spread(v_full))
    # An open point of a horizontal line closes from a vertical neighbour, and vice versa.
    opened = (h_two_points & empty & vertical_neighbours(own)).bit_count() + (
        v_two_points & empty_v & to_vertical(along_triples(own))
    ).bit_count()
    return (
        h_full.bit_count() + v_full.bit_count(),
        (own & ~adj_empty).bit_count(),
        h_two.bit_count() + v_two.bit_count(),
        threes.bit_count(),
        opened,
        double.bit_count(),
    )


def relations(state: MorrisState) -> dict[str, int]:
    """Every relation for the player to move, by name (what the evaluation weighs)."""
    side = state.side
    own, theirs = (state.white, state.black) if side == WHITE else (state.black, state.white)
    empty = FULL & ~(own | theirs)
    adj_empty = adjacent(empty)
    mine = _side(own, empty, adj_empty)
    their = _side(theirs, empty, adj_empty)
    own_men, their_men = state.men(side), state.men(1 - side)

    def stuck(men: int, hand: int, total: int) -> bool:
        return total < 3 or (not hand and total > 3 and not men & adj_empty)

    win = int(stuck(theirs, state.hand(1 - side), their_men)) - int(
        stuck(own, state.hand(side), own_men)
    )
    return {
        "closed": -1 if state.took else 0,
        "mills": mine[0] - their[0],
        "blocked": their[1] - mine[1],
        "men": own_men - their_men,
        "twos": mine[2] - their[2],
        "threes": mine[3] - their[3],
        "opened": mine[4] - their[4],
        "double": mine[5] - their[5],
        "win": win,
        "mobility": steps(own, empty) - steps(theirs, empty),
    }


def _balance(own_h: int, own_v: int, their_h: int, their_v: int) -> int:
    """The mover's flags less the opponent's, over both orders' triple flags."""
    return own_h.bit_count() + own_v.bit_count() - their_h.bit_count() - their_v.bit_count()


def _blocked_and_win(
    value: float,
    weights: tuple[float, float],
    empties: tuple[int, int],
    mover: tuple[int, int, int],
    opponent: tuple[int, int, int],
) -> float:
    """``value`` plus the blocked-men and winning-configuration terms, added as the kernel
    adds them. ``empties``: the empty points in either order; ``mover`` and ``opponent``:
    (men on the board, men in all, men in hand)."""
    w_blocked, w_win = weights
    own, own_men, own_hand = mover
    theirs, their_men, their_hand = opponent
    empty, empty_v = empties
    # Points next to an empty point: along the usual order's triples, and the vertical
    # ones through the transposed order.
    near = along_triples(empty_v)
    near = along_triples(empty) | to_horizontal(near)
    own_free, their_free = own & near, theirs & near
    value += w_blocked * ((theirs ^ their_free).bit_count() - (own ^ own_free).bit_count())
    if w_win:
        if their_men < 3 or (not their_hand and their_men > 3 and not their_free):
            value += w_win
        if own_men < 3 or (not own_hand and own_men > 3 and not own_free):
            value -= w_win
    return value


class MorrisEvaluator(Evaluator):
    """Weighted relations with per-phase weights; taking moves searched first.

    With ``phase=None`` (the default) each position is weighed by its own
    phase, as the default weights are meant to be. With a phase given, every
    position is weighed with that phase's weights: the seed's evaluation
    (``MorrisWeights.seed()``) is used that way, with the phase of the
    position the bot is thinking about, because the seed's flying weights
    have no material term (docs/morris.md).
    """

    decisive = WIN / 2

    def __init__(self, weights: MorrisWeights | None = None, phase: str | None = None) -> None:
        if phase is not None and phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
        self.weights = weights or MorrisWeights()
        self.phase = phase
        self._placing, self._moving, self._flying = (
            tuple(getattr(getattr(self.weights, phase), name) for name in RELATIONS)
            for phase in PHASES
        )
        self._fixed: tuple[float, ...] = getattr(self, f"_{phase or 'moving'}")

    def tunable_weights(self) -> tuple[TunableWeight, ...]:
        """The non-zero weights of the set this evaluation holds (the defaults, or the
        seed's) by flat name (``moving.mills``), each searched in ``[0, 2 x its value]``; the
        relations a phase does not use stay 0 (``plyground tune``)."""
        held = self.weights.as_dict()
        return tuple(
            TunableWeight(name, value, 0.0, 2.0 * value, f"{name} (default: {value:g})")
            for name, value in held.items()
            if value > 0
        )

    def terminal(self, state: State, player: int, ply: int) -> float:
        assert isinstance(state, MorrisState)
        return by_distance(state.winner(), player, ply, WIN)

    def evaluate(self, state: State) -> float:
        """The weighted relations for the player to move.

        The same numbers as :func:`relations` (the tests hold them equal),
        computed inline: this runs at every leaf of the search.
        """
        assert isinstance(state, MorrisState)
        if state.side == WHITE:
            own, theirs = state.white, state.black
            own_hand, their_hand = state.white_hand, state.black_hand
        else:
            own, theirs = state.black, state.white
            own_hand, their_hand = state.black_hand, state.white_hand
        weights = self._weights_for(own, theirs, own_hand, their_hand)
        (
            w_closed,
            w_mills,
            w_blocked,
            w_men,
            w_twos,
            w_threes,
            w_opened,
            w_double,
            w_win,
            w_mobility,
        ) = weights
        starts = TRIPLE_STARTS
        empty = FULL & ~(own | theirs)
        own_v, their_v = to_vertical(own), to_vertical(theirs)
        empty_v = FULL & ~(own_v | their_v)
        # Triple flags on each triple's first bit: full, and two men with an empty point.
        open_h = (empty | empty >> 1 | empty >> 2) & starts
        open_v = (empty_v | empty_v >> 1 | empty_v >> 2) & starts
        a, b, c = own & starts, own >> 1 & starts, own >> 2 & starts
        own_full_h, own_two_h = a & b & c, (a & b | c & (a | b)) & open_h
        a, b, c = own_v & starts, own_v >> 1 & starts, own_v >> 2 & starts
        own_full_v, own_two_v = a & b & c, (a & b | c & (a | b)) & open_v
        a, b, c = theirs & starts, theirs >> 1 & starts, theirs >> 2 & starts
        their_full_h, their_two_h = a & b & c, (a & b | c & (a | b)) & open_h
        a, b, c = their_v & starts, their_v >> 1 & starts, their_v >> 2 & starts
        their_full_v, their_two_v = a & b & c, (a & b | c & (a | b)) & open_v
        own_men = own.bit_count() + own_hand
        their_men = theirs.bit_count() + their_hand
        value = w_men * (own_men - their_men)
        if w_closed and state.took:
            value -= w_closed
        if w_mills:
            value += w_mills * _balance(own_full_h, own_full_v, their_full_h, their_full_v)
        if w_twos:
            value += w_twos * _balance(own_two_h, own_two_v, their_two_h, their_two_v)
        if w_blocked or w_win:
            value = _blocked_and_win(
                value,
                (w_blocked, w_win),
                (empty, empty_v),
                (own, own_men, own_hand),
                (theirs, their_men, their_hand),
            )
        if w_threes:
            value += w_threes * (
                (own & own_two_h * 7 & to_horizontal(own_two_v * 7)).bit_count()
                - (theirs & their_two_h * 7 & to_horizontal(their_two_v * 7)).bit_count()
            )
        if w_double:
            value += w_double * (
                (own & own_full_h * 7 & to_horizontal(own_full_v * 7)).bit_count()
                - (theirs & their_full_h * 7 & to_horizontal(their_full_v * 7)).bit_count()
            )
        if w_opened:
            value += w_opened * (
                (own_two_h * 7 & empty & vertical_neighbours(own)).bit_count()
                + (own_two_v * 7 & empty_v & to_vertical(along_triples(own))).bit_count()
                - (their_two_h * 7 & empty & vertical_neighbours(theirs)).bit_count()
                - (their_two_v * 7 & empty_v & to_vertical(along_triples(theirs))).bit_count()
            )
        if w_mobility:
            # Steps along lines: one-bit shifts within the triples of either order.
            inner = ~starts & FULL
            upper = ~(starts << 2)
            value += w_mobility * (
                (own << 1 & inner & empty).bit_count()
                + (own >> 1 & upper & empty).bit_count()
                + (own_v << 1 & inner & empty_v).bit_count()
                + (own_v >> 1 & upper & empty_v).bit_count()
                - (theirs << 1 & inner & empty).bit_count()
                - (theirs >> 1 & upper & empty).bit_count()
                - (their_v << 1 & inner & empty_v).bit_count()
                - (their_v >> 1 & upper & empty_v).bit_count()
            )
        return float(value)

    def _weights_for(
        self, own: int, theirs: int, own_hand: int, their_hand: int
    ) -> tuple[float, ...]:
        """The weights row of the position: the fixed phase's, or the position's own."""
        if self.phase is not None:
            return self._fixed
        if own_hand or their_hand:
            return self._placing
        if own.bit_count() == 3 or theirs.bit_count() == 3:
            return self._flying
        return self._moving

    def order(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Moves that take a man first, then moves onto the open point of an opposing
        two-piece line (which stop a mill), then the rest, each group in the game's order."""
        assert isinstance(state, MorrisState)
        own, theirs = (
            (state.white, state.black) if state.side == WHITE else (state.black, state.white)
        )
        empty = FULL & ~(own | theirs)
        _, h_two = triple_flags(theirs, empty)
        _, v_two = triple_flags(to_vertical(theirs), to_vertical(empty))
        threats = (spread(h_two) | to_horizontal(spread(v_two))) & empty
        ints = cast("Sequence[int]", moves)
        takes = [m for m in ints if m >= _TAKES]
        if not threats:
            return takes + [m for m in ints if m < _TAKES] if takes else moves
        quiet = [m for m in ints if m < _TAKES]
        blocks = [m for m in quiet if threats >> (m & 31) & 1]
        return takes + blocks + [m for m in quiet if not threats >> (m & 31) & 1]


def make_evaluator(weights: dict[str, float] | None, game: Game) -> MorrisEvaluator:
    """The evaluation of Morris (its profile's ``evaluator``), with ``weights`` by name
    over the defaults."""
    return MorrisEvaluator(MorrisWeights.from_dict(weights or {}))
