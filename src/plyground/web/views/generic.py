"""The page's view of a game whose profile names no view (an installed package's game).

It draws what every game's position text shows. Where the text's first field
is a board written in rows (as in chess FEN, :mod:`plyground.core.gridtext`:
top row first, rows separated by ``/``, a letter a piece, a digit a run of
empty cells) the page draws that grid, its cells named as on a chessboard
(``a1`` bottom left), and a move whose text names a cell is a click on it.
Every other move is a button: one for each such move of the start position
(a move that is legal only later has no button; such a game needs a view of
its own, docs/plugins.md). The position text is always a status line; a
position whose board is not the start's size shows no pieces.
"""

from __future__ import annotations

from plyground.core.game import Game, Move, State
from plyground.web.views.board import (
    BoardLayout,
    BoardView,
    Click,
    MoveButton,
    grid_labels,
)

__all__ = ["GenericView", "grid_rows"]

MAX_SIDE = 26
"""Most rows and columns of a grid drawn from a position text (one letter a column)."""


def grid_rows(text: str) -> list[list[str]] | None:
    """The board in the first field of a position text, top row first, each cell its
    letter or ``""``; None when that field is not a board of rows of one width.

    >>> grid_rows("X2/1O1 X 5")
    [['X', '', ''], ['', 'O', '']]
    >>> grid_rows("10 0") is None
    True
    """
    field = text.split(" ", 1)[0]
    rows: list[list[str]] = []
    for row_text in field.split("/"):
        row: list[str] = []
        for char in row_text:
            if char.isascii() and char.isalpha():
                row.append(char)
            elif char.isascii() and char.isdigit() and char != "0":
                row.extend([""] * int(char))
            else:
                return None
        rows.append(row)
    width = len(rows[0])
    if not 0 < width <= MAX_SIDE or len(rows) > MAX_SIDE:
        return None
    if any(len(row) != width for row in rows):
        return None
    if len(rows) == 1 and not any(row[0] for row in rows) and "/" not in field:
        return None  # one row, all empty: a number, not a board
    return rows


class GenericView(BoardView):
    """A view made from the position text alone (see the module docstring)."""

    def layout(self, game: Game) -> BoardLayout:
        start = game.initial_state()
        rows = grid_rows(start.text())
        height, width = (len(rows), len(rows[0])) if rows else (0, 0)
        columns, row_labels = grid_labels(width, height)
        names = tuple(f"{columns[col]}{row_labels[row]}" for row in range(height)
                      for col in range(width))  # fmt: skip
        players = {name: player for player, name in enumerate(game.PLAYER_NAMES) if len(name) == 1}
        moves = [] if start.is_chance() or start.is_terminal() else start.legal_moves()
        buttons = tuple(
            MoveButton(text, text)
            for text in (start.move_text(move) for move in moves)
            if text not in names
        )
        return BoardLayout(
            rows=height,
            columns=width,
            names=names,
            column_labels=columns,
            row_labels=row_labels,
            tokens=players,
            buttons=buttons,
        )

    def tokens(self, state: State) -> list[str]:
        rows = grid_rows(state.text())
        start = grid_rows(state.game.initial_state().text())
        size = len(start) * len(start[0]) if start else 0
        tokens = [cell for row in rows for cell in row] if rows else []
        return tokens if len(tokens) == size else [""] * size

    def status(self, state: State) -> list[tuple[str, str]]:
        return [("Position", state.text())]

    def clicks(self, state: State, move: Move) -> list[Click]:
        text = state.move_text(move)
        rows = grid_rows(state.text())
        if rows is None:
            return []  # a button
        columns, row_labels = grid_labels(len(rows[0]), len(rows))
        cells = {f"{column}{row}" for column in columns for row in row_labels}
        return [Click(text)] if text in cells else []
