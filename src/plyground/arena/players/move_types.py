"""What a bot's move must be, said in the student's terms when it is something else.

A bot returns ``Decision(move)`` with ``move`` one of the values of
``state.legal_moves()``; a common first mistake is to return the move's
text (``state.move_text(best)``) or a list where an int is due. The
referee (:class:`~plyground.arena.players.bot_player.BotPlayer`) and the web
app's workers both ask :func:`wrong_move_type`, so the message is the same
in the command line and the page.
"""

from __future__ import annotations

import numbers

from plyground.core.game import Move, State

__all__ = ["wrong_move_type"]


def wrong_move_type(state: State, move: Move) -> str:
    """Why ``move`` cannot be a move of ``state`` by its type alone, or '' when its type fits.

    ``moves are the values of state.legal_moves(), here ints; you returned
    the text 'g6'``. A move of the right type that is not legal is left to
    the referee's legality check.
    """
    legal = list(state.legal_moves())
    if not legal:
        return ""
    kinds = {type(value) for value in legal}
    if type(move) in kinds or any(isinstance(move, kind) for kind in kinds):
        return ""
    if isinstance(move, numbers.Integral) and all(issubclass(kind, int) for kind in kinds):
        return ""  # a numpy integer stands for an int
    names = " or ".join(sorted(_plural(kind) for kind in kinds))
    return (
        f"moves are the values of state.legal_moves(), here {names}; "
        f"you returned {_described(move)}"
    )


def _plural(kind: type) -> str:
    return {"int": "ints", "str": "texts", "tuple": "tuples"}.get(kind.__name__, kind.__name__)


def _described(move: object) -> str:
    if isinstance(move, str):
        return f"the text {move!r}"
    shown = repr(move)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"{shown} (a {type(move).__name__})"
