"""Why a Nine Men's Morris move is illegal, in words a player can act on.

The rules (:mod:`plyground.games.morris.rules`) decide legality by their
list of legal moves; these checks run only to explain a refusal (a parsed
move, or a move the list does not hold), so they may be slow and wordy.
"""

from __future__ import annotations

from plyground.core.errors import IllegalMoveError
from plyground.games.morris.board import MILLS_OF, NEIGHBOURS, POINTS, bits, in_mills
from plyground.games.morris.encoding import COLOURS, NONE

__all__ = ["check_move"]


def check_move(  # noqa: PLR0917 - a position's parts, then a move's
    side: int, own: int, theirs: int, hand: int, origin: int, destination: int, taken: int
) -> None:
    """Raise IllegalMoveError saying why ``side`` (with men ``own`` on the board and
    ``hand`` in hand, against ``theirs``) may not play the move; return when it may.

    The game must not be over (the caller says so first)."""
    _check_step(side, own, theirs, hand, origin, destination)
    _check_take(side, own, theirs, origin, destination, taken)


def _check_step(  # noqa: PLR0917 - as check_move
    side: int, own: int, theirs: int, hand: int, origin: int, destination: int
) -> None:
    """Raise unless the mover may place on (or move along a line, or fly, from ``origin``
    to) ``destination``."""
    colour, other = COLOURS[side], COLOURS[1 - side]
    if origin == NONE:
        if not hand:
            raise IllegalMoveError(
                f"{colour} has no men left to place: move one along a line, like 'd2-d3'"
            )
    else:
        if hand:
            raise IllegalMoveError(
                f"{colour} still has {hand} men to place: write the point to place on, "
                f"like '{POINTS[destination]}'"
            )
        if not own >> origin & 1:
            holder = f"a {other} man" if theirs >> origin & 1 else "no man"
            raise IllegalMoveError(f"{POINTS[origin]} holds {holder}, not one of {colour}'s")
    if (own | theirs) >> destination & 1:
        holder = colour if own >> destination & 1 else other
        raise IllegalMoveError(f"{POINTS[destination]} is taken by a {holder} man")
    flying = not hand and own.bit_count() == 3
    if origin != NONE and not flying and not NEIGHBOURS[origin] >> destination & 1:
        near = ", ".join(
            POINTS[p] for p in sorted(bits(NEIGHBOURS[origin]), key=POINTS.__getitem__)
        )
        raise IllegalMoveError(
            f"{POINTS[origin]}-{POINTS[destination]} does not follow a line: from "
            f"{POINTS[origin]} a man moves to {near} (only a player with three men flies)"
        )


def _check_take(  # noqa: PLR0917 - as check_move
    side: int, own: int, theirs: int, origin: int, destination: int, taken: int
) -> None:
    """Raise unless the step takes a man exactly when it closes a mill, and a man that
    may be taken."""
    other = COLOURS[1 - side]
    after = own | 1 << destination
    if origin != NONE:
        after ^= 1 << origin
    horizontal, vertical = MILLS_OF[destination]
    closes = after & horizontal == horizontal or after & vertical == vertical
    takeable = theirs & ~in_mills(theirs) or theirs
    options = " ".join(sorted(POINTS[p] for p in bits(takeable)))
    played = POINTS[destination] if origin == NONE else f"{POINTS[origin]}-{POINTS[destination]}"
    if closes and taken == NONE:
        raise IllegalMoveError(
            f"{played} closes a mill: add the {other} man to take, like "
            f"'{played}x{POINTS[bits(takeable)[0]]}' (takeable: {options})"
        )
    if not closes and taken != NONE:
        raise IllegalMoveError(f"{played} closes no mill, so it takes no man")
    if taken != NONE and not theirs >> taken & 1:
        raise IllegalMoveError(f"{POINTS[taken]} holds no {other} man to take")
    if taken != NONE and not takeable >> taken & 1:
        raise IllegalMoveError(
            f"the {other} man on {POINTS[taken]} stands in a mill and {other} has men "
            f"outside mills: take one of {options}"
        )
