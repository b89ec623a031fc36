#!/usr/bin/env python3
"""A bot for the Adjacency Strategy Game, as an engine for plyground's referee.

Copy this file and fill in ``choose_move``: the rest (the engine protocol,
the board, the flip rule) is done. Standard library only. Play it with

    plyground match "engine:python3 mybot.py" greedy --games 10
    plyground match "engine:python3 mybot.py" random --engine-log

The protocol is docs/protocol.md, the rules and the position text
docs/rules.md. Anything you want to see while it plays goes to standard
error (``log``); standard output carries the protocol only.
"""

from __future__ import annotations

import sys
import time

NAME = "mybot"
SAFETY = 0.05
"""Seconds kept back from each move's time for answering (the referee also grants a grace)."""


class Board:
    """A position: ``grid[row][col]`` is ``"X"``, ``"O"`` or ``""``.

    Row 0 is the top row (row 8 on 8x8), column 0 is column ``a``, as in the
    course's ``buttons[i][j]``. ``to_move`` is ``"X"`` or ``"O"``;
    ``plies_left`` counts the moves left in the game (both players').
    """

    def __init__(self, grid: list[list[str]], to_move: str, plies_left: int) -> None:
        self.grid = grid
        self.size = len(grid)
        self.to_move = to_move
        self.plies_left = plies_left

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read ``<rows> <to-move> <plies-left>``, e.g. ``6OO/6OO/8/8/8/8/XX6/XX6 X 16``."""
        fields = text.split()
        if len(fields) != 3:
            raise ValueError(f"expected <rows> <to-move> <plies-left>, got {text!r}")
        rows = fields[0].split("/")
        if not 4 <= len(rows) <= 8:
            raise ValueError(f"a board has 4 to 8 rows, got {len(rows)} in {text!r}")
        grid = []
        for row_text in rows:
            row: list[str] = []
            for char in row_text:
                if char in "XO":
                    row.append(char)
                elif char in "12345678":
                    row.extend([""] * int(char))
                else:
                    raise ValueError(f"unknown character {char!r} in {text!r}")
            if len(row) != len(rows):
                raise ValueError(f"row {row_text!r} has {len(row)} cells, not {len(rows)}")
            grid.append(row)
        if fields[1] not in ("X", "O") or not fields[2].isdigit():
            raise ValueError(f"bad side to move or plies left in {text!r}")
        return cls(grid, fields[1], int(fields[2]))

    def opponent(self) -> str:
        return "O" if self.to_move == "X" else "X"

    def cell_name(self, row: int, col: int) -> str:
        """``(7, 2)`` is ``c1`` on 8x8: columns a.., rows numbered from the bottom."""
        return "abcdefgh"[col] + str(self.size - row)

    def empty_cells(self) -> list[tuple[int, int]]:
        """Every empty cell: the legal moves (none once the game is over)."""
        if self.is_over():
            return []
        return [
            (row, col)
            for row in range(self.size)
            for col in range(self.size)
            if not self.grid[row][col]
        ]

    def neighbours(self, row: int, col: int) -> list[tuple[int, int]]:
        """The cells up, down, left and right of a cell (never diagonal)."""
        near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        return [(r, c) for r, c in near if 0 <= r < self.size and 0 <= c < self.size]

    def flips(self, row: int, col: int) -> int:
        """How many of the opponent's marks the side to move would flip by playing here."""
        theirs = self.opponent()
        return sum(1 for r, c in self.neighbours(row, col) if self.grid[r][c] == theirs)

    def play(self, row: int, col: int) -> Board:
        """The board after the side to move plays an empty cell (this board is unchanged)."""
        grid = [line[:] for line in self.grid]
        grid[row][col] = self.to_move
        for r, c in self.neighbours(row, col):
            if grid[r][c] == self.opponent():
                grid[r][c] = self.to_move
        return Board(grid, self.opponent(), self.plies_left - 1)

    def count(self, mark: str) -> int:
        """How many marks ``"X"`` or ``"O"`` has."""
        return sum(line.count(mark) for line in self.grid)

    def is_over(self) -> bool:
        """No plies left, or no empty cell."""
        return self.plies_left == 0 or all(cell for line in self.grid for cell in line)


def log(message: str) -> None:
    """Write to standard error: shown by ``plyground match ... --engine-log``."""
    print(f"{NAME}: {message}", file=sys.stderr, flush=True)


# --- your strategy: begin ---
def choose_move(board: Board, deadline: float) -> tuple[int, int]:
    """The move for ``board.to_move``: ``(row, col)`` of an empty cell.

    Answer before ``time.monotonic()`` reaches ``deadline``. This one is
    greedy: the cell that flips the most marks (the first such on ties).
    """
    best, most = board.empty_cells()[0], -1
    for row, col in board.empty_cells():
        flipped = board.flips(row, col)
        if flipped > most:
            best, most = (row, col), flipped
    return best


# --- your strategy: end ---


def main() -> None:
    """Answer the referee's commands until ``quit`` or the end of input."""
    board: Board | None = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, rest = words[0], words[1:]
        if command == "hello":
            print(f"hello 1 name={NAME}", flush=True)
        elif command == "newgame":
            board = None
            if not rest or not rest[0].startswith("adjacency"):
                log(f"this bot plays the adjacency game, not {' '.join(rest)!r}")
        elif command == "position":
            try:
                board = Board.parse(" ".join(rest))
            except ValueError as error:
                board = None
                log(f"bad position: {error}")
        elif command == "go":
            begin = time.monotonic()
            millis = int(rest[0]) if rest and rest[0].isdigit() else 5000
            seconds = millis / 1000
            deadline = begin + seconds - min(SAFETY, seconds / 10)
            if board is None or board.is_over():
                log("no position to move in")
                print("bestmove none", flush=True)
                continue
            row, col = choose_move(board, deadline)
            print(f"bestmove {board.cell_name(row, col)}", flush=True)
        elif command == "quit":
            return
        # any other command is ignored, as the protocol asks


if __name__ == "__main__":
    main()
