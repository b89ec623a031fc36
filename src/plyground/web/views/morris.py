"""The page's view of Nine Men's Morris: the points, men, mills, and a move entered by clicks."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from plyground.core.errors import IllegalMoveError, PlygroundError
from plyground.core.game import Game, Move, State
from plyground.core.limits import Limit
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Click,
    Mark,
    Tool,
    ToolResult,
    check_hint,
    grid_labels,
)
from plyground.web.views.hint_bots import hint_bot

if TYPE_CHECKING:
    from plyground.games.morris import MorrisState

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


def _endgame_verdict(board: MorrisState) -> str | None:
    """What the solved endgames (if ``plyground endgames`` built them) say of ``board``."""
    from plyground.games.morris.endgames import shared_tables

    try:
        tables = shared_tables()
    except PlygroundError:
        return "unreadable: build it again with 'plyground endgames'"
    verdict = None if tables is None else tables.verdict(board)
    if verdict is None:
        return None
    turns = f"{verdict.turns} turn{'s' * (verdict.turns != 1)}"
    if verdict.capped:
        return f"draw: the turn cap comes before a win in {turns}"
    if verdict.winner is None:
        return "draw with best play"
    return f"{('White', 'Black')[verdict.winner]} wins in {turns}"


class MorrisView(BoardView):
    """Nine Men's Morris: 24 points on three squares joined by lines; white and black men.

    A move is entered by clicks: a point to place on, or a man then its
    destination; when that closes a mill, one more click on the man to take.
    """

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
        verdict = _endgame_verdict(board)
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

    def tools(self, game: Game) -> list[Tool]:
        return [Tool("hint", "Hint", "ask the morris bot for the best move of this position")]

    def prepare_tool(self, name: str, game: Game, seconds: float) -> None:
        if name == "hint":
            hint_bot(HINT_BOT, game)

    def run_tool(
        self, name: str, start: State, state: State, options: Mapping[str, Any], seconds: float
    ) -> ToolResult:
        check_hint("Nine Men's Morris", name, options)
        return _hint(state, min(seconds, HINT_SECONDS))


HINT_SECONDS = 1.0
"""Time the ``morris`` bot thinks for a hint (less when the server allows tools less)."""
HINT_BOT = "morris:table=262144"
"""The hint's bot: the ``morris`` bot with a quarter of its table (4 MB), plenty for a
second of search and quick to set up in a busy worker."""


def _hint(state: State, seconds: float) -> ToolResult:
    """The move the ``morris`` bot would play in ``state``, its search, and what the solved
    endgames say of the position."""
    from plyground.games.morris.evaluation import WIN, MorrisWeights

    if state.is_terminal():
        raise IllegalMoveError("no move to hint: the game is over")
    board = cast("MorrisState", state)
    decision = hint_bot(HINT_BOT, state.game).choose(state, Limit(time=seconds))
    info, mover = decision.info, state.to_move()
    move = state.move_text(decision.move)
    score = info.score or 0.0
    side = ("White", "Black")
    if abs(score) > WIN - 1000:  # a win or loss the search sees to its end
        winner = mover if score > 0 else 1 - mover
        outcome = f"{side[winner]} wins within {round(WIN - abs(score))} moves"
    else:  # the hint bot's default weights: a man is worth the same in every phase
        men = score / MorrisWeights().placing.men
        outcome = f"{men:+.1f} men for {side[mover]} (the bot's estimate)"
    facts = [("Best move", move), ("Outlook", outcome), ("Depth", str(info.depth)),
             ("Time", f"{info.elapsed:.2f} s")]  # fmt: skip
    verdict = _endgame_verdict(board)
    if verdict is not None:
        facts.insert(2, ("Endgame table", verdict))
    return ToolResult("hint", f"Hint: {move}", tuple(facts))
