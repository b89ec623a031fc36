"""The page's view of Nine Men's Morris: the points, men, mills, and a move entered by clicks."""

from __future__ import annotations

import functools
from typing import cast

from plyground.core.game import Game, Move, State
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Click,
    Mark,
    grid_labels,
)

__all__ = ["MorrisView"]


@functools.cache
def _morris_slots() -> tuple[str | None, ...]:
    """The 7x7 slots of the Morris drawing, row 7 first: a point's name, or None."""
    from plyground.games.morris import POINTS

    points = set(POINTS)
    return tuple(
        f"{letter}{row}" if f"{letter}{row}" in points else None
        for row in range(7, 0, -1)
        for letter in "abcdefg"
    )


class MorrisView(BoardView):
    """Nine Men's Morris: 24 points on three squares joined by lines; white and black men.

    A move is entered by clicks: a point to place on, or a man then its
    destination; when that closes a mill, one more click on the man to take.
    """

    HINT = "ask the morris bot for the best move of this position"

    def layout(self, game: Game) -> BoardLayout:
        from plyground.games.morris import POINTS
        from plyground.games.morris.board import NEIGHBOUR_POINTS

        columns, rows = grid_labels(7, 7)
        names = _morris_slots()
        lines = tuple(
            (POINTS[p], POINTS[q]) for p in range(24) for q in NEIGHBOUR_POINTS[p] if p < q
        )
        return BoardLayout(
            rows=7,
            columns=7,
            names=names,
            column_labels=columns,
            row_labels=rows,
            tokens={"W": 0, "B": 1},
            style="points",
            pieces="stone",
            lines=lines,
            score_label="men left",
        )

    def tokens(self, state: State) -> list[str]:
        from plyground.games.morris import MorrisState

        board = cast(MorrisState, state)
        return [(board.point(name) or "") if name is not None else "" for name in _morris_slots()]

    def scores(self, state: State) -> list[float]:
        from plyground.games.morris import MorrisState

        board = cast(MorrisState, state)
        return [float(board.men(0)), float(board.men(1))]

    def status(self, state: State) -> list[tuple[str, str]]:
        from plyground.games.morris import MAX_TURNS, MorrisState

        board = cast(MorrisState, state)
        phases = (board.phase(0), board.phase(1))
        if board.is_terminal():
            phase = "game over"
        elif phases[0] == phases[1]:
            phase = phases[0]
        else:
            phase = f"White {phases[0]}, Black {phases[1]}"
        facts = [
            ("Phase", phase),
            ("In hand", f"W {board.white_hand} · B {board.black_hand}"),
            ("On board", f"W {board.white.bit_count()} · B {board.black.bit_count()}"),
            ("Turn", f"{board.turns} of {MAX_TURNS}"),
        ]
        from plyground.games.morris.endgames import verdict_text

        verdict = verdict_text(board)
        if verdict is not None:
            facts.append(("Endgame table", verdict))
        return facts

    def clicks(self, state: State, move: Move) -> list[Click]:
        from plyground.games.morris import NONE, POINTS, decode

        origin, destination, taken = decode(cast(int, move))
        if origin == NONE:
            path = [Click(POINTS[destination], "place")]
        else:
            path = [Click(POINTS[origin], "from"), Click(POINTS[destination], "to")]
        if taken != NONE:
            path.append(Click(POINTS[taken], "take"))
        return path

    def marks(self, state: State) -> dict[str, Mark]:
        from plyground.games.morris import POINTS, MorrisState
        from plyground.games.morris.board import bits, in_mills

        board = cast(MorrisState, state)
        milled = in_mills(board.white) | in_mills(board.black)
        return {POINTS[p]: Mark("mill", "in a mill") for p in bits(milled)}

    def headline(self, state: State) -> str | None:
        from plyground.games.morris import MAX_TURNS, MorrisState

        board = cast(MorrisState, state)
        if not board.is_terminal():
            return None
        winner = board.winner()
        if winner is None and board.ending() == "repetition":
            return "Draw: the same position a third time"
        if winner is None:
            return f"Draw: {MAX_TURNS} turns played, the cap on a game's length"
        loser = ("White", "Black")[1 - winner]
        if board.men(1 - winner) <= 2:
            return f"{loser} has only two men left"
        return f"{loser} cannot move"
