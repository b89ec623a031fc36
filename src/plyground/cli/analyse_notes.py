"""Under ``plyground analyse``'s move table: why each losing move loses, and where the values
turn from the engine's estimate to exact.

Both are read off the game's analysis (no search of their own):

* **why a move loses**: the marks it gave away against the best move there,
  and the line that follows it with best play as far as the analysis shows
  it: the opponent's best reply in the next position (valued there), then
  each move of the game while the game went on with a best move;
* **where the values switch**: a move valued by the engine's estimate
  followed by one valued exactly (a solve or the book) may jump (-0.75,
  then -4) with no move to charge: the jump is the estimate's error, and
  the note says so rather than leave it unexplained.
"""

from __future__ import annotations

import itertools

from plyground.arena.adjacency_analysis.analyser import margin_text
from plyground.arena.adjacency_analysis.annotation import GameAnalysis, MoveAnalysis

__all__ = ["line_after", "switch_notes", "why_notes"]


def _marks(value: float) -> str:
    marks = f"{value:g}" if value == int(value) else f"{value:.2f}"
    return f"{marks} mark{'' if value == 1 else 's'}"


def line_after(analysis: GameAnalysis, ply: int) -> list[str]:
    """The line that follows move ``ply`` with best play, as far as the analysis shows it:
    the best reply in the next position, then the game's moves while each was a best
    move there (at most six moves)."""
    moves = analysis.moves
    if ply + 1 >= len(moves):
        return []
    reply = moves[ply + 1]
    if not reply.best:
        return []
    line = [reply.move if reply.move in reply.best else reply.best[0]]
    if reply.move not in reply.best:
        return line  # the game left the best line here
    for later in moves[ply + 2 : ply + 7]:
        if later.move not in later.best:
            break
        line.append(later.move)
    return line


def why_notes(analysis: GameAnalysis) -> list[str]:
    """``move 5, O e2: gives away 2 marks (best d1, -2); then f1 c3 leads to -4 (exact)``:
    one line per move of a player's own that lost marks, in the game's order."""
    notes = []
    for move in analysis.moves:
        if move.loss <= 0 or move.rule_break is not None:
            continue
        name = _name(analysis, move)
        best = ", ".join(move.best[:3])
        head = (
            f"move {move.ply + 1}, {name} {move.move}: gives away {_marks(move.loss)} "
            f"(best {best}, {margin_text(move.best_value)})"
        )
        line = line_after(analysis, move.ply)
        if line:
            how = "exact" if move.exact else f"the engine's estimate at depth {move.depth}"
            head += f"; then {' '.join(line)} leads to {margin_text(move.value)} ({how})"
        notes.append(head)
    return notes


def switch_notes(analysis: GameAnalysis) -> list[str]:
    """A line where the values turn from the engine's estimate to exact and jump."""
    notes = []
    moves = analysis.moves
    for before, after in itertools.pairwise(moves):
        if before.exact or not after.exact:
            continue
        jump = after.best_value - before.value
        if abs(jump) < 1e-9:
            continue
        notes.append(
            f"from move {after.ply + 1} the values are exact: the engine's estimate after move "
            f"{before.ply + 1} ({margin_text(before.value)}, depth {before.depth}) was off by "
            f"{_marks(abs(jump))}, which no move is charged with "
            f"(the exact value there is {margin_text(after.best_value)})"
        )
    return notes


def _name(analysis: GameAnalysis, move: MoveAnalysis) -> str:
    return analysis.players[move.player] if move.player < len(analysis.players) else "?"
