"""Tic-tac-toe (docs/rules.md section 2): rules and evaluation."""

from plyground.games.tictactoe.rules import (
    LINES,
    O,
    TicTacToeGame,
    TicTacToeState,
    X,
)

__all__ = ["LINES", "O", "TicTacToeGame", "TicTacToeState", "X"]
